import type { YoutubeVideo } from '../../src/platform/providers/youtube';
import { startFakeServer, type FakeServer } from './http';

/**
 * A local YouTube Data API v3: `GET /youtube/v3/videos?part=…&id=a,b&key=`, answering
 * `{ kind, items: [video] }` with only the requested parts; a wrong key answers 400 keyInvalid.
 */
export interface FakeYoutube extends FakeServer {
  apiKey: string;
  videos: Map<string, YoutubeVideo>;
}

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
  const state = { apiKey, videos: new Map<string, YoutubeVideo>() };
  const server = await startFakeServer((req) => {
    if (req.method !== 'GET' || req.path !== '/youtube/v3/videos') {
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
  return Object.assign(state, server);
}
