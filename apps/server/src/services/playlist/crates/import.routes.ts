import type { FastifyInstance } from 'fastify';
import { crateExportEndpoints, crateImportEndpoints } from '@tt/protocol';
import { route } from '../../../platform/route';
import type { Platform } from '../../../platform/service';
import { CrateExportService } from './export.service';
import { CrateImportService } from './import.service';
import type { CrateService } from './service';
import type { CrateSongsService } from './songs.service';

/**
 * POST /crate/import (CRATE-IMPORT-1): a provider playlist link becomes a crate filled by a job;
 * and POST /exports/spotify and /exports/apple: a crate becomes a playlist in the user's library.
 */
export function registerCrateImportRoutes(
  app: FastifyInstance,
  platform: Platform,
  crates: CrateService,
  songs: CrateSongsService,
): void {
  const imports = new CrateImportService(platform, crates, songs);
  route(app, crateImportEndpoints.importPlaylist, ({ auth, body }) => imports.start(auth!, body));
  const exports = new CrateExportService(platform, crates);
  route(app, crateExportEndpoints.spotify, ({ auth, body }) =>
    exports.toSpotify(auth!, body.crateUuid),
  );
  route(app, crateExportEndpoints.apple, ({ auth, body }) =>
    exports.toApple(auth!, body.crateUuid),
  );
}
