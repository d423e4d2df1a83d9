import { describe, expect, it, vi } from 'vitest';
import {
  bufferedRanges,
  HlsPlaybackProvider,
  type HlsProviderOptions,
  type MediaStatus,
} from './hls';
import { fakeHls, FakeMedia } from './hls-fakes';
import { song } from './testing';

const ORIGIN = 'http://room.test';
const URL_ = '/api/song-service/songs/abcdefghjk/hls-playlist';
const KEY = `${ORIGIN}/api/song-service/songs/hls/key?songId=abcdefghjk`;
const flush = () => new Promise((r) => setTimeout(r, 0));

function setup(options: Partial<HlsProviderOptions> & { supported?: boolean } = {}) {
  let now = 1_000_000;
  const media = new FakeMedia();
  const { Hls, instances } = fakeHls(options.supported ?? true);
  const statuses: MediaStatus[] = [];
  const samples: unknown[] = [];
  const ticks = new Map<number, () => void>();
  let ids = 0;
  const logger = { error: vi.fn() };
  const provider = new HlsPlaybackProvider({
    media,
    loadHls: async () => Hls,
    token: () => 'tok',
    serverNow: () => now,
    origin: ORIGIN,
    timers: {
      setInterval: (fn) => {
        ticks.set(++ids, fn);
        return ids;
      },
      clearInterval: (id) => void ticks.delete(id as number),
    },
    onStatus: (s) => statuses.push(s),
    onSample: (s) => samples.push(s),
    logger,
    ...options,
  });
  const request = (endTime = 1_150_000) => ({
    song: song({ duration: 200 }),
    offsetSeconds: 50,
    id: 'abcdefghjk',
    url: URL_,
    endTime,
  });
  return {
    provider,
    media,
    instances,
    statuses,
    samples,
    ticks,
    logger,
    request,
    advance: (ms: number) => (now += ms),
    tick: () => [...ticks.values()].forEach((fn) => fn()),
  };
}

describe('HlsPlaybackProvider with hls.js', () => {
  it('loads the playlist at the room offset and plays once the manifest is parsed', async () => {
    const t = setup();
    await t.provider.play(t.request());
    const hls = t.instances[0];
    expect(hls.config.startPosition).toBe(50);
    expect(hls.source).toBe(URL_);
    expect(hls.media).toBe(t.media);
    expect(t.statuses).toEqual(['loading']);
    t.media.currentTime = 50;
    hls.emit('manifestParsed');
    expect(t.media.play).toHaveBeenCalledTimes(1);
    expect(t.statuses).toEqual(['loading', 'playing']);
  });

  it('sends the bearer token with key requests only (xhrSetup and fetchSetup)', async () => {
    const t = setup();
    await t.provider.play(t.request());
    const { xhrSetup, fetchSetup } = t.instances[0].config;
    const xhr = { open: vi.fn(), setRequestHeader: vi.fn() };
    xhrSetup(xhr, KEY);
    expect(xhr.setRequestHeader).toHaveBeenCalledWith('Authorization', 'Bearer tok');
    const seg = { open: vi.fn(), setRequestHeader: vi.fn() };
    xhrSetup(seg, `${ORIGIN}/api/song-service/songs/abcdefghjk/hls/seg00000.ts`);
    expect(seg.setRequestHeader).not.toHaveBeenCalled();
    expect((fetchSetup({ url: KEY }, {}) as Request).headers.get('authorization')).toBe(
      'Bearer tok',
    );
  });

  it('reports autoplay blocking, and resume() (a click) plays', async () => {
    const t = setup();
    t.media.refuse = { name: 'NotAllowedError' };
    await t.provider.play(t.request());
    t.instances[0].emit('manifestParsed');
    await flush();
    expect(t.provider.getStatus()).toBe('blocked');
    t.media.refuse = null;
    await t.provider.resume();
    expect(t.provider.getStatus()).toBe('playing');
  });

  it('keeps in sync: seeks past 300 ms, nudges the rate for less, reports each sample', async () => {
    const t = setup();
    await t.provider.play(t.request());
    t.media.currentTime = 50;
    t.instances[0].emit('manifestParsed');
    t.media.ranges = [[48, 62]];
    // The media stalls for a second: 1 s behind → seek to where the room is.
    t.advance(1000);
    t.tick();
    expect(t.media.currentTime).toBe(51);
    expect(t.samples.at(-1)).toMatchObject({
      driftMs: -1000,
      action: 'seek',
      buffered: [[48, 62]],
      via: 'hls.js',
    });
    // 100 ms ahead → slow down a little (SYNC-4: the nudge is capped at ±3 %).
    t.advance(1000);
    t.media.currentTime = 52.1;
    t.tick();
    expect(t.media.playbackRate).toBeCloseTo(0.97, 5);
    expect(t.samples.at(-1)).toMatchObject({ driftMs: 100, action: 'nudge' });
    // On time → rate back to 1.
    t.advance(1000);
    t.media.currentTime = 53.01;
    t.tick();
    expect(t.media.playbackRate).toBe(1);
  });

  it('does not measure while the media cannot play (buffering, paused)', async () => {
    const t = setup();
    await t.provider.play(t.request());
    t.advance(3000);
    t.tick();
    expect(t.media.currentTime).toBe(0);
    expect(t.samples.at(-1)).toMatchObject({ driftMs: null, action: 'wait' });
  });

  it('a fatal hls.js error stops it and is logged; a non-fatal one is ignored', async () => {
    const t = setup();
    await t.provider.play(t.request());
    const hls = t.instances[0];
    hls.emit('error', { fatal: false, type: 'networkError', details: 'fragLoadTimeOut' });
    expect(t.provider.getStatus()).toBe('loading');
    hls.emit('error', { fatal: true, type: 'networkError', details: 'keyLoadError' });
    expect(t.provider.getStatus()).toBe('error');
    expect(hls.destroyed).toBe(true);
    expect(t.ticks.size).toBe(0);
    expect(t.logger.error).toHaveBeenCalledWith('Failed to play song', expect.any(Error));
  });

  it('LIVE-LISTEN-2: a key the server refuses (403) is reported; other errors are not', async () => {
    const onKeyRefused = vi.fn();
    const t = setup({ onKeyRefused });
    await t.provider.play(t.request());
    const hls = t.instances[0];
    hls.emit('error', { fatal: false, details: 'keyLoadError', response: { code: 500 } });
    hls.emit('error', { fatal: false, details: 'fragLoadError', response: { code: 403 } });
    expect(onKeyRefused).not.toHaveBeenCalled();
    hls.emit('error', { fatal: true, details: 'keyLoadError', response: { code: 403 } });
    expect(onKeyRefused).toHaveBeenCalledTimes(1);
  });

  it('LIVE-LISTEN-2: natively too, a refused key is reported', async () => {
    const onKeyRefused = vi.fn();
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('hls-playlist')
        ? new Response(`#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="${KEY}"\n`)
        : new Response('', { status: 403 }),
    );
    const t = setup({ supported: false, fetch, onKeyRefused });
    t.media.native = true;
    await expect(t.provider.play(t.request())).rejects.toThrow('HLS key answered 403');
    expect(onKeyRefused).toHaveBeenCalledTimes(1);
  });

  it('stop() tears down; late events of the old song are ignored', async () => {
    const t = setup();
    await t.provider.play(t.request());
    const hls = t.instances[0];
    t.provider.stop();
    expect(hls.destroyed).toBe(true);
    expect(t.media.pause).toHaveBeenCalled();
    expect(t.ticks.size).toBe(0);
    hls.emit('manifestParsed');
    expect(t.media.play).not.toHaveBeenCalled();
    expect(t.provider.getStatus()).toBe('idle');
  });

  it('a new song replaces the old one; a play superseded while hls.js loads does nothing', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const { Hls, instances } = fakeHls();
    const t = setup({ loadHls: () => gate.then(() => Hls) });
    const first = t.provider.play(t.request(1_150_000));
    const second = t.provider.play({ ...t.request(1_300_000), url: '/other' });
    release();
    await Promise.all([first, second]);
    expect(instances).toHaveLength(1);
    expect(instances[0].source).toBe('/other');
  });

  it('volume goes to the media element', () => {
    const t = setup();
    t.provider.setVolume(0.25);
    expect(t.media.volume).toBe(0.25);
  });
});

describe('HlsPlaybackProvider without hls.js', () => {
  it('falls back to native HLS with the key inlined, and seeks to the offset once loaded', async () => {
    const fetch = vi.fn(async (url: string) =>
      url.endsWith('hls-playlist')
        ? new Response(`#EXTM3U\n#EXT-X-KEY:METHOD=AES-128,URI="${KEY}"\n#EXTINF:6,\nseg00000.ts\n`)
        : new Response(new Uint8Array(16)),
    );
    const t = setup({ supported: false, fetch });
    t.media.native = true;
    await t.provider.play(t.request());
    expect(t.media.src.startsWith('data:application/vnd.apple.mpegurl;base64,')).toBe(true);
    t.media.emit('loadedmetadata');
    expect(t.media.currentTime).toBe(50);
    expect(t.media.play).toHaveBeenCalled();
    t.advance(1000);
    t.tick();
    expect(t.samples.at(-1)).toMatchObject({ via: 'native' });
  });

  it('fails with a clear error where no HLS playback exists', async () => {
    const t = setup({ supported: false });
    await expect(t.provider.play(t.request())).rejects.toThrow(
      'HLS playback is not supported in this browser',
    );
    expect(t.provider.getStatus()).toBe('error');
  });
});

describe('bufferedRanges', () => {
  it('lists TimeRanges as pairs', () => {
    const ranges = [
      [0, 12],
      [30, 42],
    ];
    expect(
      bufferedRanges({
        length: 2,
        start: (i) => ranges[i][0],
        end: (i) => ranges[i][1],
      }),
    ).toEqual(ranges);
  });
});
