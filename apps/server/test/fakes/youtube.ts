import type { YoutubeVideo } from '../../src/platform/providers/youtube';
import { startFakeServer, type FakeServer } from './http';

/**
 * A local YouTube Data API v3: `GET /youtube/v3/videos?part=…&id=a,b&key=`, answering
 * `{ kind, items: [video] }` with only the requested parts; a wrong key answers 400 keyInvalid.
 * `GET /youtube/v3/search?part=snippet&type=video&q&maxResults&pageToken` answers
 * `youtube#searchListResponse` pages (every word of q in the title or channel), with
 * `nextPageToken`; `searchOnly` ids are found by search but unknown to videos.list (deleted).
 * `failing` answers 503 backendError. `GET /youtube/v3/playlistItems?part=contentDetails&playlistId
 * &maxResults&pageToken` answers `youtube#playlistItemListResponse` pages of `playlists`
 * (unknown: 404 playlistNotFound).
 */
export interface FakeYoutube extends FakeServer {
  apiKey: string;
  videos: Map<string, YoutubeVideo>;
  searchOnly: string[];
  failing: boolean;
  /** Playlists by id: their video ids in order. */
  playlists: Map<string, string[]>;
}

const words = (q: string) => q.toLowerCase().split(/\s+/).filter(Boolean);

export function youtubeVideo(
  id: string,
  duration: string,
  snippet: Partial<YoutubeVideo['snippet']> = {},
): YoutubeVideo {
  return {
    id,
    contentDetails: { duration },
    snippet: {
      title: `Video ${id}`,
      channelTitle: 'Some Band - Topic',
      publishedAt: '2015-10-22T16:00:01Z',
      thumbnails: {
        default: { url: `https://i.ytimg.com/vi/${id}/default.jpg`, width: 120, height: 90 },
        medium: { url: `https://i.ytimg.com/vi/${id}/mqdefault.jpg`, width: 320, height: 180 },
        high: { url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 },
      },
      ...snippet,
    },
  };
}

export async function startFakeYoutube(apiKey = 'yt-key'): Promise<FakeYoutube> {
  const state = {
    apiKey,
    videos: new Map<string, YoutubeVideo>(),
    searchOnly: [] as string[],
    failing: false,
    playlists: new Map<string, string[]>(),
  };
  const server = await startFakeServer((req) => {
    const known = ['/youtube/v3/videos', '/youtube/v3/search', '/youtube/v3/playlistItems'];
    if (req.method !== 'GET' || !known.includes(req.path)) {
      return { status: 404, body: { error: { code: 404, message: 'Not Found' } } };
    }
    if (req.query.get('key') !== state.apiKey) {
      return {
        status: 400,
        body: {
          error: { code: 400, message: 'API key not valid.', errors: [{ reason: 'keyInvalid' }] },
        },
      };
    }
    if (state.failing) {
      return {
        status: 503,
        body: {
          error: { code: 503, message: 'Backend Error', errors: [{ reason: 'backendError' }] },
        },
      };
    }
    if (req.path === '/youtube/v3/search') return search(req.query);
    if (req.path === '/youtube/v3/playlistItems') return playlistItems(req.query);
    const parts = (req.query.get('part') ?? '').split(',');
    const ids = (req.query.get('id') ?? '').split(',').filter(Boolean);
    const items = ids
      .map((id) => state.videos.get(id))
      .filter((v): v is YoutubeVideo => v !== undefined)
      .map((v) => ({
        kind: 'youtube#video',
        id: v.id,
        ...(parts.includes('snippet') ? { snippet: v.snippet } : {}),
        ...(parts.includes('contentDetails') ? { contentDetails: v.contentDetails } : {}),
      }));
    return {
      status: 200,
      body: { kind: 'youtube#videoListResponse', items, pageInfo: { totalResults: items.length } },
    };
  });
  function playlistItems(query: URLSearchParams) {
    const ids = state.playlists.get(query.get('playlistId') ?? '');
    if (!ids) {
      return {
        status: 404,
        body: {
          error: {
            code: 404,
            message:
              "The playlist identified with the request's playlistId parameter cannot be found.",
            errors: [{ reason: 'playlistNotFound' }],
          },
        },
      };
    }
    const max = Math.min(Number(query.get('maxResults') ?? 5), 50);
    const from = Number(query.get('pageToken')?.replace('page', '') || 0);
    const slice = ids.slice(from, from + max);
    return {
      status: 200,
      body: {
        kind: 'youtube#playlistItemListResponse',
        ...(from + max < ids.length ? { nextPageToken: `page${from + max}` } : {}),
        pageInfo: { totalResults: ids.length, resultsPerPage: max },
        items: slice.map((videoId, i) => ({
          kind: 'youtube#playlistItem',
          id: `item${from + i}`,
          contentDetails: { videoId },
        })),
      },
    };
  }
  function search(query: URLSearchParams) {
    const maxResults = Number(query.get('maxResults') ?? 5);
    if (query.get('part') !== 'snippet' || !(maxResults >= 0 && maxResults <= 50)) {
      return {
        status: 400,
        body: { error: { code: 400, message: 'Invalid value', errors: [{ reason: 'invalid' }] } },
      };
    }
    const q = words(query.get('q') ?? '');
    const found = [
      ...[...state.videos.values()].filter((v) => {
        const text = `${v.snippet.title} ${v.snippet.channelTitle}`.toLowerCase();
        return q.every((w) => text.includes(w));
      }),
      ...state.searchOnly.map((id) => youtubeVideo(id, 'PT1M')),
    ];
    const token = query.get('pageToken');
    const start = token ? Number(/^page-(\d+)$/.exec(token)?.[1] ?? NaN) : 0;
    if (!Number.isInteger(start)) {
      return {
        status: 400,
        body: {
          error: {
            code: 400,
            message: 'Invalid page token',
            errors: [{ reason: 'invalidPageToken' }],
          },
        },
      };
    }
    const slice = found.slice(start, start + maxResults);
    return {
      status: 200,
      body: {
        kind: 'youtube#searchListResponse',
        ...(start + maxResults < found.length
          ? { nextPageToken: `page-${start + maxResults}` }
          : {}),
        pageInfo: { totalResults: found.length, resultsPerPage: maxResults },
        items: slice.map((v) => ({
          kind: 'youtube#searchResult',
          id: { kind: 'youtube#video', videoId: v.id },
          snippet: v.snippet,
        })),
      },
    };
  }

  return Object.assign(state, server);
}
