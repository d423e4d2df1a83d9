import type {
  PlaylistSearchQuery,
  PlaylistSearchRes,
  SearchSource,
  SearchSourcesRes,
  SongDataDto,
} from '@tt/protocol';
import { interleaveResults } from '@tt/rules';
import { fail } from '../../../platform/errors';
import type { Platform } from '../../../platform/service';
import { annotateCatalogue, foldSameSongs, PROVIDER_NAMES } from '../music';
import type { ProviderGateway } from '../providers';
import { asHttpError } from '../song-data/song-data.service';
import { SearchSources, sourceProvider, type SourceResult } from './sources';

/** A promise that rejects after `ms` (the search does not wait longer for one source). */
function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Round-robin over several lists: a1 b1 c1 a2 b2 c2 … */
function roundRobin<T>(lists: T[][]): T[] {
  const out: T[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const l of lists) if (i < l.length) out.push(l[i] as T);
  return out;
}

/**
 * GET /search and /search/v2. One source (a tab) or every source this platform has: our catalogue
 * and each configured provider, asked for the same page (`offset`, `limit`) in parallel. A source
 * that fails or is slower than SEARCH_PROVIDER_TIMEOUT is logged and contributes nothing; the
 * search itself never fails because of a provider. Merged results follow SEARCH-MERGE-1: the first
 * 5 sevenDigital results, then alternately one of the other sources (catalogue, Spotify, Apple,
 * SoundCloud, Audius, YouTube taken in turns) and one more sevenDigital. `next` is `offset + limit`
 * while any source has more.
 *
 * v2 differs in three ways: the catalogue is ranked by relevance with every word of q required; the
 * same song found at several sources (SAME-SONG-1) is answered once, carrying every provider,
 * thumbnail, link and preview found; and that holds across the interleaving.
 */
export class PlaylistSearchService {
  readonly sources: SearchSources;

  constructor(
    private readonly platform: Platform,
    private readonly gateway: ProviderGateway,
  ) {
    this.sources = new SearchSources(platform, gateway);
  }

  describe(): SearchSourcesRes {
    return { sources: this.sources.available(), searchV2: this.platform.config.SEARCH_V2 };
  }

  async search(q: PlaylistSearchQuery, v2: boolean): Promise<PlaylistSearchRes> {
    if (v2 && !this.platform.config.SEARCH_V2) throw fail('SEARCH_V2_DISABLED');
    const available = this.sources.available();
    if (q.source && !available.includes(q.source)) {
      const name =
        q.source === 'uploadService'
          ? 'The song catalogue'
          : PROVIDER_NAMES[sourceProvider(q.source)];
      throw fail('MUSIC_PROVIDER_NOT_CONFIGURED', `${name} is not available on this server.`);
    }
    const linked = await this.linkedSong(q);
    if (linked) return { songs: linked, next: null };
    const selected = q.source ? [q.source] : available;
    const results = await Promise.all(selected.map((s) => this.runSource(s, q, v2)));

    const sevenDigital = results.find((r) => r.source === 'sevenDigital')?.songs ?? [];
    const others = roundRobin(
      results.filter((r) => r.source !== 'sevenDigital').map((r) => r.songs),
    );
    let songs = interleaveResults(sevenDigital, others);
    if (q.explicit === false) songs = songs.filter((s) => !s.explicit);
    if (v2) songs = foldSameSongs(songs);
    const port = this.platform.ports.songs;
    if (port) songs = await this.annotate(songs);
    return {
      songs,
      next: results.some((r) => r.more) ? q.offset + q.limit : null,
    };
  }

  private async runSource(
    source: SearchSource,
    q: PlaylistSearchQuery,
    v2: boolean,
  ): Promise<SourceResult> {
    const ms = this.platform.config.SEARCH_PROVIDER_TIMEOUT * 1000;
    try {
      return await deadline(this.sources.run(source, q, v2), ms, `search at ${source}`);
    } catch (err) {
      this.platform.log.warn({ err, source, q: q.q }, 'Search source failed; left out');
      return { source, songs: [], more: false };
    }
  }

  /** SEARCH-LINK-1: the song a pasted link names (with its catalogue ids), or undefined. */
  private async linkedSong(q: PlaylistSearchQuery): Promise<SongDataDto[] | undefined> {
    let songs: SongDataDto[] | undefined;
    try {
      songs = await this.sources.link(q);
    } catch (err) {
      throw asHttpError(err);
    }
    if (!songs || songs.length === 0 || !this.platform.ports.songs) return songs;
    return this.annotate(songs);
  }

  /** Catalogue ids for provider results already imported (a failure only loses the ids). */
  private async annotate(songs: SongDataDto[]): Promise<SongDataDto[]> {
    const port = this.platform.ports.songs!;
    try {
      return await annotateCatalogue(songs, (p, ids) => port.findByProviderIds(p, ids));
    } catch (err) {
      this.platform.log.warn({ err }, 'Catalogue ids of search results unavailable');
      return songs;
    }
  }
}
