import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoint } from '@tt/protocol';
import { ApiError, buildPath, buildQuery, createApiClient, qbParams } from './index';

describe('shared request layer', () => {
  it('repeats array query values and leaves out null and undefined', () => {
    expect(buildQuery({ users: ['a', 'b'], limit: 5, skip: undefined, none: null })).toBe(
      '?users=a&users=b&limit=5',
    );
    expect(buildQuery({})).toBe('');
  });

  it('fills path parameters and turns a colon into an underscore', () => {
    expect(
      buildPath('/song-data/{id}/{provider}/providers', {
        id: 'spotify:track:42',
        provider: 'spotify',
      }),
    ).toBe('/song-data/spotify_track_42/spotify/providers');
    expect(() => buildPath('/profile/{id}', {})).toThrow(/missing path parameter id/);
  });

  it('builds query-builder params for (qb) lists', () => {
    expect(
      qbParams({
        fields: ['id', 'nickname'],
        search: { nickname: { $cont: 'dj' } },
        filter: [
          { field: 'roles', operator: '$cont', value: 'admin' },
          { field: 'id', operator: '$in', value: [1, 2] },
        ],
        or: [{ field: 'bannedUntil', operator: '$isnull' }],
        sort: [{ field: 'createdAt', order: 'DESC' }],
        limit: 10,
        page: 2,
      }),
    ).toEqual({
      fields: 'id,nickname',
      s: '{"nickname":{"$cont":"dj"}}',
      filter: ['roles||$cont||admin', 'id||$in||1,2'],
      or: ['bannedUntil||$isnull'],
      sort: ['createdAt,DESC'],
      limit: 10,
      page: 2,
    });
  });

  it('sends JSON bodies with the bearer token and raises ApiError with the text to show a user', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return new Response(
        JSON.stringify({
          statusCode: 403,
          error: 'Forbidden',
          message: ['this email is verified', 'x'],
        }),
        {
          status: 403,
          headers: { 'content-type': 'application/json' },
        },
      );
    }) as unknown as typeof fetch;
    const client = createApiClient({
      baseUrl: 'http://h',
      getToken: () => 'tok',
      fetch: fakeFetch,
    });
    const def = endpoint({
      service: 'user',
      method: 'POST',
      path: '/users/emails/{id}',
      auth: 'user',
      summary: 't',
      params: z.object({ id: z.string() }),
      body: z.object({ a: z.number() }),
      response: z.object({}),
    });
    const err = await client
      .call(def, { params: { id: '7' }, body: { a: 1 } })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).status).toBe(403);
    expect((err as ApiError).displayText).toBe('This email is verified');
    expect(seen[0].url).toBe('http://h/api/user-service/users/emails/7');
    expect((seen[0].init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(seen[0].init.body).toBe('{"a":1}');
  });

  it('shows the generic text for 5xx answers', () => {
    expect(new ApiError('u', 502, 'Bad Gateway', { message: 'upstream' }).displayText).toBe(
      'Something went wrong, please try again',
    );
  });
});
