import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { CRATE_SWEEP, importSourceOf } from '@tt/rules';
import type { Db } from '../../../platform/db/index';
import { AppError } from '../../../platform/errors';
import type { Platform } from '../../../platform/service';
import type { CatalogueService } from '../catalogue/catalogue.service';
import { CrateRepository } from './repository';
import { crates, crateSongs, type CrateRow, type CrateSongRow } from './schema';
import { catalogueSnapshot } from './snapshots';

/** What one run of the sweep did (CRATE-IMPORT-3). */
export interface SweepResult {
  /** Songs now complete: imported to the catalogue, their entries filled. */
  filled: number;
  /** Songs removed: never importable, or still failing past the age limit. */
  removed: number;
  /** Songs left waiting for the next run (the provider or the catalogue was unavailable). */
  waiting: number;
}

type Outcome = { kind: 'filled' } | { kind: 'remove' } | { kind: 'wait' };

/** Failures that may pass (a provider down or not configured yet, the catalogue not running). */
const TRANSIENT = new Set(['MUSIC_PROVIDER_NOT_CONFIGURED', 'CATALOGUE_UNAVAILABLE']);

function transient(err: unknown): boolean {
  if (!(err instanceof AppError)) return true;
  return err.status >= 500 || TRANSIENT.has(err.code);
}

/**
 * CRATE-IMPORT-3: crate songs left waiting for their data (status PENDING_REQUEST, no catalogue
 * song: added raw by older apps, or while a provider was down) are imported again. An imported
 * song fills its entry (status SUCCESS); one that can never be imported (no supported provider,
 * or the provider does not have it) is removed at once, one still failing after
 * CRATE_SWEEP.maxAgeMs is removed too. The owner of a crate that lost songs is told so, in the
 * same transaction (a `notify.requested` work event).
 */
export class CrateSweep {
  constructor(
    private readonly platform: Platform,
    private readonly catalogue: CatalogueService,
  ) {}

  private get db(): Db {
    return this.platform.db as unknown as Db;
  }

  /** One run over at most CRATE_SWEEP.batch waiting songs, oldest first. */
  async run(now: Date = new Date()): Promise<SweepResult> {
    const result: SweepResult = { filled: 0, removed: 0, waiting: 0 };
    if (!this.platform.ports.songs) return result; // no catalogue: nothing can be imported
    const rows = await this.db
      .select()
      .from(crateSongs)
      .where(and(eq(crateSongs.status, 'PENDING_REQUEST'), isNull(crateSongs.songId)))
      .orderBy(asc(crateSongs.id))
      .limit(CRATE_SWEEP.batch);
    const removals = new Map<number, CrateSongRow[]>();
    for (const row of rows) {
      const outcome = await this.retry(row, now);
      if (outcome.kind === 'filled') result.filled++;
      else if (outcome.kind === 'wait') result.waiting++;
      else removals.set(row.crateId, [...(removals.get(row.crateId) ?? []), row]);
    }
    for (const [crateId, songs] of removals) result.removed += await this.remove(crateId, songs);
    if (removals.size > 0) this.platform.outbox.kick();
    return result;
  }

  /** Imports one waiting song again; fills its entry when that works. */
  private async retry(row: CrateSongRow, now: Date): Promise<Outcome> {
    const source = importSourceOf(row);
    if (!source) return { kind: 'remove' };
    try {
      const { song } = await this.catalogue.trackImport(source);
      const { songId, songShortId, ...data } = catalogueSnapshot(song);
      await this.db
        .update(crateSongs)
        .set({ songId, songShortId, ...data })
        .where(and(eq(crateSongs.id, row.id), isNull(crateSongs.songId)));
      return { kind: 'filled' };
    } catch (err) {
      const old = now.getTime() - row.createdAt.getTime() >= CRATE_SWEEP.maxAgeMs;
      if (transient(err) && !old) {
        this.platform.log.info({ err, crateSongId: row.id }, 'crate sweep: import failed, kept');
        return { kind: 'wait' };
      }
      this.platform.log.info({ err, crateSongId: row.id }, 'crate sweep: not importable');
      return { kind: 'remove' };
    }
  }

  /** Removes songs of one crate under its lock and tells its owner; answers how many went. */
  private async remove(crateId: number, songs: CrateSongRow[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const [crate] = await db.select().from(crates).where(eq(crates.id, crateId)).for('update');
      if (!crate) return 0;
      const gone = await db
        .delete(crateSongs)
        .where(
          and(
            eq(crateSongs.crateId, crateId),
            isNull(crateSongs.songId),
            inArray(
              crateSongs.id,
              songs.map((s) => s.id),
            ),
          ),
        )
        .returning({ id: crateSongs.id });
      if (gone.length === 0) return 0;
      const songsCount = Math.max(0, crate.songsCount - gone.length);
      await new CrateRepository(db).update(crate.id, {
        songsCount,
        currentPosition: Math.min(crate.currentPosition, songsCount),
      });
      const names = songs
        .filter((s) => gone.some((g) => g.id === s.id))
        .map((s) => `${s.trackName} – ${s.artistName}`);
      await this.platform.outbox.add(db, 'notify.requested', notice(crate, names));
      return gone.length;
    });
  }
}

/** The owner's notice of songs removed from a crate (English; the apps show title and body). */
function notice(crate: CrateRow, names: string[]) {
  const where =
    crate.special === 'queue'
      ? 'your queue'
      : crate.special === 'likes'
        ? 'your stars'
        : crate.name;
  const count = names.length === 1 ? 'A song' : `${names.length} songs`;
  const listed = names.slice(0, 5).join(', ') + (names.length > 5 ? ', …' : '');
  return {
    kind: 'custom' as const,
    recipients: [crate.userUuid],
    actorUuid: null,
    title: `${count} removed from ${where}`,
    body: `Sorry, these could not be imported to our catalog: ${listed}`,
    link: `/crates/${crate.special ?? crate.uuid}`,
    params: { crateName: crate.name, count: String(names.length) },
    data: {},
    silent: false,
  };
}
