import { describe, expect, it, vi } from 'vitest';
import {
  HlsKeyRefused,
  hlsKeyAuth,
  isHlsKeyUrl,
  isHlsPlaylistUrl,
  nativeHlsSource,
} from './hls-auth';

const ORIGIN = 'http://room.test';
/** A key URL as the server signs it into a listener's playlist. */
const KEY = '/api/song-service/songs/hls/key?songId=abcdefghjk&exp=1900000000&sig=abc-_123';
const PLAYLIST = '/api/song-service/songs/abcdefghjk/hls-playlist';

describe('isHlsKeyUrl', () => {
  it('matches the key endpoint on this origin only', () => {
    expect(isHlsKeyUrl(KEY, ORIGIN)).toBe(true);
    expect(isHlsKeyUrl(`${ORIGIN}${KEY}`, ORIGIN)).toBe(true);
    expect(isHlsKeyUrl(`http://elsewhere.test${KEY}`, ORIGIN)).toBe(false);
    expect(isHlsKeyUrl('/api/song-service/songs/abcdefghjk/hls/seg00000.ts', ORIGIN)).toBe(false);
    expect(isHlsKeyUrl('/api/song-service/songs/abcdefghjk/hls-playlist', ORIGIN)).toBe(false);
  });
});

describe('isHlsPlaylistUrl', () => {
  it('matches an upload’s playlist on this origin only', () => {
    expect(isHlsPlaylistUrl(PLAYLIST, ORIGIN)).toBe(true);
    expect(isHlsPlaylistUrl(`${ORIGIN}${PLAYLIST}`, ORIGIN)).toBe(true);
    expect(isHlsPlaylistUrl(`http://elsewhere.test${PLAYLIST}`, ORIGIN)).toBe(false);
    expect(isHlsPlaylistUrl('/api/song-service/songs/a/b/hls-playlist', ORIGIN)).toBe(false);
    expect(isHlsPlaylistUrl('/api/song-service/songs/abcdefghjk/hls/seg00000.ts', ORIGIN)).toBe(
      false,
    );
  });
});

describe('hlsKeyAuth', () => {
  it('xhrSetup opens key requests and adds the bearer token; nothing else is touched', () => {
    const auth = hlsKeyAuth(() => 'tok', ORIGIN);
    const xhr = { open: vi.fn(), setRequestHeader: vi.fn() };
    auth.xhrSetup(xhr as unknown as XMLHttpRequest, `${ORIGIN}${KEY}`);
    expect(xhr.open).toHaveBeenCalledWith('GET', `${ORIGIN}${KEY}`, true);
    expect(xhr.setRequestHeader).toHaveBeenCalledWith('Authorization', 'Bearer tok');
    const segment = { open: vi.fn(), setRequestHeader: vi.fn() };
    auth.xhrSetup(
      segment as unknown as XMLHttpRequest,
      `${ORIGIN}/api/song-service/songs/x/hls/seg00001.ts`,
    );
    expect(segment.open).not.toHaveBeenCalled();
    expect(segment.setRequestHeader).not.toHaveBeenCalled();
  });

  it('without a token nothing is added', () => {
    const xhr = { open: vi.fn(), setRequestHeader: vi.fn() };
    hlsKeyAuth(() => null, ORIGIN).xhrSetup(xhr as unknown as XMLHttpRequest, `${ORIGIN}${KEY}`);
    expect(xhr.setRequestHeader).not.toHaveBeenCalled();
  });

  it('xhrSetup also sends the token with the playlist (its key URL is signed for the caller)', () => {
    const auth = hlsKeyAuth(() => 'tok', ORIGIN);
    const xhr = { open: vi.fn(), setRequestHeader: vi.fn() };
    auth.xhrSetup(xhr as unknown as XMLHttpRequest, `${ORIGIN}${PLAYLIST}`);
    expect(xhr.setRequestHeader).toHaveBeenCalledWith('Authorization', 'Bearer tok');
  });

  it('fetchSetup adds the header to playlist and key requests only', () => {
    const auth = hlsKeyAuth(() => 'tok', ORIGIN);
    const key = auth.fetchSetup({ url: `${ORIGIN}${KEY}` }, { method: 'GET' });
    expect(key.headers.get('authorization')).toBe('Bearer tok');
    const playlist = auth.fetchSetup({ url: `${ORIGIN}${PLAYLIST}` }, {});
    expect(playlist.headers.get('authorization')).toBe('Bearer tok');
    const segment = auth.fetchSetup(
      { url: `${ORIGIN}/api/song-service/songs/x/hls/seg00000.ts` },
      {},
    );
    expect(segment.headers.get('authorization')).toBeNull();
    const foreign = auth.fetchSetup({ url: `http://elsewhere.test${PLAYLIST}` }, {});
    expect(foreign.headers.get('authorization')).toBeNull();
  });
});

describe('nativeHlsSource (Safari without MediaSource)', () => {
  it('inlines the key (fetched with the token) and makes segment URIs absolute', async () => {
    const playlist = [
      '#EXTM3U',
      '#EXT-X-PLAYLIST-TYPE:VOD',
      `#EXT-X-KEY:METHOD=AES-128,URI="${KEY}",IV=0x00000000000000000000000000000001`,
      '#EXTINF:6.0,',
      '/api/song-service/songs/abcdefghjk/hls/seg00000.ts',
      '#EXT-X-ENDLIST',
    ].join('\n');
    const key = new Uint8Array(16).map((_, i) => i);
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      const auth = new Headers(init?.headers).get('authorization');
      if (auth !== 'Bearer tok') return new Response('', { status: 401 });
      return url.endsWith('hls-playlist') ? new Response(playlist) : new Response(key);
    });
    const src = await nativeHlsSource('/api/song-service/songs/abcdefghjk/hls-playlist', {
      token: () => 'tok',
      origin: ORIGIN,
      fetch,
    });
    expect(src.startsWith('data:application/vnd.apple.mpegurl;base64,')).toBe(true);
    const text = atob(src.split(',')[1]);
    expect(text).toContain(
      `URI="data:application/octet-stream;base64,${Buffer.from(key).toString('base64')}"`,
    );
    expect(text).toContain('IV=0x00000000000000000000000000000001');
    expect(text).toContain(`${ORIGIN}/api/song-service/songs/abcdefghjk/hls/seg00000.ts`);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('fails on a refused playlist or key', async () => {
    const deps = { token: () => 'tok', origin: ORIGIN };
    await expect(
      nativeHlsSource('/p', { ...deps, fetch: async () => new Response('', { status: 403 }) }),
    ).rejects.toThrow('HLS playlist answered 403');
    await expect(
      nativeHlsSource('/p', {
        ...deps,
        fetch: async (url) =>
          url.endsWith('/p')
            ? new Response(`#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="${KEY}"\n`)
            : new Response('', { status: 401 }),
      }),
    ).rejects.toThrow('HLS key answered 401');
  });

  it('LIVE-LISTEN-2: a key refused with 403 is told apart (a guest is then asked to sign in)', async () => {
    const refused = nativeHlsSource('/p', {
      token: () => 'tok',
      origin: ORIGIN,
      fetch: async (url) =>
        url.endsWith('/p')
          ? new Response(`#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="${KEY}"\n`)
          : new Response('', { status: 403 }),
    });
    await expect(refused).rejects.toBeInstanceOf(HlsKeyRefused);
  });
});
