import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeServer, type FakeServer } from '../../../test/fakes/http';
import { createProviderClients, providerOptionsFromEnv } from './index';
import { ProviderHttpError, TokenCache, buildUrl, fetchWithTimeout, getJson } from './http';

describe('provider http helpers', () => {
  let slow: FakeServer;
  beforeAll(async () => {
    slow = await startFakeServer(async (req) => {
      if (req.path === '/slow') await new Promise((r) => setTimeout(r, 500));
      if (req.path === '/text') return { status: 502, body: 'upstream down' };
      return { status: 200, body: { ok: true } };
    });
  });
  afterAll(() => slow.close());

  it('buildUrl joins base and path and skips undefined query values', () => {
    expect(buildUrl('http://h/1.2/', '/track/search', { q: 'a b', page: 1, x: undefined })).toBe(
      'http://h/1.2/track/search?q=a+b&page=1',
    );
  });

  it('a slow answer times out as status 0', async () => {
    const err = (await fetchWithTimeout(`${slow.url}/slow`, {}, 50).catch(
      (e: unknown) => e,
    )) as ProviderHttpError;
    expect(err).toBeInstanceOf(ProviderHttpError);
    expect(err.status).toBe(0);
    expect(err.statusText).toBe('Timeout');
  });

  it('a non-JSON error body is kept as text', async () => {
    const err = (await getJson(`${slow.url}/text`).catch((e: unknown) => e)) as ProviderHttpError;
    expect(err.status).toBe(502);
    expect(err.body).toBe('upstream down');
  });

  it('TokenCache shares one fetch between concurrent callers and refreshes on demand', async () => {
    let n = 0;
    const cache = new TokenCache(async () => {
      await new Promise((r) => setTimeout(r, 10));
      return { token: `t${++n}`, expiresInSeconds: 3600 };
    });
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['t1', 't1', 't1']);
    expect(await cache.refresh()).toBe('t2');
    expect(await cache.get()).toBe('t2');
    expect(n).toBe(2);
  });

  it('TokenCache fetches anew once the token is about to expire', async () => {
    let now = 0;
    let n = 0;
    const cache = new TokenCache(
      async () => ({ token: `t${++n}`, expiresInSeconds: 120 }),
      () => now,
    );
    expect(await cache.get()).toBe('t1');
    now = 59_000;
    expect(await cache.get()).toBe('t1');
    now = 61_000;
    expect(await cache.get()).toBe('t2');
  });

  it('createProviderClients builds only the adapters with credentials (Audius: an app name; Deezer: DEEZER_ENABLED)', () => {
    const log = { warn: () => undefined };
    const none = createProviderClients(providerOptionsFromEnv({}), log);
    expect(
      Object.entries(none)
        .filter(([, v]) => v)
        .map(([k]) => k),
    ).toEqual([]);
    const all = createProviderClients(
      providerOptionsFromEnv({
        SPOTIFY_CLIENT_ID: 'a',
        SPOTIFY_CLIENT_SECRET: 'b',
        APPLE_MUSIC_TOKEN: 'c',
        SOUNDCLOUD_CLIENT_ID: 'd',
        SOUNDCLOUD_CLIENT_SECRET: 'e',
        YOUTUBE_API_KEY: 'f',
        SEVENDIGITAL_KEY: 'g',
        AUDIUS_APP_NAME: 'h',
        DEEZER_ENABLED: 'true',
        NAPSTER_API_KEY: 'i',
        TIDAL_CLIENT_ID: 'j',
        TIDAL_CLIENT_SECRET: 'k',
      }),
      log,
    );
    expect(Object.values(all).every(Boolean)).toBe(true);
  });
});
