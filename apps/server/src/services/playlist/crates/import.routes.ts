import type { FastifyInstance } from 'fastify';
import { crateExportEndpoints, crateImportEndpoints } from '@tt/protocol';
import { CRATE_SWEEP } from '@tt/rules';
import { route } from '../../../platform/route';
import type { Platform } from '../../../platform/service';
import { CatalogueService } from '../catalogue/catalogue.service';
import { ProviderGateway } from '../providers';
import { CrateExportService } from './export.service';
import { CrateImportService } from './import.service';
import type { CrateService } from './service';
import type { CrateSongsService } from './songs.service';
import { CrateSweep } from './sweep.service';

export const CRATE_SWEEP_JOB = 'crate.sweep';

declare module '../../../platform/jobs' {
  interface JobTypes {
    /** CRATE-IMPORT-3: one run of the sweep of crate songs left waiting for their data. */
    'crate.sweep': { slot: number };
  }
}

/**
 * CRATE-IMPORT-3: the sweep runs as a job, queued by every process every CRATE_SWEEP.everyMs
 * under one job id per period, so that with BullMQ one process of the deployment runs it.
 */
function scheduleCrateSweep(app: FastifyInstance, platform: Platform): void {
  const sweep = new CrateSweep(
    platform,
    new CatalogueService(platform, new ProviderGateway(platform.providers, platform.log)),
  );
  platform.jobs.define(CRATE_SWEEP_JOB, async () => {
    const res = await sweep.run();
    if (res.filled + res.removed > 0) platform.log.info(res, 'crate sweep');
  });
  const queue = () => {
    const slot = Math.floor(Date.now() / CRATE_SWEEP.everyMs);
    platform.jobs
      .enqueue(CRATE_SWEEP_JOB, { slot }, { jobId: `crate-sweep-${slot}` })
      .catch((err: unknown) => platform.log.warn({ err }, 'queueing the crate sweep failed'));
  };
  const timer = setInterval(queue, CRATE_SWEEP.everyMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

/**
 * POST /crate/import (CRATE-IMPORT-1): a provider playlist link becomes a crate filled by a job;
 * and POST /exports/spotify and /exports/apple: a crate becomes a playlist in the user's library.
 * Also schedules the sweep of crate songs left waiting for their data (CRATE-IMPORT-3).
 */
export function registerCrateImportRoutes(
  app: FastifyInstance,
  platform: Platform,
  crates: CrateService,
  songs: CrateSongsService,
): void {
  const imports = new CrateImportService(platform, crates, songs);
  scheduleCrateSweep(app, platform);
  route(app, crateImportEndpoints.importPlaylist, ({ auth, body }) => imports.start(auth!, body));
  const exports = new CrateExportService(platform, crates);
  route(app, crateExportEndpoints.spotify, ({ auth, body }) =>
    exports.toSpotify(auth!, body.crateUuid),
  );
  route(app, crateExportEndpoints.apple, ({ auth, body }) =>
    exports.toApple(auth!, body.crateUuid),
  );
}
