import {
  ProviderHttpError,
  buildUrl,
  getJson,
  type ProviderSearchPage,
  type ProviderSong,
} from './http';

/** Napster API v2.2 track (the fields we read). `playbackSeconds` is the length in seconds. */
export interface NapsterTrack {
  type?: 'track';
  /** `tra.123456` (Napster spells ids in lower case; `Tra.` is accepted too). */
  id: string;
  name: string;
  isrc?: string;
  playbackSeconds: number;
  isExplicit?: boolean;
  artistName: string;
  albumName?: string;
  albumId?: string;
  /** A 30-second MP3 clip. */
  previewURL?: string;
  shortcut?: string;
}

interface NapsterTracks {
  tracks?: NapsterTrack[];
}
interface NapsterSearch {
  search?: { data?: { tracks?: NapsterTrack[] } };
  meta?: { totalCount?: number; returnedCount?: number };
}

export interface NapsterOptions {
  apiUrl: string;
  /** Sent as `apikey` (Napster's developer key). */
  apiKey: string;
  timeoutMs?: number;
}

/** A Napster track id as the API spells it (`tra.` and digits). */
export const normalizeNapsterId = (id: string) => id.replace(/^tra\./i, 'tra.');

export function mapNapsterTrack(t: NapsterTrack, apiUrl: string): ProviderSong {
  const id = normalizeNapsterId(t.id);
  const art = t.albumId
    ? buildUrl(apiUrl, `/imageserver/v2/albums/${encodeURIComponent(t.albumId)}/images/300x300.jpg`)
    : null;
  return {
    trackName: t.name,
    artistName: t.artistName,
    genre: null,
    duration: Math.round(t.playbackSeconds ?? 0),
    isrc: t.isrc || null,
    explicit: Boolean(t.isExplicit),
    musicProviders: { napster: id },
    thumbnails: art ? { napster: art } : {},
    links: { napster: `https://web.napster.com/track/${id}` },
    // MUSIC-PROVIDERS-2: Napster's clip is the song's preview.
    previews: t.previewURL ? [t.previewURL] : [],
    streamUrls: {},
    albumName: t.albumName ?? null,
    releaseYear: null,
  };
}

/**
 * Napster API v2.2 with a developer key (`apikey`): GET /v2.2/tracks/{id},
 * GET /v2.2/tracks/isrc/{isrc} and GET /v2.2/search?type=track. An id Napster does not know
 * answers an empty `tracks` list, which is "not found" here.
 */
export class NapsterClient {
  constructor(private readonly opts: NapsterOptions) {}

  private url(path: string, query: Record<string, string | number | undefined> = {}): string {
    return buildUrl(this.opts.apiUrl, path, { ...query, apikey: this.opts.apiKey });
  }

  private map = (t: NapsterTrack) => mapNapsterTrack(t, this.opts.apiUrl);

  private async first(path: string): Promise<ProviderSong | null> {
    const url = this.url(path);
    const r = await getJson<NapsterTracks>(url, {}, this.opts.timeoutMs);
    const t = r?.tracks?.[0];
    if (!t) return null;
    if (typeof t.id !== 'string' || typeof t.name !== 'string') {
      throw new ProviderHttpError(url, 502, 'Not a Napster track', r);
    }
    return this.map(t);
  }

  /** GET /v2.2/tracks/{id}. */
  async getTrack(id: string): Promise<ProviderSong> {
    const path = `/v2.2/tracks/${encodeURIComponent(normalizeNapsterId(id))}`;
    const song = await this.first(path);
    if (!song) throw new ProviderHttpError(this.url(path), 404, 'Track not found', null);
    return song;
  }

  /** GET /v2.2/tracks/isrc/{isrc}: the first track with this ISRC, or null. */
  getTrackByIsrc(isrc: string): Promise<ProviderSong | null> {
    return this.first(`/v2.2/tracks/isrc/${encodeURIComponent(isrc.toUpperCase())}`);
  }

  /** GET /v2.2/search?query&type=track&per_type_limit&offset. */
  async search(query: string, offset = 0, limit = 20): Promise<ProviderSearchPage> {
    const r = await getJson<NapsterSearch>(
      this.url('/v2.2/search', { query, type: 'track', per_type_limit: limit, offset }),
      {},
      this.opts.timeoutMs,
    );
    const tracks = r?.search?.data?.tracks ?? [];
    const total = r?.meta?.totalCount ?? 0;
    const end = offset + tracks.length;
    return { songs: tracks.map(this.map), next: tracks.length > 0 && end < total ? end : null };
  }
}
