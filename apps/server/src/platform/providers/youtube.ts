import { buildUrl, getJson, yearOf, type ProviderSong } from './http';

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

/** YouTube Data API v3 video lookup with an API key. */
export class YoutubeClient {
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

  /** One video, or null if YouTube does not know it. */
  async getVideo(id: string): Promise<ProviderSong | null> {
    return (await this.getVideos([id]))[0] ?? null;
  }
}
