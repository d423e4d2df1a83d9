import type { TidalAlbum, TidalArtist, TidalTrack } from '../../src/platform/providers/tidal';
import { FakeTokenIssuer, startFakeServer, type FakeServer } from './http';

/**
 * A local TIDAL developer API v2 (JSON:API): `POST /oauth2/token` (client credentials),
 * `GET /tracks/{id}` and `GET /tracks?filter[isrc]=`, both with `countryCode` and
 * `include=artists,albums` (the artist and album in `included`). A request without the current
 * bearer token is 401; `countryCode` missing is 400; an unknown id is 404 with JSON:API errors.
 */
export interface FakeTidal extends FakeServer {
  issuer: FakeTokenIssuer;
  tracks: Map<string, TidalTrack>;
  artists: Map<string, TidalArtist>;
  albums: Map<string, TidalAlbum>;
  options: { apiUrl: string; tokenUrl: string; clientId: string; clientSecret: string };
}

export function tidalTrack(
  id: string,
  overrides: Partial<TidalTrack['attributes']> = {},
): TidalTrack {
  return {
    id,
    type: 'tracks',
    attributes: {
      title: `Tidal ${id}`,
      version: null,
      isrc: `GBTD1${id.padStart(7, '0').slice(-7)}`,
      duration: 'PT3M20S',
      explicit: false,
      externalLinks: [
        { href: `https://tidal.com/browse/track/${id}`, meta: { type: 'TIDAL_SHARING' } },
      ],
      ...overrides,
    },
    relationships: {
      artists: { data: [{ id: 'ar1', type: 'artists' }] },
      albums: { data: [{ id: 'al1', type: 'albums' }] },
    },
  };
}

export async function startFakeTidal(): Promise<FakeTidal> {
  const issuer = new FakeTokenIssuer('tidal-id', 'tidal-secret');
  const tracks = new Map<string, TidalTrack>();
  const artists = new Map<string, TidalArtist>([
    ['ar1', { id: 'ar1', type: 'artists', attributes: { name: 'Wave Riders' } }],
  ]);
  const albums = new Map<string, TidalAlbum>([
    [
      'al1',
      {
        id: 'al1',
        type: 'albums',
        attributes: {
          title: 'High Tide',
          releaseDate: '2019-05-17',
          imageLinks: [
            {
              href: 'https://resources.tidal.com/images/al1/80x80.jpg',
              meta: { width: 80, height: 80 },
            },
            {
              href: 'https://resources.tidal.com/images/al1/320x320.jpg',
              meta: { width: 320, height: 320 },
            },
          ],
        },
      },
    ],
  ]);
  const include = (list: TidalTrack[]) =>
    list.flatMap((t) => [
      ...(t.relationships?.artists?.data ?? []).map((r) => artists.get(r.id)!),
      ...(t.relationships?.albums?.data ?? []).map((r) => albums.get(r.id)!),
    ]);
  const server = await startFakeServer((req) => {
    if (req.method === 'POST' && req.path === '/oauth2/token') return issuer.issue(req);
    if (!issuer.authorized(req)) {
      return { status: 401, body: { errors: [{ status: '401', code: 'UNAUTHORIZED' }] } };
    }
    if (!req.query.get('countryCode')) {
      return { status: 400, body: { errors: [{ status: '400', detail: 'countryCode required' }] } };
    }
    if (req.path === '/tracks') {
      const isrc = req.query.get('filter[isrc]') ?? '';
      const found = [...tracks.values()].filter((t) => t.attributes?.isrc === isrc);
      return { status: 200, body: { data: found, included: include(found) } };
    }
    const id = /^\/tracks\/([^/]+)$/.exec(req.path)?.[1];
    const t = id ? tracks.get(id) : undefined;
    if (!t) return { status: 404, body: { errors: [{ status: '404', code: 'NOT_FOUND' }] } };
    return { status: 200, body: { data: t, included: include([t]) } };
  });
  return Object.assign(server, {
    issuer,
    tracks,
    artists,
    albums,
    options: {
      apiUrl: server.url,
      tokenUrl: `${server.url}/oauth2/token`,
      clientId: issuer.clientId,
      clientSecret: issuer.clientSecret,
    },
  });
}
