import type { NapsterTrack } from '../../src/platform/providers/napster';
import { matchesSearch, startFakeServer, type FakeServer } from './http';

/**
 * A local Napster API v2.2 keyed by `apikey`: `GET /v2.2/tracks/{id}`,
 * `GET /v2.2/tracks/isrc/{isrc}` (both `{ tracks: [...] }`, empty when unknown) and
 * `GET /v2.2/search?query&type=track&per_type_limit&offset`
 * (`{ search: { data: { tracks } }, meta: { totalCount, returnedCount } }`). A wrong key is 401.
 */
export interface FakeNapster extends FakeServer {
  apiKey: string;
  tracks: Map<string, NapsterTrack>;
  failing: boolean;
}

export function napsterTrack(id: number, overrides: Partial<NapsterTrack> = {}): NapsterTrack {
  return {
    type: 'track',
    id: `tra.${id}`,
    name: `Napster ${id}`,
    isrc: `USNP1${String(id).padStart(7, '0')}`,
    playbackSeconds: 230,
    isExplicit: false,
    artistName: 'The Napsters',
    albumName: 'Rhapsody',
    albumId: 'alb.5156509',
    previewURL: `https://listen.hs.llnwd.net/g3/prvw/4/${id}.mp3`,
    shortcut: `the-napsters/rhapsody/napster-${id}`,
    ...overrides,
  };
}

export async function startFakeNapster(apiKey = 'napster-key'): Promise<FakeNapster> {
  const state = { apiKey, tracks: new Map<string, NapsterTrack>(), failing: false };
  const server = await startFakeServer((req) => {
    if (state.failing) return { status: 500, body: { code: 'InternalError' } };
    if (req.query.get('apikey') !== state.apiKey) {
      return { status: 401, body: { code: 'UnauthorizedError', message: 'Invalid API key' } };
    }
    const isrc = /^\/v2\.2\/tracks\/isrc\/([A-Za-z0-9]+)$/.exec(req.path)?.[1];
    if (isrc) {
      const t = [...state.tracks.values()].filter((x) => x.isrc === isrc.toUpperCase());
      return { status: 200, body: { tracks: t, meta: { returnedCount: t.length } } };
    }
    const id = /^\/v2\.2\/tracks\/([^/]+)$/.exec(req.path)?.[1];
    if (id) {
      const t = state.tracks.get(id.toLowerCase());
      return { status: 200, body: { tracks: t ? [t] : [], meta: { returnedCount: t ? 1 : 0 } } };
    }
    if (req.path === '/v2.2/search') {
      const q = req.query.get('query') ?? '';
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('per_type_limit') ?? 20);
      const all = [...state.tracks.values()].filter((t) =>
        matchesSearch(q, [t.name, t.artistName]),
      );
      const tracks = all.slice(offset, offset + limit);
      return {
        status: 200,
        body: {
          search: { query: q, data: { tracks }, order: tracks.map((t) => t.id) },
          meta: { totalCount: all.length, returnedCount: tracks.length },
        },
      };
    }
    return { status: 404, body: { code: 'NotFound' } };
  });
  return Object.assign(state, server);
}
