import type { AppleSong } from '../../src/platform/providers/apple';
import { matchesSearch, startFakeServer, type FakeServer } from './http';

/**
 * A local Apple Music API: `GET /v1/catalog/{storefront}/songs/{id}`,
 * `GET /v1/catalog/{storefront}/songs?filter[isrc]=`, `GET /v1/catalog/{storefront}/search`,
 * answering Apple's `{ data: [song resource] }` and `{ results: { songs: { data, next } } }`.
 * Requires `Authorization: Bearer <developerToken>`; `failing` answers 500.
 */
export interface FakeApple extends FakeServer {
  developerToken: string;
  songs: Map<string, AppleSong>;
  failing: boolean;
}

export function appleSong(id: string, overrides: Partial<AppleSong['attributes']> = {}): AppleSong {
  return {
    id,
    type: 'songs',
    attributes: {
      name: `Song ${id}`,
      artistName: 'Apple Artist',
      albumName: 'Apple Album',
      durationInMillis: 184_600,
      isrc: `GBAYE${id.padStart(7, '0').slice(-7)}`,
      artwork: {
        url: `https://is1-ssl.mzstatic.com/image/${id}/{w}x{h}bb.jpg`,
        width: 3000,
        height: 3000,
      },
      genreNames: ['Pop', 'Music'],
      releaseDate: '2012-03-09',
      contentRating: 'explicit',
      url: `https://music.apple.com/us/album/x/1?i=${id}`,
      previews: [{ url: `https://audio-ssl.itunes.apple.com/${id}.m4a` }],
      ...overrides,
    },
  };
}

export async function startFakeApple(developerToken = 'apple-dev-token'): Promise<FakeApple> {
  const state = { developerToken, songs: new Map<string, AppleSong>(), failing: false };
  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${state.developerToken}`) {
      return { status: 401, body: { errors: [{ status: '401', title: 'Unauthorized' }] } };
    }
    if (state.failing) {
      return { status: 500, body: { errors: [{ status: '500', title: 'Internal Server Error' }] } };
    }
    const m = /^\/v1\/catalog\/([a-z]{2})\/(songs|search)(?:\/([^/]+))?$/.exec(req.path);
    if (req.method !== 'GET' || !m) return { status: 404, body: { errors: [{ status: '404' }] } };
    const [, , kind, id] = m;
    if (kind === 'songs' && id) {
      const s = state.songs.get(decodeURIComponent(id));
      return s
        ? { status: 200, body: { data: [s] } }
        : { status: 404, body: { errors: [{ status: '404', title: 'Resource Not Found' }] } };
    }
    if (kind === 'songs') {
      const isrc = req.query.get('filter[isrc]');
      if (!isrc) return { status: 400, body: { errors: [{ status: '400' }] } };
      return {
        status: 200,
        body: { data: [...state.songs.values()].filter((s) => s.attributes.isrc === isrc) },
      };
    }
    const term = (req.query.get('term') ?? '').toLowerCase();
    const limit = Number(req.query.get('limit') ?? 5);
    const offset = Number(req.query.get('offset') ?? 0);
    if (limit > 25 || req.query.get('types') !== 'songs') {
      return {
        status: 400,
        body: { errors: [{ status: '400', title: 'Invalid Parameter Value' }] },
      };
    }
    const all = [...state.songs.values()].filter((s) =>
      matchesSearch(term, [s.attributes.name, s.attributes.artistName]),
    );
    const data = all.slice(offset, offset + limit);
    const next =
      offset + limit < all.length
        ? `/v1/catalog/${m[1]}/search?offset=${offset + limit}&term=${encodeURIComponent(term)}&types=songs`
        : undefined;
    return {
      status: 200,
      body: { results: data.length ? { songs: { href: '', data, next } } : {} },
    };
  });
  return Object.assign(state, server);
}
