import { fetchWithTimeout, jsonOrThrow, ProviderHttpError } from '../../../platform/providers/http';

/**
 * The music-analysis service (a GraphQL API keyed by Spotify track ids): the similar
 * tracks of an analysed track, and the queue of tracks to analyse.
 */

export const SIMILAR_TRACKS_QUERY = `query SpotifyTrackSimilar($id: ID!) {
  spotifyTrack(id: $id) {
    __typename
    ... on SpotifyTrackError {
      code
      message
    }
    ... on SpotifyTrack {
      id
      similarTracks {
        edges {
          node {
            id
          }
        }
      }
    }
  }
}`;

export const ENQUEUE_MUTATION = `mutation SpotifyTrackEnqueue($input: SpotifyTrackEnqueueInput!) {
  spotifyTrackEnqueue(input: $input) {
    __typename
    ... on SpotifyTrackEnqueueSuccess {
      enqueuedSpotifyTrack {
        id
      }
    }
    ... on SpotifyTrackEnqueueError {
      code
      message
    }
  }
}`;

/** The answer of the similar-tracks query: the similar ids, or the service's error. */
export type SimilarAnswer =
  { ok: true; ids: string[] } | { ok: false; code: string; message: string };

interface GraphqlResponse<T> {
  data?: T | null;
  errors?: { message?: string }[];
}

type SpotifyTrackResult =
  | { __typename?: 'SpotifyTrackError'; code: string; message: string }
  | {
      __typename?: 'SpotifyTrack';
      id: string;
      similarTracks?: { edges?: { node?: { id?: string } | null }[] | null } | null;
    };

export class MusicAnalysisClient {
  constructor(private readonly opts: { url: string; token?: string; timeoutMs?: number }) {}

  private async request<T>(query: string, variables: Record<string, unknown>): Promise<T> {
    const res = await fetchWithTimeout(
      this.opts.url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          ...(this.opts.token ? { authorization: `Bearer ${this.opts.token}` } : {}),
        },
        body: JSON.stringify({ query, variables }),
      },
      this.opts.timeoutMs,
    );
    const body = await jsonOrThrow<GraphqlResponse<T>>(this.opts.url, res);
    if (!body?.data || (body.errors && body.errors.length > 0)) {
      const message = body?.errors?.map((e) => e.message).join('; ') || 'No data';
      throw new ProviderHttpError(this.opts.url, res.status, message, body);
    }
    return body.data;
  }

  /** The ids of the tracks similar to a Spotify track, most similar first. */
  async similarTracks(spotifyTrackId: string): Promise<SimilarAnswer> {
    const data = await this.request<{ spotifyTrack: SpotifyTrackResult | null }>(
      SIMILAR_TRACKS_QUERY,
      { id: spotifyTrackId },
    );
    const t = data.spotifyTrack;
    if (!t) return { ok: false, code: 'notFound', message: 'No such track' };
    if ('code' in t) return { ok: false, code: t.code, message: t.message };
    const ids = (t.similarTracks?.edges ?? [])
      .map((e) => e?.node?.id)
      .filter((id): id is string => typeof id === 'string' && id !== '');
    return { ok: true, ids };
  }

  /** Queues a Spotify track for analysis; answers the queued id. */
  async enqueue(spotifyTrackId: string): Promise<string> {
    const data = await this.request<{
      spotifyTrackEnqueue:
        { enqueuedSpotifyTrack?: { id: string } } | { code: string; message: string } | null;
    }>(ENQUEUE_MUTATION, { input: { spotifyTrackId } });
    const r = data.spotifyTrackEnqueue;
    if (r && 'enqueuedSpotifyTrack' in r && r.enqueuedSpotifyTrack)
      return r.enqueuedSpotifyTrack.id;
    const message = r && 'message' in r ? `${r.code}: ${r.message}` : 'No answer';
    throw new ProviderHttpError(this.opts.url, 200, message, data);
  }
}
