import type { SoundcloudTrack } from '../../src/platform/providers/soundcloud';
import {
  FakeTokenIssuer,
  matchesSearch,
  startFakeServer,
  type FakeRequest,
  type FakeServer,
} from './http';
import { FakeOAuthGrants } from './oauth';

/**
 * A local SoundCloud: `POST /oauth/token` (client credentials for the web client `issuer` and
 * the mobile app's `mobileIssuer`; authorization-code and refresh-token grants, client
 * credentials in the form and single-use refresh tokens, in `users` and `mobileUsers`) and the
 * API's `GET /tracks/{id}`, `GET /tracks/{id}/streams`,
 * `GET /tracks?q&offset&linked_partitioning&limit`, with `Authorization: OAuth <token>`.
 * Private tracks answer 404 without their `secret_token`. `playlists` (sets) resolve from their
 * permalink to `GET /playlists/{id}`, answering the playlist with its `tracks`.
 * `refuseNext` answers that many API calls with `refuseStatus` (401 or 403) whatever the token.
 */
export interface FakeSoundcloud extends FakeServer {
  issuer: FakeTokenIssuer;
  mobileIssuer: FakeTokenIssuer;
  users: FakeOAuthGrants;
  mobileUsers: FakeOAuthGrants;
  tracks: Map<string, SoundcloudTrack>;
  /** Sets by id: their permalink and track ids in order (unknown ids are left out). */
  playlists: Map<number, { permalink_url: string; trackIds: number[] }>;
  /**
   * The account the client-credentials token belongs to: `GET /me/tracks` answers its tracks,
   * private ones included. `GET /resolve?url=` answers 302 to the track of a permalink (a
   * private track's share link ends with its secret token).
   */
  meUserId: number | null;
  refuseNext: number;
  refuseStatus: number;
  options: {
    apiUrl: string;
    tokenUrl: string;
    authorizeUrl: string;
    clientId: string;
    clientSecret: string;
  };
}

export function soundcloudTrack(
  id: number,
  overrides: Partial<SoundcloudTrack> = {},
): SoundcloudTrack {
  return {
    id,
    urn: `soundcloud:tracks:${id}`,
    title: `Cloud ${id}`,
    duration: 245_000,
    genre: 'House',
    artwork_url: `https://i1.sndcdn.com/artworks-${id}-large.jpg`,
    permalink_url: `https://soundcloud.com/someone/cloud-${id}`,
    created_at: '2020/01/02 10:00:00 +0000',
    release_year: null,
    sharing: 'public',
    secret_token: null,
    access: 'playable',
    user: { id: 7, username: 'someone' },
    publisher_metadata: null,
    ...overrides,
  };
}

export async function startFakeSoundcloud(): Promise<FakeSoundcloud> {
  const issuer = new FakeTokenIssuer('sc-client', 'sc-secret');
  const mobileIssuer = new FakeTokenIssuer('sc-mobile-client', 'sc-mobile-secret');
  const grants = (i: FakeTokenIssuer, prefix: string) =>
    new FakeOAuthGrants({
      clientId: i.clientId,
      clientSecret: i.clientSecret,
      clientAuth: 'form',
      prefix,
      rotateRefreshTokens: true,
    });
  const users = grants(issuer, 'sc');
  const mobileUsers = grants(mobileIssuer, 'scm');
  const basicClientId = (req: FakeRequest) =>
    Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
      .toString('utf8')
      .split(':')[0];
  const authorized = (req: FakeRequest) =>
    [issuer, mobileIssuer, users, mobileUsers].some((i) => i.authorized(req, 'OAuth'));
  const state = {
    tracks: new Map<string, SoundcloudTrack>(),
    playlists: new Map<number, { permalink_url: string; trackIds: number[] }>(),
    meUserId: null as number | null,
    refuseNext: 0,
    refuseStatus: 401,
  };
  const notFound = { status: 404, body: { code: 404, message: '404 - Not Found', errors: [] } };
  const server = await startFakeServer((req) => {
    if (req.method === 'GET' && req.path === '/authorize') return users.authorize(req);
    if (req.method === 'POST' && req.path === '/oauth/token') {
      if (users.handles(req)) return (mobileUsers.isClient(req) ? mobileUsers : users).handle(req);
      return basicClientId(req) === mobileIssuer.clientId
        ? mobileIssuer.issue(req)
        : issuer.issue(req);
    }
    if (state.refuseNext > 0 || !authorized(req)) {
      if (state.refuseNext > 0) state.refuseNext--;
      return { status: state.refuseStatus, body: { code: state.refuseStatus, message: 'refused' } };
    }
    if (req.method !== 'GET') return notFound;
    if (req.path === '/tracks') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 50);
      const all = [...state.tracks.values()].filter(
        (t) => t.sharing === 'public' && matchesSearch(q, [t.title, t.user.username]),
      );
      const collection = all.slice(offset, offset + limit);
      if (req.query.get('linked_partitioning') !== 'true') return { status: 200, body: collection };
      const next_href =
        offset + limit < all.length
          ? `${server.url}/tracks?q=${encodeURIComponent(q)}&offset=${offset + limit}&limit=${limit}&linked_partitioning=true`
          : null;
      return { status: 200, body: { collection, next_href } };
    }
    if (req.path === '/me/tracks') {
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 50);
      const all = [...state.tracks.values()].filter((t) => t.user.id === state.meUserId);
      const collection = all.slice(offset, offset + limit);
      const next_href =
        offset + limit < all.length
          ? `${server.url}/me/tracks?offset=${offset + limit}&limit=${limit}&linked_partitioning=true`
          : null;
      return { status: 200, body: { collection, next_href } };
    }
    if (req.path === '/resolve') {
      const url = req.query.get('url') ?? '';
      const set = [...state.playlists].find(([, p]) => p.permalink_url === url);
      if (set) {
        const location = `${server.url}/playlists/${set[0]}`;
        return { status: 302, headers: { location }, body: { status: '302 - Found', location } };
      }
      const found = [...state.tracks.values()].find((t) =>
        t.sharing === 'private'
          ? url === `${t.permalink_url}/${t.secret_token}`
          : url === t.permalink_url,
      );
      if (!found) return notFound;
      const secret = found.sharing === 'private' ? `?secret_token=${found.secret_token}` : '';
      return {
        status: 302,
        headers: { location: `${server.url}/tracks/${found.id}${secret}` },
        body: { status: '302 - Found', location: `${server.url}/tracks/${found.id}${secret}` },
      };
    }
    const pm = /^\/playlists\/(\d+)$/.exec(req.path);
    if (pm) {
      const p = state.playlists.get(Number(pm[1]));
      if (!p) return notFound;
      const tracks = p.trackIds
        .map((id) => state.tracks.get(String(id)))
        .filter((t): t is SoundcloudTrack => t !== undefined);
      return {
        status: 200,
        body: {
          kind: 'playlist',
          id: Number(pm[1]),
          title: `Set ${pm[1]}`,
          sharing: 'public',
          permalink_url: p.permalink_url,
          track_count: tracks.length,
          tracks,
        },
      };
    }
    const m = /^\/tracks\/([^/]+)(\/streams)?$/.exec(req.path);
    const t = m && state.tracks.get(decodeURIComponent(m[1]));
    if (!t) return notFound;
    if (t.sharing === 'private' && req.query.get('secret_token') !== t.secret_token)
      return notFound;
    if (!m[2]) return { status: 200, body: t };
    return {
      status: 200,
      body: {
        http_mp3_128_url: `https://cf-media.sndcdn.com/${t.id}.128.mp3`,
        hls_mp3_128_url: `https://cf-hls-media.sndcdn.com/playlist/${t.id}.128.mp3/playlist.m3u8`,
        hls_aac_160_url: `https://cf-hls-media.sndcdn.com/playlist/${t.id}.aac/playlist.m3u8`,
        hls_opus_64_url: `https://cf-hls-opus-media.sndcdn.com/playlist/${t.id}.64.opus/playlist.m3u8`,
        preview_mp3_128_url: `https://cf-preview-media.sndcdn.com/preview/${t.id}.mp3`,
      },
    };
  });
  return Object.assign(state, server, {
    issuer,
    mobileIssuer,
    users,
    mobileUsers,
    options: {
      apiUrl: server.url,
      tokenUrl: `${server.url}/oauth/token`,
      authorizeUrl: `${server.url}/authorize`,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
    },
  });
}
