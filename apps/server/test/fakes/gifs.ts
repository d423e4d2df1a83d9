import { startFakeServer, type FakeServer } from './http';

/**
 * Local GIF providers in their documented shapes. Tenor API v2: `GET /v2/search?q&key&limit`
 * and `GET /v2/featured`, answering `{ results: [{ id, content_description, media_formats:
 * { gif: { url, dims }, tinygif: { url, dims } } }], next }`. GIPHY API v1: `GET
 * /v1/gifs/search?api_key&q&limit&rating` and `GET /v1/gifs/trending`, answering `{ data: [{ id,
 * title, images: { fixed_height: { url, width, height }, fixed_height_small: {…} } }],
 * pagination, meta }`. A wrong key answers 401 (Tenor 400/GIPHY 401 in reality: both are errors).
 */
export interface FakeGifs extends FakeServer {
  /** Answer every call with this status (a provider outage). */
  failWith: number | null;
}

const titles = ['dancing cat', 'dj spins', 'crowd cheers', 'party parrot', 'bass drop'];

export async function startFakeGifs(key: string): Promise<FakeGifs> {
  const state = { failWith: null as number | null };
  const server = await startFakeServer((req) => {
    if (state.failWith) return { status: state.failWith, body: { error: 'down' } };
    const q = (req.query.get('q') ?? '').toLowerCase();
    const limit = Number(req.query.get('limit') ?? 10);
    const found = titles.filter((t) => !q || t.includes(q)).slice(0, limit);
    if (req.path === '/v2/search' || req.path === '/v2/featured') {
      if (req.query.get('key') !== key) return { status: 400, body: { error: { code: 400 } } };
      const results = found.map((t, i) => ({
        id: `t${i}`,
        content_description: t,
        media_formats: {
          gif: { url: `https://media.tenor.example/${i}.gif`, dims: [498, 280], size: 1000 },
          tinygif: { url: `https://media.tenor.example/${i}-tiny.gif`, dims: [220, 124] },
        },
      }));
      return { status: 200, body: { results, next: '' } };
    }
    if (req.path === '/v1/gifs/search' || req.path === '/v1/gifs/trending') {
      if (req.query.get('api_key') !== key) {
        return { status: 401, body: { meta: { status: 401, msg: 'Unauthorized' } } };
      }
      const data = found.map((t, i) => ({
        type: 'gif',
        id: `g${i}`,
        title: t,
        images: {
          fixed_height: {
            url: `https://media.giphy.example/${i}/200.gif`,
            width: '356',
            height: '200',
          },
          fixed_height_small: {
            url: `https://media.giphy.example/${i}/100.gif`,
            width: '178',
            height: '100',
          },
          original: {
            url: `https://media.giphy.example/${i}/giphy.gif`,
            width: '480',
            height: '270',
          },
        },
      }));
      return {
        status: 200,
        body: {
          data,
          pagination: { total_count: data.length, count: data.length, offset: 0 },
          meta: { status: 200, msg: 'OK' },
        },
      };
    }
    return { status: 404, body: { error: 'not found' } };
  });
  return Object.assign(server, {
    get failWith() {
      return state.failWith;
    },
    set failWith(v: number | null) {
      state.failWith = v;
    },
  });
}
