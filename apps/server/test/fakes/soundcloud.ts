import type { SoundcloudTrack } from '../../src/platform/providers/soundcloud';
import { FakeTokenIssuer, startFakeServer, type FakeServer } from './http';

/**
 * A local SoundCloud: `POST /oauth/token` (client credentials) and the API's `GET /tracks/{id}`,
 * `GET /tracks/{id}/streams`, `GET /tracks?q&offset&linked_partitioning&limit`, with
 * `Authorization: OAuth <token>`. Private tracks answer 404 without their `secret_token`.
 * `refuseNext` answers that many API calls with `refuseStatus` (401 or 403) whatever the token.
 */
export interface FakeSoundcloud extends FakeServer {
  issuer: FakeTokenIssuer;
  tracks: Map<string, SoundcloudTrack>;
  refuseNext: number;
  refuseStatus: number;
  options: { apiUrl: string; tokenUrl: string; clientId: string; clientSecret: string };
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
  const state = { tracks: new Map<string, SoundcloudTrack>(), refuseNext: 0, refuseStatus: 401 };
  const notFound = { status: 404, body: { code: 404, message: '404 - Not Found', errors: [] } };
  const server = await startFakeServer((req) => {
    if (req.method === 'POST' && req.path === '/oauth/token') return issuer.issue(req);
    if (state.refuseNext > 0 || !issuer.authorized(req, 'OAuth')) {
      if (state.refuseNext > 0) state.refuseNext--;
      return { status: state.refuseStatus, body: { code: state.refuseStatus, message: 'refused' } };
    }
    if (req.method !== 'GET') return notFound;
    if (req.path === '/tracks') {
      const q = (req.query.get('q') ?? '').toLowerCase();
      const offset = Number(req.query.get('offset') ?? 0);
      const limit = Number(req.query.get('limit') ?? 50);
      const all = [...state.tracks.values()].filter(
        (t) => t.sharing === 'public' && t.title.toLowerCase().includes(q),
      );
      const collection = all.slice(offset, offset + limit);
      if (req.query.get('linked_partitioning') !== 'true') return { status: 200, body: collection };
      const next_href =
        offset + limit < all.length
          ? `${server.url}/tracks?q=${encodeURIComponent(q)}&offset=${offset + limit}&limit=${limit}&linked_partitioning=true`
          : null;
      return { status: 200, body: { collection, next_href } };
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
        preview_mp3_128_url: `https://cf-preview-media.sndcdn.com/preview/${t.id}.mp3`,
      },
    };
  });
  return Object.assign(state, server, {
    issuer,
    options: {
      apiUrl: server.url,
      tokenUrl: `${server.url}/oauth/token`,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
    },
  });
}
