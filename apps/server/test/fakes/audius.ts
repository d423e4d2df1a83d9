import type { AudiusTrack } from '../../src/platform/providers/audius';
import { matchesSearch, startFakeServer, type FakeServer } from './http';

/**
 * A local Audius API: `GET /v1/tracks/{id}`, `GET /v1/tracks/{id}/stream` (302 to the audio),
 * `GET /v1/tracks/search?query`, answering `{ data }` as Audius documents it, and
 * `GET /v1/resolve?url=` answering 302 to the track API URL of an audius.co permalink (or to
 * `GET /v1/playlists/{id}`, `{ data: [playlist] }`, of a playlist permalink), and
 * `GET /v1/playlists/{id}/tracks` answering `{ data: [track] }`.
 */
export interface FakeAudius extends FakeServer {
  tracks: Map<string, AudiusTrack>;
  /** Playlists by id: their permalink (/handle/playlist/name) and track ids in order. */
  playlists: Map<string, { permalink: string; trackIds: string[] }>;
}

export function audiusTrack(id: string, overrides: Partial<AudiusTrack> = {}): AudiusTrack {
  return {
    id,
    title: `Audius ${id}`,
    duration: 201,
    genre: 'Electronic',
    mood: 'Energizing',
    permalink: `/dj-wave/audius-${id}`,
    release_date: '2023-02-01T00:00:00Z',
    is_streamable: true,
    artwork: {
      '150x150': `https://creatornode.example/${id}/150x150.jpg`,
      '480x480': `https://creatornode.example/${id}/480x480.jpg`,
      '1000x1000': `https://creatornode.example/${id}/1000x1000.jpg`,
    },
    user: { id: 'u1', name: 'DJ Wave', handle: 'dj-wave' },
    ...overrides,
  };
}

export async function startFakeAudius(): Promise<FakeAudius> {
  const state = {
    tracks: new Map<string, AudiusTrack>(),
    playlists: new Map<string, { permalink: string; trackIds: string[] }>(),
  };
  const server = await startFakeServer((req) => {
    if (req.method !== 'GET') return { status: 405, body: { error: 'method' } };
    if (req.path === '/v1/tracks/search') {
      const q = (req.query.get('query') ?? '').toLowerCase();
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 10);
      const all = [...state.tracks.values()].filter((t) =>
        matchesSearch(q, [t.title, t.user.name]),
      );
      return { status: 200, body: { data: all.slice(offset, offset + limit) } };
    }
    if (req.path === '/v1/resolve') {
      const url = (req.query.get('url') ?? '').replace(/\/+$/, '');
      const pl = [...state.playlists].find(([, p]) => `https://audius.co${p.permalink}` === url);
      if (pl) {
        const location = `${server.url}/v1/playlists/${pl[0]}?app_name=${req.query.get('app_name') ?? ''}`;
        return { status: 302, headers: { location }, body: { location } };
      }
      const t = [...state.tracks.values()].find((x) => `https://audius.co${x.permalink}` === url);
      if (!t) return { status: 404, body: { error: 'Not found' } };
      const location = `${server.url}/v1/tracks/${t.id}?app_name=${req.query.get('app_name') ?? ''}`;
      return { status: 302, headers: { location }, body: { location } };
    }
    const pm = /^\/v1\/playlists\/([^/]+)(\/tracks)?$/.exec(req.path);
    if (pm) {
      const id = decodeURIComponent(pm[1]!);
      const p = state.playlists.get(id);
      if (!p) return { status: 404, body: { error: 'Not found' } };
      const tracks = p.trackIds
        .map((t) => state.tracks.get(t))
        .filter((t): t is AudiusTrack => t !== undefined);
      if (pm[2]) return { status: 200, body: { data: tracks } };
      return {
        status: 200,
        body: {
          data: [
            {
              id,
              playlist_name: `Playlist ${id}`,
              permalink: p.permalink,
              is_album: false,
              track_count: tracks.length,
              user: { id: 'u1', name: 'DJ Wave', handle: 'dj-wave' },
            },
          ],
        },
      };
    }
    const m = /^\/v1\/tracks\/([^/]+)(\/stream)?$/.exec(req.path);
    const t = m && state.tracks.get(decodeURIComponent(m[1]));
    if (!t) return { status: 404, body: { error: 'Not found' } };
    if (m[2]) return { status: 302, body: { location: `https://creatornode.example/${t.id}.mp3` } };
    return { status: 200, body: { data: t } };
  });
  return Object.assign(state, server);
}
