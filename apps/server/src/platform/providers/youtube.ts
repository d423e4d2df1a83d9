import { buildUrl, getJson, yearOf, type ProviderSearchPage, type ProviderSong } from './http';

/** YouTube Data API v3 video resource (parts contentDetails and snippet). */
export interface YoutubeVideo {
  id: string;
  contentDetails: { duration: string; contentRating?: { ytRating?: string } };
  snippet: {
    title: string;
    channelTitle: string;
    publishedAt?: string;
    thumbnails?: Partial<
      Record<
        'default' | 'medium' | 'high' | 'standard' | 'maxres',
        { url: string; width?: number; height?: number }
      >
    >;
  };
}

export interface YoutubeOptions {
  apiUrl: string;
  apiKey: string;
  timeoutMs?: number;
}

/** The videos.list endpoint takes at most 50 ids. */
export const YOUTUBE_MAX_IDS = 50;

/** search.list answers at most 50 per page. */
export const YOUTUBE_SEARCH_PAGE = 50;
/** Search paging stops here: every search.list page costs 100 quota units. */
export const YOUTUBE_SEARCH_MAX_RESULTS = 200;
/** The Music video category: searches keep to songs. */
export const YOUTUBE_MUSIC_CATEGORY = '10';

/** YouTube Data API v3 search.list answer (type=video). */
interface YoutubeSearchResponse {
  nextPageToken?: string;
  items?: { id?: { kind?: string; videoId?: string } }[];
}

/**
 * ISO-8601 duration → seconds: `PT1H2M3S` → 3723, `P1DT1S` → 86401, `PT4M13.5S` → 254,
 * `P0D` (a live stream) → 0. Years and months are not used by YouTube and are refused.
 */
export function parseIsoDuration(iso: string): number {
  const m =
    /^P(?:(\d+(?:\.\d+)?)W)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      iso.trim(),
    );
  if (!m || iso.trim() === 'P' || iso.trim().endsWith('T')) {
    throw new Error(`Not an ISO-8601 duration: ${iso}`);
  }
  const [w, d, h, min, s] = m.slice(1).map((v) => (v ? Number(v) : 0));
  return Math.round(w * 604800 + d * 86400 + h * 3600 + min * 60 + s);
}

export function mapYoutubeVideo(v: YoutubeVideo): ProviderSong {
  const t = v.snippet.thumbnails ?? {};
  const thumb = t.high ?? t.medium ?? t.standard ?? t.default ?? t.maxres;
  return {
    trackName: v.snippet.title,
    // Auto-generated music channels are named "<Artist> - Topic".
    artistName: v.snippet.channelTitle.replace(/ - Topic$/, ''),
    genre: null,
    duration: parseIsoDuration(v.contentDetails.duration),
    isrc: null,
    explicit: v.contentDetails.contentRating?.ytRating === 'ytAgeRestricted',
    musicProviders: { youtube: v.id },
    thumbnails: thumb ? { youtube: thumb.url } : {},
    links: { youtube: `https://www.youtube.com/watch?v=${v.id}` },
    previews: [],
    streamUrls: {},
    albumName: null,
    releaseYear: yearOf(v.snippet.publishedAt),
  };
}

/** YouTube Data API v3 video lookup and search with an API key. */
export class YoutubeClient {
  /** Page tokens of recent searches (key: query and region), so later pages need no re-walk. */
  private readonly pageTokens = new Map<string, (string | undefined)[]>();

  constructor(private readonly opts: YoutubeOptions) {}

  /** GET /youtube/v3/videos?part=contentDetails,snippet&id=a,b&key — unknown ids are left out. */
  async getVideos(ids: string[]): Promise<ProviderSong[]> {
    if (ids.length === 0) return [];
    if (ids.length > YOUTUBE_MAX_IDS) {
      throw new Error(`At most ${YOUTUBE_MAX_IDS} video ids per lookup`);
    }
    const url = buildUrl(this.opts.apiUrl, '/youtube/v3/videos', {
      part: 'contentDetails,snippet',
      id: ids.join(','),
      key: this.opts.apiKey,
    });
    const r = await getJson<{ items?: YoutubeVideo[] }>(url, {}, this.opts.timeoutMs);
    return (r.items ?? []).map(mapYoutubeVideo);
  }

  /**
   * Every video of a playlist, in order: GET /youtube/v3/playlistItems?part=contentDetails
   * &playlistId&maxResults=50&pageToken, then videos.list by 50 (deleted or private videos,
   * unknown to videos.list, are left out).
   */
  async playlistVideos(playlistId: string): Promise<ProviderSong[]> {
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const url = buildUrl(this.opts.apiUrl, '/youtube/v3/playlistItems', {
        part: 'contentDetails',
        playlistId,
        maxResults: 50,
        pageToken,
        key: this.opts.apiKey,
      });
      const r = await getJson<{
        items?: { contentDetails?: { videoId?: string } }[];
        nextPageToken?: string;
      }>(url, {}, this.opts.timeoutMs);
      for (const item of r.items ?? []) {
        if (item.contentDetails?.videoId) ids.push(item.contentDetails.videoId);
      }
      pageToken = r.items?.length ? r.nextPageToken : undefined;
    } while (pageToken);
    const byId = new Map<string, ProviderSong>();
    for (let i = 0; i < ids.length; i += YOUTUBE_MAX_IDS) {
      for (const song of await this.getVideos(ids.slice(i, i + YOUTUBE_MAX_IDS))) {
        if (song.musicProviders.youtube) byId.set(song.musicProviders.youtube, song);
      }
    }
    return ids.map((id) => byId.get(id)).filter((x): x is ProviderSong => x !== undefined);
  }

  /** One video, or null if YouTube does not know it. */
  async getVideo(id: string): Promise<ProviderSong | null> {
    return (await this.getVideos([id]))[0] ?? null;
  }

  /** GET /youtube/v3/search?part=snippet&type=video&videoCategoryId=10&q&maxResults&pageToken. */
  private async searchPage(
    q: string,
    pageToken: string | undefined,
    regionCode?: string,
  ): Promise<{ ids: string[]; nextPageToken?: string }> {
    const url = buildUrl(this.opts.apiUrl, '/youtube/v3/search', {
      part: 'snippet',
      type: 'video',
      videoCategoryId: YOUTUBE_MUSIC_CATEGORY,
      q,
      maxResults: YOUTUBE_SEARCH_PAGE,
      pageToken,
      regionCode,
      key: this.opts.apiKey,
    });
    const r = await getJson<YoutubeSearchResponse>(url, {}, this.opts.timeoutMs);
    const ids = (r.items ?? [])
      .map((i) => i.id?.videoId)
      .filter((id): id is string => typeof id === 'string' && id !== '');
    return { ids, nextPageToken: r.nextPageToken || undefined };
  }

  /**
   * Searches music videos: search.list pages (by page token) for the ids, then videos.list for
   * their durations and details. `offset` and `limit` address the results as one list, up to
   * the first 200; videos search.list names but videos.list no longer knows are left out.
   */
  async search(
    q: string,
    offset = 0,
    limit = 20,
    regionCode?: string,
  ): Promise<ProviderSearchPage> {
    const end = Math.min(offset + limit, YOUTUBE_SEARCH_MAX_RESULTS);
    if (offset >= end) return { songs: [], next: null };
    const key = `${regionCode ?? ''}\u0000${q}`;
    const tokens = this.pageTokens.get(key) ?? [undefined];
    const first = Math.floor(offset / YOUTUBE_SEARCH_PAGE);
    const last = Math.floor((end - 1) / YOUTUBE_SEARCH_PAGE);
    // Walk from the nearest page whose token is known.
    let page = Math.min(first, tokens.length - 1);
    const ids: string[] = [];
    let more = false;
    while (page <= last) {
      const r = await this.searchPage(q, tokens[page], regionCode);
      if (r.nextPageToken) tokens[page + 1] = r.nextPageToken;
      const start = page * YOUTUBE_SEARCH_PAGE;
      r.ids.forEach((id, i) => {
        if (start + i >= offset && start + i < end) ids.push(id);
      });
      more = start + r.ids.length > end || Boolean(r.nextPageToken);
      if (!r.nextPageToken) break;
      page++;
    }
    this.rememberTokens(key, tokens);
    const songs: ProviderSong[] = [];
    for (let i = 0; i < ids.length; i += YOUTUBE_MAX_IDS) {
      const found = await this.getVideos(ids.slice(i, i + YOUTUBE_MAX_IDS));
      const byId = new Map(found.map((v) => [v.musicProviders.youtube, v]));
      for (const id of ids.slice(i, i + YOUTUBE_MAX_IDS)) {
        const v = byId.get(id);
        if (v) songs.push(v);
      }
    }
    return {
      songs,
      next: more && end < YOUTUBE_SEARCH_MAX_RESULTS ? offset + ids.length : null,
    };
  }

  private rememberTokens(key: string, tokens: (string | undefined)[]): void {
    this.pageTokens.delete(key);
    this.pageTokens.set(key, tokens);
    if (this.pageTokens.size > 500) {
      this.pageTokens.delete(this.pageTokens.keys().next().value as string);
    }
  }
}
