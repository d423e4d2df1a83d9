import type { SevenDigitalTrack } from '../../src/platform/providers/seven-digital';
import { matchesSearch, startFakeServer, type FakeServer } from './http';

/**
 * A local 7digital API 1.2: `GET /track/details?trackid` and `GET /track/search?q&page&pageSize`
 * with `oauth_consumer_key` and `country`, answering the JSON envelope
 * `{ status: 'ok', track }` / `{ status: 'ok', searchResults }` or `{ status: 'error', error }`.
 */
export interface FakeSevenDigital extends FakeServer {
  consumerKey: string;
  tracks: Map<string, SevenDigitalTrack>;
}

export function sevenDigitalTrack(
  id: number,
  overrides: Partial<SevenDigitalTrack> = {},
): SevenDigitalTrack {
  return {
    id,
    title: `Digital ${id}`,
    version: '',
    duration: 199,
    explicitContent: false,
    isrc: `GBUM7${String(id).padStart(7, '0')}`,
    url: `https://us.7digital.com/artist/band/release/album?partner=1`,
    artist: { id: 55, name: 'The Band', appearsAs: 'The Band' },
    release: {
      id: 900,
      title: 'Digital Album',
      version: '',
      image: `https://artwork-cdn.7static.com/static/img/sleeveart/00/000/900/0000000900_50.jpg`,
      releaseDate: '2018-11-30T00:00:00Z',
    },
    download: { releaseDate: '2018-11-30T00:00:00Z' },
    ...overrides,
  };
}

export async function startFakeSevenDigital(consumerKey = '7d-key'): Promise<FakeSevenDigital> {
  const state = { consumerKey, tracks: new Map<string, SevenDigitalTrack>() };
  const error = (status: number, code: number, errorMessage: string) => ({
    status,
    body: { status: 'error', version: '1.2', error: { code, errorMessage } },
  });
  const server = await startFakeServer((req) => {
    if (req.query.get('oauth_consumer_key') !== state.consumerKey) {
      return error(401, 2002, 'Invalid or missing oauth_consumer_key');
    }
    if (!req.query.get('country')) return error(400, 1001, 'Missing parameter country');
    if (req.method === 'GET' && req.path === '/track/details') {
      const t = state.tracks.get(req.query.get('trackid') ?? '');
      return t
        ? { status: 200, body: { status: 'ok', version: '1.2', track: t } }
        : error(404, 2001, 'Track not found');
    }
    if (req.method === 'GET' && req.path === '/track/search') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const page = Number(req.query.get('page') ?? 1);
      const pageSize = Number(req.query.get('pageSize') ?? 10);
      const all = [...state.tracks.values()].filter((t) =>
        matchesSearch(q, [t.title, t.artist.appearsAs ?? t.artist.name]),
      );
      const slice = all.slice((page - 1) * pageSize, page * pageSize);
      return {
        status: 200,
        body: {
          status: 'ok',
          version: '1.2',
          searchResults: {
            page,
            pageSize,
            totalItems: all.length,
            searchResult: slice.map((track) => ({ type: 'track', score: 1, track })),
          },
        },
      };
    }
    return error(404, 1002, 'Resource not found');
  });
  return Object.assign(state, server);
}
