import {
  ProviderHttpError,
  buildUrl,
  fetchWithTimeout,
  jsonOrThrow,
  getJson,
  msToSeconds,
  yearOf,
  type ProviderLogger,
  type ProviderSearchPage,
  type ProviderSong,
} from './http';

/** Apple Music API song resource (the fields we read). */
export interface AppleSong {
  id: string;
  type?: 'songs';
  attributes: {
    name: string;
    artistName: string;
    albumName?: string;
    durationInMillis?: number;
    isrc?: string;
    artwork?: { url: string; width?: number; height?: number };
    genreNames?: string[];
    releaseDate?: string;
    contentRating?: 'explicit' | 'clean';
    url?: string;
    previews?: { url: string }[];
  };
}

interface AppleSongsResponse {
  data: AppleSong[];
}
/** A catalogue playlist with its tracks relationship (songs and music videos, 100 a page). */
interface ApplePlaylistResponse {
  data: {
    id: string;
    type?: 'playlists';
    relationships?: {
      tracks?: { data: (AppleSong | { id: string; type: string })[]; next?: string };
    };
  }[];
}
interface AppleTracksPage {
  data: (AppleSong | { id: string; type: string })[];
  next?: string;
}
interface AppleSearchResponse {
  results: { songs?: { data: AppleSong[]; next?: string } };
}

export interface AppleOptions {
  apiUrl: string;
  developerToken: string;
  storefront?: string;
  log: ProviderLogger;
  /** Artwork edge in pixels (SONG-ART-1: 128, 256, 500, 1024; default 256). */
  artworkSize?: number;
  timeoutMs?: number;
}

/** Apple's search takes at most 25 per page. */
export const APPLE_SEARCH_LIMIT = 25;

export function mapAppleSong(s: AppleSong, artworkSize = 256): ProviderSong {
  const a = s.attributes;
  const art = a.artwork?.url
    .replace('{w}', String(artworkSize))
    .replace('{h}', String(artworkSize));
  return {
    trackName: a.name,
    artistName: a.artistName,
    // genreNames ends with the catch-all "Music"; take the first specific one.
    genre: a.genreNames?.find((g) => g !== 'Music') ?? a.genreNames?.[0] ?? null,
    duration: msToSeconds(a.durationInMillis),
    isrc: a.isrc ?? null,
    explicit: a.contentRating === 'explicit',
    musicProviders: { apple: s.id },
    thumbnails: art ? { apple: art } : {},
    links: a.url ? { apple: a.url } : {},
    previews: (a.previews ?? []).map((p) => p.url),
    streamUrls: {},
    albumName: a.albumName ?? null,
    releaseYear: yearOf(a.releaseDate),
  };
}

/**
 * Apple Music catalogue with a developer token. Lookups by id and by ISRC log a failure and
 * answer null; search failures are thrown.
 */
export class AppleMusicClient {
  private readonly storefront: string;

  constructor(private readonly opts: AppleOptions) {
    this.storefront = opts.storefront ?? 'us';
  }

  private get<T>(path: string, query?: Record<string, string | number | undefined>): Promise<T> {
    const url = buildUrl(
      this.opts.apiUrl,
      `/v1/catalog/${encodeURIComponent(this.storefront)}${path}`,
      query,
    );
    return getJson<T>(
      url,
      { authorization: `Bearer ${this.opts.developerToken}` },
      this.opts.timeoutMs,
    );
  }

  /** GET /v1/catalog/{storefront}/songs/{id}; null (logged) on any failure or no match. */
  async getSong(id: string): Promise<ProviderSong | null> {
    try {
      const r = await this.get<AppleSongsResponse>(`/songs/${encodeURIComponent(id)}`);
      const song = r.data?.[0];
      return song ? mapAppleSong(song, this.opts.artworkSize) : null;
    } catch (err) {
      this.opts.log.warn({ err, provider: 'apple', id }, 'Apple song lookup by ID failed');
      return null;
    }
  }

  /** GET /v1/catalog/{storefront}/songs?filter[isrc]=…; null (logged) on any failure or no match. */
  async getSongByIsrc(isrc: string): Promise<ProviderSong | null> {
    try {
      const r = await this.get<AppleSongsResponse>('/songs', { 'filter[isrc]': isrc });
      const song = r.data?.[0];
      return song ? mapAppleSong(song, this.opts.artworkSize) : null;
    } catch (err) {
      this.opts.log.warn({ err, provider: 'apple', isrc }, 'Apple song lookup by ISRC failed');
      return null;
    }
  }

  /** GET /v1/catalog/{storefront}/search?term&types=songs&limit=25&offset. */
  async search(term: string, offset = 0): Promise<ProviderSearchPage> {
    const r = await this.get<AppleSearchResponse>('/search', {
      term,
      types: 'songs',
      limit: APPLE_SEARCH_LIMIT,
      offset,
    });
    const page = r.results?.songs;
    const data = page?.data ?? [];
    return {
      songs: data.map((s) => mapAppleSong(s, this.opts.artworkSize)),
      next: page?.next ? offset + data.length : null,
    };
  }

  /**
   * The songs of a catalogue playlist, in order: GET /v1/catalog/{storefront}/playlists/{id}
   * ?include=tracks, then the tracks relationship's `next` pages. Music videos are left out.
   * Failures are thrown (an unknown or private playlist answers 404).
   */
  async playlistSongs(id: string, storefront = this.storefront): Promise<ProviderSong[]> {
    const auth = { authorization: `Bearer ${this.opts.developerToken}` };
    const first = await getJson<ApplePlaylistResponse>(
      buildUrl(
        this.opts.apiUrl,
        `/v1/catalog/${encodeURIComponent(storefront)}/playlists/${encodeURIComponent(id)}`,
        { include: 'tracks' },
      ),
      auth,
      this.opts.timeoutMs,
    );
    let page: AppleTracksPage | undefined = first.data?.[0]?.relationships?.tracks;
    const songs: ProviderSong[] = [];
    for (let pages = 0; page && pages < 200; pages++) {
      for (const t of page.data ?? []) {
        if (t.type === 'songs' && 'attributes' in t) {
          songs.push(mapAppleSong(t, this.opts.artworkSize));
        }
      }
      if (!page.next) break;
      // `next` is a path of the API (/v1/catalog/us/playlists/{id}/tracks?offset=100).
      const next = page.next.startsWith('/')
        ? `${this.opts.apiUrl.replace(/\/+$/, '')}${page.next}`
        : page.next;
      page = await getJson<AppleTracksPage>(next, auth, this.opts.timeoutMs);
    }
    return songs;
  }

  /**
   * Makes a playlist in the user's library with these catalogue songs:
   * POST /v1/me/library/playlists with the developer token and the user's Music-User-Token.
   */
  async createLibraryPlaylist(
    musicUserToken: string,
    name: string,
    description: string,
    songIds: string[],
  ): Promise<{ id: string }> {
    const url = buildUrl(this.opts.apiUrl, '/v1/me/library/playlists');
    const res = await fetchWithTimeout(
      url,
      {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          authorization: `Bearer ${this.opts.developerToken}`,
          'music-user-token': musicUserToken,
        },
        body: JSON.stringify({
          attributes: { name, description },
          relationships: { tracks: { data: songIds.map((id) => ({ id, type: 'songs' })) } },
        }),
      },
      this.opts.timeoutMs,
    );
    const r = await jsonOrThrow<{ data?: { id: string }[] }>(url, res);
    const id = r.data?.[0]?.id;
    if (!id) throw new ProviderHttpError(url, 502, 'No playlist in the answer', r);
    return { id };
  }
}
