import type { SpotifyTrack } from '../../src/platform/providers/spotify';
import { FakeTokenIssuer, matchesSearch, startFakeServer, type FakeServer } from './http';
import { FakeOAuthGrants } from './oauth';

/**
 * A local Spotify: `POST /api/token` (client credentials; and, in `users`, the
 * authorization-code and refresh-token grants of a person's login, with HTTP Basic client
 * authentication) and the Web API's `GET /v1/tracks/{id}` and
 * `GET /v1/search?q&type=track&offset&limit`, answering Spotify's
 * documented track object. `refuseNext` answers that many API calls 401 whatever the token.
 */
export interface FakeSpotify extends FakeServer {
  issuer: FakeTokenIssuer;
  /** People's logins: authorization codes, refresh tokens, their access tokens. */
  users: FakeOAuthGrants;
  tracks: Map<string, SpotifyTrack>;
  /** Playlists by id: their items' track ids (an unknown id is a removed track: `track: null`). */
  playlists: Map<string, string[]>;
  /**
   * Playlists people made with their own token (`GET /v1/me` answers `fake-spotify-user`;
   * `POST /v1/users/{id}/playlists`, `POST /v1/playlists/{id}/tracks` with `uris`, ≤ 100).
   */
  userPlaylists: Map<string, { owner: string; name: string; public: boolean; uris: string[] }>;
  refuseNext: number;
  /** Options for SpotifyClient. */
  options: {
    apiUrl: string;
    tokenUrl: string;
    authorizeUrl: string;
    clientId: string;
    clientSecret: string;
  };
}

export function spotifyTrack(id: string, overrides: Partial<SpotifyTrack> = {}): SpotifyTrack {
  return {
    id,
    name: `Track ${id}`,
    duration_ms: 215_400,
    explicit: false,
    preview_url: `https://p.scdn.co/mp3-preview/${id}`,
    external_ids: { isrc: `USRC1${id.padStart(7, '0').slice(-7)}` },
    external_urls: { spotify: `https://open.spotify.com/track/${id}` },
    artists: [
      { id: 'a1', name: 'First Artist' },
      { id: 'a2', name: 'Second Artist' },
    ],
    album: {
      name: 'An Album',
      release_date: '2019-06-14',
      images: [
        { url: `https://i.scdn.co/image/${id}-640`, width: 640, height: 640 },
        { url: `https://i.scdn.co/image/${id}-300`, width: 300, height: 300 },
        { url: `https://i.scdn.co/image/${id}-64`, width: 64, height: 64 },
      ],
    },
    ...overrides,
  };
}

export async function startFakeSpotify(): Promise<FakeSpotify> {
  const issuer = new FakeTokenIssuer('spotify-client', 'spotify-secret');
  const users = new FakeOAuthGrants({
    clientId: issuer.clientId,
    clientSecret: issuer.clientSecret,
    clientAuth: 'basic',
    prefix: 'sp',
    rotateRefreshTokens: false,
    scope: 'streaming user-read-email',
  });
  const tracks = new Map<string, SpotifyTrack>();
  const playlists = new Map<string, string[]>();
  const userPlaylists: FakeSpotify['userPlaylists'] = new Map();
  const state = { refuseNext: 0 };
  const server = await startFakeServer((req) => {
    if (req.method === 'GET' && req.path === '/authorize') return users.authorize(req);
    if (req.method === 'POST' && req.path === '/api/token') {
      return users.handles(req) ? users.handle(req) : issuer.issue(req);
    }
    if (state.refuseNext > 0 || !(issuer.authorized(req) || users.authorized(req))) {
      if (state.refuseNext > 0) state.refuseNext--;
      return { status: 401, body: { error: { status: 401, message: 'The access token expired' } } };
    }
    const m = /^\/v1\/tracks\/([^/]+)$/.exec(req.path);
    if (req.method === 'GET' && m) {
      const t = tracks.get(decodeURIComponent(m[1]));
      return t
        ? { status: 200, body: t }
        : { status: 404, body: { error: { status: 404, message: 'Non existing id' } } };
    }
    const personal = users.authorized(req);
    if (req.method === 'GET' && req.path === '/v1/me') {
      if (!personal) return { status: 401, body: { error: { status: 401, message: 'No user' } } };
      return { status: 200, body: { id: 'fake-spotify-user', display_name: 'Fake User' } };
    }
    const mk = /^\/v1\/users\/([^/]+)\/playlists$/.exec(req.path);
    if (req.method === 'POST' && mk) {
      const owner = decodeURIComponent(mk[1]!);
      if (!personal || owner !== 'fake-spotify-user') {
        return { status: 403, body: { error: { status: 403, message: 'Forbidden' } } };
      }
      const b = JSON.parse(req.body || '{}') as { name?: string; public?: boolean };
      if (!b.name)
        return { status: 400, body: { error: { status: 400, message: 'Missing name' } } };
      const id = `userPl${userPlaylists.size + 1}`.padEnd(22, '0');
      userPlaylists.set(id, { owner, name: b.name, public: b.public !== false, uris: [] });
      return {
        status: 201,
        body: {
          id,
          name: b.name,
          external_urls: { spotify: `https://open.spotify.com/playlist/${id}` },
        },
      };
    }
    const pl = /^\/v1\/playlists\/([^/]+)\/tracks$/.exec(req.path);
    if (req.method === 'POST' && pl) {
      const mine = userPlaylists.get(decodeURIComponent(pl[1]!));
      if (!mine || !personal)
        return { status: 404, body: { error: { status: 404, message: 'Not found' } } };
      const b = JSON.parse(req.body || '{}') as { uris?: string[] };
      const uris = b.uris ?? [];
      if (
        uris.length === 0 ||
        uris.length > 100 ||
        !uris.every((u) => /^spotify:track:\w+$/.test(u))
      ) {
        return { status: 400, body: { error: { status: 400, message: 'Invalid uris' } } };
      }
      mine.uris.push(...uris);
      return { status: 201, body: { snapshot_id: `snap${mine.uris.length}` } };
    }
    if (req.method === 'GET' && pl) {
      const ids = playlists.get(decodeURIComponent(pl[1]));
      if (!ids) return { status: 404, body: { error: { status: 404, message: 'Not found.' } } };
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Math.min(Number(req.query.get('limit') ?? 100), 100);
      const items = ids.slice(offset, offset + limit).map((id) => ({
        added_at: '2024-01-01T00:00:00Z',
        is_local: false,
        track: tracks.get(id) ?? null,
      }));
      const next =
        offset + limit < ids.length
          ? `${server.url}${req.path}?offset=${offset + limit}&limit=${limit}`
          : null;
      return {
        status: 200,
        body: { href: '', items, limit, offset, total: ids.length, next, previous: null },
      };
    }
    if (req.method === 'GET' && req.path === '/v1/search') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      if (!q || req.query.get('type') !== 'track') {
        return { status: 400, body: { error: { status: 400, message: 'Bad search' } } };
      }
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 20);
      // `isrc:<code>` is Spotify's field filter for an ISRC; other words match name and artists.
      const isrc = /^isrc:(\S+)$/.exec(q)?.[1];
      const all = [...tracks.values()].filter((t) =>
        isrc
          ? t.external_ids?.isrc?.toLowerCase() === isrc
          : matchesSearch(q, [t.name, ...t.artists.map((a) => a.name)]),
      );
      const items = all.slice(offset, offset + limit);
      const next =
        offset + limit < all.length ? `${server.url}/v1/search?offset=${offset + limit}` : null;
      return {
        status: 200,
        body: {
          tracks: { href: '', items, limit, offset, total: all.length, next, previous: null },
        },
      };
    }
    return { status: 404, body: { error: { status: 404, message: 'Service not found' } } };
  });
  return Object.assign(state, server, {
    issuer,
    users,
    tracks,
    playlists,
    userPlaylists,
    options: {
      apiUrl: server.url,
      tokenUrl: `${server.url}/api/token`,
      authorizeUrl: `${server.url}/authorize`,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
    },
  });
}

/** The server variables that point the Spotify adapter and its OAuth client at `f`. */
export const spotifyEnv = (f: FakeSpotify): Record<string, string> => ({
  SPOTIFY_API_URL: f.options.apiUrl,
  SPOTIFY_TOKEN_URL: f.options.tokenUrl,
  SPOTIFY_AUTHORIZE_URL: f.options.authorizeUrl,
  SPOTIFY_CLIENT_ID: f.options.clientId,
  SPOTIFY_CLIENT_SECRET: f.options.clientSecret,
});
