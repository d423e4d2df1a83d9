import {
  songProviderKey,
  type MigrateLinksBody,
  type MigrateLinksRes,
  type SongDataDto,
  type SongDto,
  type SongProvider,
} from '@tt/protocol';
import { needsSongDataCompletion } from '@tt/rules';
import { fail } from '../../../platform/errors';
import type { Platform } from '../../../platform/service';
import { fromCatalogue, fromProvider, mergeSongData, toProviderSong } from '../music';
import type { ProviderGateway } from '../providers';
import type { SongMatcher } from './matching';

/** Songs of one batch read from their providers at once. */
const CONCURRENCY = 4;

/** The stored fields a migration may change, to tell whether it did. */
const fingerprint = (s: SongDto) =>
  JSON.stringify([s.musicProviders, s.thumbnails, s.links, s.previews, s.streamUrls, s.isrc]);

/**
 * POST /song-data/migrate-links (admin): re-reads one batch of catalogue songs (those known at a
 * provider, by id after `afterId`) from every configured provider they name, stores the fresh
 * links, thumbnails, previews and stream URLs, and — when the song still needs completion
 * (SONG-DATA-LAZY-1) — the other providers it matches. Batches keep the request short;
 * `nextAfterId` continues.
 */
export class MigrateLinksService {
  constructor(
    private readonly platform: Platform,
    private readonly gateway: ProviderGateway,
    private readonly matcher: SongMatcher,
  ) {}

  async migrate(body: MigrateLinksBody): Promise<MigrateLinksRes> {
    const port = this.platform.ports.songs;
    if (!port) throw fail('CATALOGUE_UNAVAILABLE');
    const provider = body.provider ? songProviderKey(body.provider) : undefined;
    const songs = await port.providerSongsAfter(body.afterId, body.limit, provider);
    const res: MigrateLinksRes = {
      processed: songs.length,
      updated: 0,
      unchanged: 0,
      failed: 0,
      nextAfterId: songs.length === body.limit ? (songs.at(-1)?.id ?? null) : null,
    };
    for (let i = 0; i < songs.length; i += CONCURRENCY) {
      const outcomes = await Promise.all(songs.slice(i, i + CONCURRENCY).map((s) => this.one(s)));
      for (const o of outcomes) res[o]++;
    }
    return res;
  }

  private async one(song: SongDto): Promise<'updated' | 'unchanged' | 'failed'> {
    const port = this.platform.ports.songs!;
    try {
      let fresh: SongDataDto | null = null;
      for (const [p, id] of Object.entries(song.musicProviders) as [SongProvider, string][]) {
        if (!this.gateway.has(p)) continue;
        const found = await this.gateway.getSong(p, id);
        if (found) fresh = fresh ? mergeSongData(fresh, fromProvider(found)) : fromProvider(found);
      }
      // No configured provider knows it (any more): nothing to refresh.
      if (!fresh) return 'unchanged';
      // What the providers say now wins over what was stored (the port merges it in).
      const known = mergeSongData(fresh, fromCatalogue(song));
      const data = needsSongDataCompletion(known)
        ? await this.matcher.complete(known, 'US')
        : fresh;
      const updated = await port.updateProviderData(song.id, toProviderSong(data));
      return updated && fingerprint(updated) !== fingerprint(song) ? 'updated' : 'unchanged';
    } catch (err) {
      this.platform.log.warn({ err, songId: song.id }, 'Link migration of a song failed');
      return 'failed';
    }
  }
}
