import type { DeezerTrack } from '../../src/platform/providers/deezer';
import { matchesSearch, startFakeServer, type FakeServer } from './http';

/**
 * A local Deezer public API (no key): `GET /track/{id}`, `GET /track/isrc:{isrc}` and
 * `GET /search?q&index&limit`, answering Deezer's track object and search page
 * (`{ data, total, next }`). Like Deezer, errors come back as HTTP 200 with
 * `{ error: { type, message, code } }` (800: no data). `failing` answers 503 to everything;
 * `quota` answers Deezer's quota error (code 4).
 */
export interface FakeDeezer extends FakeServer {
  tracks: Map<string, DeezerTrack>;
  failing: boolean;
  quota: boolean;
}

export function deezerTrack(id: number, overrides: Partial<DeezerTrack> = {}): DeezerTrack {
  return {
    id,
    readable: true,
    title: `Deezer ${id}`,
    title_version: '',
    isrc: `FRZ03${String(id).padStart(7, '0')}`,
    link: `https://www.deezer.com/track/${id}`,
    duration: 224,
    release_date: '2001-03-07',
    explicit_lyrics: false,
    preview: `https://cdns-preview-d.dzcdn.net/stream/c-${id}-8.mp3`,
    artist: { id: 27, name: 'Daft Duo' },
    album: {
      id: 302127,
      title: 'Discovery Days',
      cover_medium: `https://e-cdns-images.dzcdn.net/images/cover/${id}/250x250-000000-80-0-0.jpg`,
      cover_big: `https://e-cdns-images.dzcdn.net/images/cover/${id}/500x500-000000-80-0-0.jpg`,
      release_date: '2001-03-07',
    },
    type: 'track',
    ...overrides,
  };
}

const noData = { error: { type: 'DataException', message: 'no data', code: 800 } };

export async function startFakeDeezer(): Promise<FakeDeezer> {
  const state = { tracks: new Map<string, DeezerTrack>(), failing: false, quota: false };
  const server = await startFakeServer((req) => {
    if (state.failing) return { status: 503, body: 'Service Unavailable' };
    if (state.quota) {
      return {
        status: 200,
        body: { error: { type: 'Exception', message: 'Quota limit exceeded', code: 4 } },
      };
    }
    const isrc = /^\/track\/isrc:([A-Za-z0-9]+)$/.exec(req.path)?.[1];
    if (req.method === 'GET' && isrc) {
      const t = [...state.tracks.values()].find((x) => x.isrc === isrc.toUpperCase());
      return { status: 200, body: t ?? noData };
    }
    const id = /^\/track\/([^/]+)$/.exec(req.path)?.[1];
    if (req.method === 'GET' && id) {
      if (!/^\d+$/.test(id)) {
        return {
          status: 200,
          body: { error: { type: 'ParameterException', message: 'Wrong parameter', code: 500 } },
        };
      }
      return { status: 200, body: state.tracks.get(id) ?? noData };
    }
    if (req.method === 'GET' && req.path === '/search') {
      const q = req.query.get('q') ?? '';
      const index = Number(req.query.get('index') ?? 0);
      const limit = Number(req.query.get('limit') ?? 25);
      const all = [...state.tracks.values()].filter((t) =>
        matchesSearch(q, [t.title, t.artist.name]),
      );
      // Search results are the short track object: no ISRC (GET /track/{id} has it).
      const data = all.slice(index, index + limit).map(({ isrc: _isrc, ...t }) => t);
      const next =
        index + limit < all.length
          ? `https://api.deezer.com/search?q=${encodeURIComponent(q)}&index=${index + limit}`
          : undefined;
      return { status: 200, body: { data, total: all.length, ...(next ? { next } : {}) } };
    }
    return {
      status: 200,
      body: { error: { type: 'DataException', message: 'no data', code: 800 } },
    };
  });
  return Object.assign(state, server);
}
