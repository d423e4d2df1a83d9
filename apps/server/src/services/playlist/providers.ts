import type { SongProvider } from '@tt/protocol';
import { fail } from '../../platform/errors';
import {
  ProviderHttpError,
  type ProviderClients,
  type ProviderLogger,
  type ProviderSong,
} from '../../platform/providers/index';
import { PROVIDER_NAMES } from './music';

/** Providers the platform has adapters for, in the order searches and matching visit them. */
export const ADAPTER_PROVIDERS = [
  'sevenDigital',
  'spotify',
  'apple',
  'soundCloudPublic',
  'audius',
  'youtube',
  'deezer',
  'napster',
  'tidal',
] as const satisfies readonly SongProvider[];
export type AdapterProvider = (typeof ADAPTER_PROVIDERS)[number];

export const isAdapterProvider = (p: string): p is AdapterProvider =>
  (ADAPTER_PROVIDERS as readonly string[]).includes(p);

/** What each provider's song ids look like; anything else is refused before a call. */
const ID_PATTERNS: Record<AdapterProvider, [RegExp, string]> = {
  spotify: [/^[A-Za-z0-9]{22}$/, 'a Spotify track id (22 letters and digits)'],
  apple: [/^\d{1,20}$/, 'an Apple Music song id (digits)'],
  soundCloudPublic: [/^\d{1,20}$/, 'a SoundCloud track id (digits)'],
  audius: [/^[A-Za-z0-9]{1,32}$/, 'an Audius track id'],
  youtube: [/^[A-Za-z0-9_-]{11}$/, 'a YouTube video id (11 characters)'],
  sevenDigital: [/^\d{1,20}$/, 'a 7digital track id (digits)'],
  deezer: [/^\d{1,20}$/, 'a Deezer track id (digits)'],
  napster: [/^tra\.\d{1,20}$/i, 'a Napster track id (tra. and digits)'],
  tidal: [/^\d{1,20}$/, 'a TIDAL track id (digits)'],
};

/** Providers the platform matches and imports by ISRC (the same song at another provider). */
export const ISRC_LOOKUP_PROVIDERS = ['apple', 'deezer', 'napster', 'tidal'] as const;

/** A provider answered with an error (other than not-found) or not at all. */
export class ProviderFailure extends Error {
  constructor(
    readonly provider: AdapterProvider,
    override readonly cause: unknown,
  ) {
    super(`${PROVIDER_NAMES[provider]} failed: ${String((cause as Error)?.message ?? cause)}`);
    this.name = 'ProviderFailure';
  }
}

/** Not found (or an id the provider calls invalid): 404 and 400, and 7digital's code 2001. */
function isNotFound(err: unknown): boolean {
  if (!(err instanceof ProviderHttpError)) return false;
  const code = (err.body as { error?: { code?: number } } | null)?.error?.code;
  return err.status === 404 || err.status === 400 || code === 2001;
}

/** A page of one provider's search: songs from `offset` on, and whether more follow. */
export interface SourcePage {
  songs: ProviderSong[];
  more: boolean;
}

/**
 * The playlist service's view of the music-provider adapters: which are configured, song
 * lookups by id (null when the provider does not know the song; ProviderFailure otherwise) and
 * searches that answer exactly `limit` songs from `offset` whatever page size a provider uses.
 */
export class ProviderGateway {
  constructor(
    readonly clients: ProviderClients,
    private readonly log: ProviderLogger,
  ) {}

  has(p: SongProvider): p is AdapterProvider {
    return isAdapterProvider(p) && this.client(p) !== undefined;
  }

  configured(): AdapterProvider[] {
    return ADAPTER_PROVIDERS.filter((p) => this.has(p));
  }

  private client(p: AdapterProvider) {
    return this.clients[p === 'soundCloudPublic' ? 'soundcloud' : p];
  }

  /** 400 unless the provider is configured and the id looks like one of its ids. */
  check(p: SongProvider, id: string): AdapterProvider {
    if (!this.has(p)) {
      throw fail(
        'MUSIC_PROVIDER_NOT_CONFIGURED',
        `${PROVIDER_NAMES[p]} is not available on this server.`,
      );
    }
    const [pattern, what] = ID_PATTERNS[p];
    if (!pattern.test(id)) throw fail('BAD_REQUEST', `providerSongId: must be ${what}`);
    return p;
  }

  /** Runs a provider call: not-found → null, any other failure → ProviderFailure. */
  async call<T>(p: AdapterProvider, fn: () => Promise<T | null>): Promise<T | null> {
    try {
      return await fn();
    } catch (err) {
      if (isNotFound(err)) return null;
      throw new ProviderFailure(p, err);
    }
  }

  /** The song `id` at provider `p` (country: Spotify's market), or null. */
  async getSong(p: AdapterProvider, id: string, country = 'US'): Promise<ProviderSong | null> {
    const c = this.clients;
    return this.call(p, async () => {
      switch (p) {
        case 'spotify':
          return c.spotify!.getTrack(id, country);
        case 'apple':
          return c.apple!.getSong(id);
        case 'soundCloudPublic':
          return c.soundcloud!.getTrack(id);
        case 'audius':
          return c.audius!.getTrack(id);
        case 'youtube':
          return c.youtube!.getVideo(id);
        case 'sevenDigital':
          return c.sevenDigital!.getTrack(id);
        case 'deezer':
          return c.deezer!.getTrack(id);
        case 'napster':
          return c.napster!.getTrack(id);
        case 'tidal':
          return c.tidal!.getTrack(id);
      }
    });
  }

  /** The song with this ISRC at `p` (Apple, Deezer, Napster, TIDAL), or null. */
  async getSongByIsrc(
    p: (typeof ISRC_LOOKUP_PROVIDERS)[number],
    isrc: string,
  ): Promise<ProviderSong | null> {
    const c = this.clients;
    return this.call(p, async () => {
      switch (p) {
        case 'apple':
          return c.apple!.getSongByIsrc(isrc);
        case 'deezer':
          return c.deezer!.getTrackByIsrc(isrc);
        case 'napster':
          return c.napster!.getTrackByIsrc(isrc);
        case 'tidal':
          return c.tidal!.getTrackByIsrc(isrc);
      }
    });
  }

  /** A SoundCloud or Audius permalink resolved to its track, or null. */
  async resolvePermalink(
    p: 'soundCloudPublic' | 'audius',
    url: string,
  ): Promise<ProviderSong | null> {
    return this.call(p, () =>
      p === 'audius'
        ? this.clients.audius!.resolveTrack(url)
        : this.clients.soundcloud!.resolveTrack(url),
    );
  }

  /** Songs `offset`…`offset+limit-1` of a provider search; throws ProviderFailure. */
  async search(
    p: AdapterProvider,
    q: string,
    offset: number,
    limit: number,
    country = 'US',
  ): Promise<SourcePage> {
    const c = this.clients;
    const page = await this.call(p, async (): Promise<SourcePage> => {
      switch (p) {
        case 'spotify':
          return exact(await c.spotify!.search(q, offset, limit, country), limit);
        case 'audius':
          return exact(await c.audius!.search(q, offset, limit), limit);
        case 'youtube':
          return exact(await c.youtube!.search(q, offset, limit, country), limit);
        case 'apple':
          return collect((o) => c.apple!.search(q, o), offset, limit);
        case 'soundCloudPublic':
          return collect((o) => c.soundcloud!.search(q, o), offset, limit);
        case 'sevenDigital':
          return sevenDigitalPage(c, q, offset, limit);
        case 'deezer':
          return exact(await c.deezer!.search(q, offset, limit), limit);
        case 'napster':
          return exact(await c.napster!.search(q, offset, limit), limit);
        case 'tidal':
          // MUSIC-PROVIDERS-1: TIDAL is looked up by id and ISRC only, never searched.
          return { songs: [], more: false };
      }
    });
    return page ?? { songs: [], more: false };
  }

  warn(obj: object, msg: string): void {
    this.log.warn(obj, msg);
  }
}

type Page = { songs: ProviderSong[]; next: number | null };

function exact(page: Page, limit: number): SourcePage {
  return {
    songs: page.songs.slice(0, limit),
    more: page.next !== null || page.songs.length > limit,
  };
}

/** Walks a provider's fixed-size pages from `offset` until `limit` songs (at most 4 calls). */
async function collect(
  fetchPage: (offset: number) => Promise<Page>,
  offset: number,
  limit: number,
): Promise<SourcePage> {
  const songs: ProviderSong[] = [];
  let at = offset;
  for (let call = 0; call < 4; call++) {
    const page = await fetchPage(at);
    songs.push(...page.songs);
    if (page.next === null || page.songs.length === 0) {
      return { songs: songs.slice(0, limit), more: songs.length > limit };
    }
    at = offset + songs.length;
    if (songs.length >= limit) break;
  }
  return { songs: songs.slice(0, limit), more: true };
}

/** 7digital pages by number: the pages of `limit` songs covering offset…offset+limit-1. */
async function sevenDigitalPage(
  c: ProviderClients,
  q: string,
  offset: number,
  limit: number,
): Promise<SourcePage> {
  const start = Math.floor(offset / limit) * limit;
  const first = await c.sevenDigital!.search(q, start, limit);
  let songs = first.songs;
  let next = first.next;
  if (offset > start && next !== null) {
    const second = await c.sevenDigital!.search(q, start + limit, limit);
    songs = [...songs, ...second.songs];
    next = second.next;
  }
  const skip = offset - start;
  return {
    songs: songs.slice(skip, skip + limit),
    more: songs.length > skip + limit || next !== null,
  };
}
