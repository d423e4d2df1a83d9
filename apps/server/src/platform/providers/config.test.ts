import { describe, expect, it } from 'vitest';
import { providerOptionsFromEnv } from './config';

describe('providerOptionsFromEnv', () => {
  it('defaults to the real base URLs and the us storefront, with no credentials', () => {
    const o = providerOptionsFromEnv({});
    expect(o.spotify).toEqual({
      apiUrl: 'https://api.spotify.com',
      tokenUrl: 'https://accounts.spotify.com/api/token',
      authorizeUrl: 'https://accounts.spotify.com/authorize',
      clientId: undefined,
      clientSecret: undefined,
    });
    expect(o.apple).toEqual({
      apiUrl: 'https://api.music.apple.com',
      developerToken: undefined,
      storefront: 'us',
    });
    expect(o.soundcloud.apiUrl).toBe('https://api.soundcloud.com');
    expect(o.audius.apiUrl).toBe('https://api.audius.co');
    expect(o.youtube.apiUrl).toBe('https://www.googleapis.com');
    expect(o.sevenDigital.apiUrl).toBe('https://api.7digital.com/1.2');
  });

  it('reads every variable; empty strings count as unset', () => {
    const o = providerOptionsFromEnv({
      SPOTIFY_API_URL: 'http://127.0.0.1:1',
      SPOTIFY_TOKEN_URL: 'http://127.0.0.1:1/api/token',
      SPOTIFY_CLIENT_ID: 'id',
      SPOTIFY_CLIENT_SECRET: 'secret',
      APPLE_MUSIC_API_URL: 'http://127.0.0.1:2',
      APPLE_MUSIC_TOKEN: 'dev',
      APPLE_STOREFRONT: 'gb',
      SOUNDCLOUD_API_URL: 'http://127.0.0.1:3',
      SOUNDCLOUD_CLIENT_ID: 'sc',
      SOUNDCLOUD_CLIENT_SECRET: '',
      AUDIUS_API_URL: 'http://127.0.0.1:4',
      YOUTUBE_API_URL: 'http://127.0.0.1:5',
      YOUTUBE_API_KEY: 'yt',
      SEVENDIGITAL_API_URL: 'http://127.0.0.1:6',
      SEVENDIGITAL_KEY: '7d',
    });
    expect(o.spotify.clientSecret).toBe('secret');
    expect(o.apple).toEqual({
      apiUrl: 'http://127.0.0.1:2',
      developerToken: 'dev',
      storefront: 'gb',
    });
    expect(o.soundcloud.clientSecret).toBeUndefined();
    expect(o.youtube).toEqual({ apiUrl: 'http://127.0.0.1:5', apiKey: 'yt' });
    expect(o.sevenDigital).toEqual({ apiUrl: 'http://127.0.0.1:6', consumerKey: '7d' });
  });

  it('Deezer, Napster and TIDAL: real base URLs by default, off until enabled or keyed (MUSIC-PROVIDERS-1)', () => {
    const o = providerOptionsFromEnv({});
    expect(o.deezer).toEqual({ apiUrl: 'https://api.deezer.com', enabled: false });
    expect(o.napster).toEqual({ apiUrl: 'https://api.napster.com', apiKey: undefined });
    expect(o.tidal.apiUrl).toBe('https://openapi.tidal.com/v2');
    expect(o.tidal.tokenUrl).toBe('https://auth.tidal.com/v1/oauth2/token');
    const on = providerOptionsFromEnv({
      DEEZER_ENABLED: 'true',
      DEEZER_API_URL: 'http://127.0.0.1:7',
      NAPSTER_API_KEY: 'nk',
      TIDAL_CLIENT_ID: 'ti',
      TIDAL_CLIENT_SECRET: 'ts',
    });
    expect(on.deezer).toEqual({ apiUrl: 'http://127.0.0.1:7', enabled: true });
    expect(on.napster.apiKey).toBe('nk');
    expect(on.tidal.clientSecret).toBe('ts');
    expect(() => providerOptionsFromEnv({ DEEZER_ENABLED: 'yes' })).toThrow(/DEEZER_ENABLED/);
  });

  it('refuses a malformed URL or storefront, naming the variable', () => {
    expect(() => providerOptionsFromEnv({ SPOTIFY_API_URL: 'not a url' })).toThrow(
      /SPOTIFY_API_URL/,
    );
    expect(() => providerOptionsFromEnv({ APPLE_STOREFRONT: 'USA' })).toThrow(/APPLE_STOREFRONT/);
  });
});
