import { startFakeServer, type FakeAnswer, type FakeRequest, type FakeServer } from './http';

/**
 * A local music-analysis GraphQL service (the Cyanite-style API the similar-tracks call uses):
 * `POST /graphql` with `{ query, variables }` and `Authorization: Bearer <token>`, answering
 * GraphQL-over-HTTP JSON (`{ data }` or `{ errors }`).
 * - `query … spotifyTrack(id: $id)` → a `SpotifyTrack` with `similarTracks { edges { node { id } } }`
 *   when the id is in `analysed`, a `SpotifyTrackError` with `errors`' code when it is there,
 *   else `trackNotAnalyzed`.
 * - `mutation … spotifyTrackEnqueue(input: $input)` → `SpotifyTrackEnqueueSuccess` with
 *   `enqueuedSpotifyTrack { id }`; the id is appended to `enqueued`.
 * `failing` answers 500.
 */
export interface FakeMusicAnalysis extends FakeServer {
  token: string;
  /** Analysed Spotify track id → the ids of its similar tracks, most similar first. */
  analysed: Map<string, string[]>;
  /** Spotify track id → the error the service answers for it. */
  errors: Map<string, { code: string; message: string }>;
  /** Ids queued for analysis, oldest first. */
  enqueued: string[];
  failing: boolean;
  /** The GraphQL endpoint (MUSIC_ANALYSIS_URL). */
  endpoint: string;
}

const gqlError = (status: number, message: string): FakeAnswer => ({
  status,
  body: {
    errors: [
      { message, extensions: { code: status === 401 ? 'UNAUTHENTICATED' : 'BAD_USER_INPUT' } },
    ],
  },
});

export async function startFakeMusicAnalysis(token = 'analysis-token'): Promise<FakeMusicAnalysis> {
  const state = {
    token,
    analysed: new Map<string, string[]>(),
    errors: new Map<string, { code: string; message: string }>(),
    enqueued: [] as string[],
    failing: false,
  };

  function handle(req: FakeRequest): FakeAnswer {
    if (req.method !== 'POST' || req.path !== '/graphql') return gqlError(404, 'Not Found');
    if (req.headers.authorization !== `Bearer ${state.token}`) return gqlError(401, 'Unauthorized');
    if (state.failing) return { status: 500, body: { errors: [{ message: 'Internal error' }] } };
    let payload: { query?: unknown; variables?: Record<string, unknown> };
    try {
      payload = JSON.parse(req.body) as typeof payload;
    } catch {
      return gqlError(400, 'Body is not JSON');
    }
    const query = typeof payload.query === 'string' ? payload.query : '';
    const vars = payload.variables ?? {};
    if (/^\s*mutation\b/.test(query) && query.includes('spotifyTrackEnqueue(input: $input)')) {
      const id = (vars.input as { spotifyTrackId?: unknown } | undefined)?.spotifyTrackId;
      if (typeof id !== 'string' || id === '') return gqlError(400, 'spotifyTrackId is required');
      state.enqueued.push(id);
      return {
        status: 200,
        body: {
          data: {
            spotifyTrackEnqueue: {
              __typename: 'SpotifyTrackEnqueueSuccess',
              enqueuedSpotifyTrack: { __typename: 'SpotifyTrack', id },
            },
          },
        },
      };
    }
    if (/^\s*query\b/.test(query) && query.includes('spotifyTrack(id: $id)')) {
      const id = vars.id;
      if (typeof id !== 'string' || id === '') return gqlError(400, 'id is required');
      const error = state.errors.get(id);
      const similar = state.analysed.get(id);
      const spotifyTrack = error
        ? { __typename: 'SpotifyTrackError', ...error }
        : similar
          ? {
              __typename: 'SpotifyTrack',
              id,
              similarTracks: {
                edges: similar.map((s) => ({ node: { __typename: 'SpotifyTrack', id: s } })),
              },
            }
          : {
              __typename: 'SpotifyTrackError',
              code: 'trackNotAnalyzed',
              message: 'The track has not been analyzed yet.',
            };
      return { status: 200, body: { data: { spotifyTrack } } };
    }
    return gqlError(400, 'Unknown operation');
  }

  const server = await startFakeServer(handle);
  return Object.assign(state, server, { endpoint: `${server.url}/graphql` });
}
