import type { AppleSong } from '../../src/platform/providers/apple';
import { matchesSearch, startFakeServer, type FakeServer } from './http';

/**
 * A local Apple Music API: `GET /v1/catalog/{storefront}/songs/{id}`,
 * `GET /v1/catalog/{storefront}/songs?filter[isrc]=`, `GET /v1/catalog/{storefront}/search`,
 * answering Apple's `{ data: [song resource] }` and `{ results: { songs: { data, next } } }`.
 * Requires `Authorization: Bearer <developerToken>`; `failing` answers 500.
 * `GET /v1/catalog/{storefront}/playlists/{id}?include=tracks` answers the playlist resource with
 * its `tracks` relationship (first 100), and `…/playlists/{id}/tracks?offset` the further pages,
 * with `next` while more remain; `playlists` hold song ids (a `mv:` prefix: a music video).
 */
export interface FakeApple extends FakeServer {
  developerToken: string;
  songs: Map<string, AppleSong>;
  failing: boolean;
  playlists: Map<string, string[]>;
  /** Playlists made with `POST /v1/me/library/playlists` (needs a `Music-User-Token` of `userTokens`). */
  libraryPlaylists: Map<string, { userToken: string; name: string; songIds: string[] }>;
  userTokens: Set<string>;
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
  const state = {
    developerToken,
    songs: new Map<string, AppleSong>(),
    failing: false,
    playlists: new Map<string, string[]>(),
    libraryPlaylists: new Map<string, { userToken: string; name: string; songIds: string[] }>(),
    userTokens: new Set<string>(),
  };
  const server = await startFakeServer((req) => {
    if (req.headers.authorization !== `Bearer ${state.developerToken}`) {
      return { status: 401, body: { errors: [{ status: '401', title: 'Unauthorized' }] } };
    }
    if (state.failing) {
      return { status: 500, body: { errors: [{ status: '500', title: 'Internal Server Error' }] } };
    }
    if (req.method === 'POST' && req.path === '/v1/me/library/playlists') {
      const userToken = String(req.headers['music-user-token'] ?? '');
      if (!state.userTokens.has(userToken)) {
        return { status: 403, body: { errors: [{ status: '403', title: 'Forbidden' }] } };
      }
      const b = JSON.parse(req.body || '{}') as {
        attributes?: { name?: string };
        relationships?: { tracks?: { data?: { id: string; type: string }[] } };
      };
      if (!b.attributes?.name) {
        return { status: 400, body: { errors: [{ status: '400', title: 'Invalid Attribute' }] } };
      }
      const id = `p.${'x'.repeat(10)}${state.libraryPlaylists.size + 1}`;
      const songIds = (b.relationships?.tracks?.data ?? []).map((t) => t.id);
      state.libraryPlaylists.set(id, { userToken, name: b.attributes.name, songIds });
      return {
        status: 201,
        body: {
          data: [
            {
              id,
              type: 'library-playlists',
              href: `/v1/me/library/playlists/${id}`,
              attributes: { name: b.attributes.name, canEdit: true },
            },
          ],
        },
      };
    }
    const pl = /^\/v1\/catalog\/([a-z]{2})\/playlists\/([^/]+)(\/tracks)?$/.exec(req.path);
    if (req.method === 'GET' && pl) {
      const offset = Number(req.query.get('offset') ?? 0);
      return playlist(pl[1]!, decodeURIComponent(pl[2]!), !!pl[3], offset);
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
  function playlist(sf: string, id: string, tracksOnly: boolean, offset: number) {
    const ids = state.playlists.get(id);
    if (!ids) {
      return { status: 404, body: { errors: [{ status: '404', title: 'Resource Not Found' }] } };
    }
    const data = ids
      .slice(offset, offset + 100)
      .map((songId) =>
        songId.startsWith('mv:')
          ? { id: songId.slice(3), type: 'music-videos', attributes: { name: 'A video' } }
          : (state.songs.get(songId) ?? appleSong(songId)),
      );
    const next =
      offset + 100 < ids.length
        ? `/v1/catalog/${sf}/playlists/${id}/tracks?offset=${offset + 100}`
        : undefined;
    const tracks = { href: `/v1/catalog/${sf}/playlists/${id}/tracks`, data, next };
    if (tracksOnly) return { status: 200, body: tracks };
    return {
      status: 200,
      body: {
        data: [
          {
            id,
            type: 'playlists',
            href: `/v1/catalog/${sf}/playlists/${id}`,
            attributes: { name: `Playlist ${id}`, playParams: { id, kind: 'playlist' } },
            relationships: { tracks },
          },
        ],
      },
    };
  }
  return Object.assign(state, server);
}
