import { describe, expect, it, vi } from 'vitest';
import type { SongProvider } from '@tt/protocol';
import {
  buildPlayRequest,
  PlaybackEngine,
  type PlaybackEngineOptions,
  type PlaybackProvider,
  type PlayerEvent,
} from './engine';
import { nowPlaying, song } from './testing';

const flush = () => new Promise((r) => setTimeout(r, 0));

function fakeProvider(name: SongProvider, play?: PlaybackProvider['play']) {
  return {
    name,
    play: vi.fn(play ?? (() => undefined)),
    stop: vi.fn(),
    setVolume: vi.fn(),
  };
}

function setup(options: Partial<PlaybackEngineOptions> = {}) {
  let now = 1_000_000;
  const logger = { error: vi.fn() };
  const engine = new PlaybackEngine({
    logger,
    clock: () => now,
    user: { loggedIn: true, connectedProviders: ['spotify'] },
    tokens: { spotify: 'sp-token', soundcloud: 'sc-token' },
    resolveUrl: (_p, s) => `https://cdn/${s.musicProviders.uploadService}.m3u8`,
    ...options,
  });
  const events: PlayerEvent[] = [];
  engine.subscribe((e) => events.push(e));
  return { engine, logger, events, advance: (ms: number) => (now += ms), now: () => now };
}

describe('PlaybackEngine: choosing and playing', () => {
  it('plays the chosen provider at the synced offset with the song id and token', async () => {
    const { engine } = setup();
    const spotify = fakeProvider('spotify');
    const youtube = fakeProvider('youtube');
    engine.register(youtube);
    engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect(youtube.play).not.toHaveBeenCalled();
    expect(spotify.play).toHaveBeenCalledWith({
      song: song(),
      offsetSeconds: 50,
      endTime: 1_150_000,
      id: 's1',
      token: 'sp-token',
    });
    expect(engine.getState().provider).toBe('spotify');
  });

  it('uses the server clock offset learnt from play() when re-evaluating later', async () => {
    const t = setup();
    await t.engine.play(nowPlaying(song(), 1_150_000), 1_000_000); // nothing registered yet
    t.advance(10_000);
    const spotify = fakeProvider('spotify');
    t.engine.register(spotify);
    await flush();
    expect(spotify.play.mock.calls[0][0].offsetSeconds).toBe(60);
  });

  it('waits silently until a provider that can play the song registers (registration re-evaluates)', async () => {
    const { engine, logger } = setup();
    await engine.play(
      nowPlaying(song({ musicProviders: { youtube: 'y1' } }), 1_150_000),
      1_000_000,
    );
    expect(engine.getState().provider).toBeNull();
    const youtube = fakeProvider('youtube');
    engine.register(youtube);
    await flush();
    expect(youtube.play).toHaveBeenCalledTimes(1);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('same provider and same end time already playing → no-op', async () => {
    const { engine } = setup();
    const spotify = fakeProvider('spotify');
    engine.register(spotify);
    const np = nowPlaying(song(), 1_150_000);
    await engine.play(np, 1_000_000);
    await engine.play(np, 1_005_000);
    expect(spotify.play).toHaveBeenCalledTimes(1);
    await engine.play(nowPlaying(song(), 1_300_000), 1_160_000);
    expect(spotify.play).toHaveBeenCalledTimes(2);
    expect(spotify.stop).not.toHaveBeenCalled();
  });

  it('a different provider stops the previous one (better provider registers)', async () => {
    const { engine } = setup();
    const youtube = fakeProvider('youtube');
    engine.register(youtube);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect(youtube.play).toHaveBeenCalledTimes(1);
    const spotify = fakeProvider('spotify');
    engine.register(spotify);
    await flush();
    expect(youtube.stop).toHaveBeenCalledTimes(1);
    expect(spotify.play).toHaveBeenCalledTimes(1);
    expect(engine.getState().provider).toBe('spotify');
  });

  it('unregistering the playing provider stops it and falls back to the next one', async () => {
    const { engine } = setup();
    const youtube = fakeProvider('youtube');
    const spotify = fakeProvider('spotify');
    engine.register(youtube);
    const unregister = engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    unregister();
    await flush();
    expect(spotify.stop).toHaveBeenCalledTimes(1);
    expect(youtube.play).toHaveBeenCalledTimes(1);
    expect(engine.registeredProviders()).toEqual(['youtube']);
  });

  it('user change re-evaluates (e.g. connecting apple)', async () => {
    const { engine } = setup();
    const apple = fakeProvider('apple');
    const spotify = fakeProvider('spotify');
    engine.register(apple);
    engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect(spotify.play).toHaveBeenCalledTimes(1);
    engine.setUser({ loggedIn: true, connectedProviders: ['apple', 'spotify'] });
    await flush();
    expect(spotify.stop).toHaveBeenCalledTimes(1);
    expect(apple.play).toHaveBeenCalledTimes(1);
  });

  it('hangout brand plays uploads with the resolved URL', async () => {
    const { engine } = setup({ user: { loggedIn: true, brand: 'hangout' } });
    const uploads = fakeProvider('uploadService');
    engine.register(fakeProvider('spotify'));
    engine.register(uploads);
    await engine.play(
      nowPlaying(song({ musicProviders: { spotify: 's', uploadService: 'u9' } }), 1_150_000),
      1_000_000,
    );
    expect(uploads.play.mock.calls[0][0]).toMatchObject({ id: 'u9', url: 'https://cdn/u9.m3u8' });
  });

  it('stop() stops the provider and clears state; later registrations do not restart', async () => {
    const { engine } = setup();
    const spotify = fakeProvider('spotify');
    engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    engine.stop();
    expect(spotify.stop).toHaveBeenCalledTimes(1);
    expect(engine.getState()).toMatchObject({ provider: null, nowPlaying: null });
    engine.register(fakeProvider('youtube'));
    await flush();
    expect(engine.getState().provider).toBeNull();
    expect(spotify.play).toHaveBeenCalledTimes(1);
  });

  it('play(null) stops', async () => {
    const { engine } = setup();
    const spotify = fakeProvider('spotify');
    engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    await engine.play(null, 1_000_000);
    expect(spotify.stop).toHaveBeenCalled();
    expect(engine.getState().nowPlaying).toBeNull();
  });

  it('rejects unknown provider names at registration', () => {
    const { engine } = setup();
    expect(() => engine.register(fakeProvider('nope' as SongProvider))).toThrow('Unknown provider');
  });
});

describe('PlaybackEngine: errors are logged as "Failed to play song"', () => {
  it('a rejecting play handler is logged, state cleared, error event emitted', async () => {
    const { engine, logger, events } = setup();
    const boom = new Error('boom');
    engine.register(fakeProvider('spotify', () => Promise.reject(boom)));
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect(logger.error).toHaveBeenCalledWith('Failed to play song', boom);
    expect(engine.getState().provider).toBeNull();
    expect(events).toContainEqual({ type: 'error', error: boom });
  });

  it('Missing play handler for {provider}', async () => {
    const { engine, logger } = setup();
    engine.register({ name: 'spotify', stop: vi.fn(), setVolume: vi.fn() });
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect(logger.error.mock.calls[0][0]).toBe('Failed to play song');
    expect((logger.error.mock.calls[0][1] as Error).message).toBe(
      'Missing play handler for spotify',
    );
  });

  it('No Spotify token', async () => {
    const { engine, logger } = setup({ tokens: {} });
    engine.register(fakeProvider('spotify'));
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect((logger.error.mock.calls[0][1] as Error).message).toBe('No Spotify token');
  });

  it('buildPlayRequest throws each playback error message', () => {
    const p = (name: string) => fakeProvider(name as SongProvider);
    const s = song({
      musicProviders: { youtube: 'y', uploadService: 'u', spotify: 's', soundCloudPublic: 'sc' },
    });
    expect(() => buildPlayRequest(p('bogus'), s, 0, {})).toThrow(/^Unknown provider$/);
    expect(() =>
      buildPlayRequest({ name: 'youtube', stop: vi.fn(), setVolume: vi.fn() }, s, 0, {}),
    ).toThrow(/^Missing play handler for youtube$/);
    expect(() => buildPlayRequest(p('apple'), s, 0, {})).toThrow(/^Missing ID to play from apple$/);
    expect(() => buildPlayRequest(p('uploadService'), s, 0, {})).toThrow(
      /^Missing URL to play from uploadService$/,
    );
    expect(() => buildPlayRequest(p('spotify'), s, 0, { tokens: { soundcloud: 'x' } })).toThrow(
      /^No Spotify token$/,
    );
    expect(() =>
      buildPlayRequest(p('soundCloudPublic'), s, 0, { tokens: { spotify: 'x' } }),
    ).toThrow(/^No SoundCloud public token$/);
    expect(buildPlayRequest(p('soundCloudPublic'), s, 3, { tokens: { soundcloud: 't' } })).toEqual({
      song: s,
      offsetSeconds: 3,
      id: 'sc',
      token: 't',
    });
  });
});

describe('PlaybackEngine: guests in a live room (LIVE-LISTEN-2)', () => {
  const guest = { user: { loggedIn: false } };

  it('LIVE-LISTEN-2: a guest hears every song a room plays, however many, uncounted', async () => {
    const { engine, events } = setup(guest);
    const youtube = fakeProvider('youtube');
    engine.register(youtube);
    for (let i = 0; i < 6; i++)
      await engine.play(nowPlaying(song({ songShortId: `s${i}` }), 2_000_000 + i), 1_000_000);
    expect(youtube.play).toHaveBeenCalledTimes(6);
    expect(engine.getState().needsSignIn).toBe(false);
    expect(events).not.toContainEqual({ type: 'needsSignIn' });
  });

  it('LIVE-LISTEN-2: a key the server refuses a guest stops playback and asks to sign in', async () => {
    const { engine, events } = setup(guest);
    const youtube = fakeProvider('youtube');
    engine.register(youtube);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    engine.signInNeeded();
    expect(youtube.stop).toHaveBeenCalledTimes(1);
    expect(engine.getState()).toMatchObject({
      needsSignIn: true,
      provider: null,
      nowPlaying: null,
    });
    expect(events).toContainEqual({ type: 'needsSignIn' });
  });

  it('LIVE-LISTEN-2: signing in clears it and plays; a signed-in user is never asked', async () => {
    const { engine } = setup(guest);
    const youtube = fakeProvider('youtube');
    engine.register(youtube);
    const np = nowPlaying(song(), 1_150_000);
    engine.signInNeeded();
    engine.setUser({ loggedIn: true });
    await engine.play(np, 1_000_000);
    expect(engine.getState().needsSignIn).toBe(false);
    expect(youtube.play).toHaveBeenCalledTimes(1);
    engine.signInNeeded();
    expect(engine.getState().needsSignIn).toBe(false);
  });
});

describe('PlaybackEngine: volume and mute', () => {
  it('applies volume (clamped) and mute to the playing provider, and before play', async () => {
    const { engine } = setup({ volume: 0.5 });
    const spotify = fakeProvider('spotify');
    engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect(spotify.setVolume).toHaveBeenLastCalledWith(0.5);
    engine.setVolume(2);
    expect(spotify.setVolume).toHaveBeenLastCalledWith(1);
    engine.setVolume(-1);
    expect(spotify.setVolume).toHaveBeenLastCalledWith(0);
    engine.setVolume(0.7);
    engine.toggleMute();
    expect(spotify.setVolume).toHaveBeenLastCalledWith(0);
    expect(engine.getState()).toMatchObject({ muted: true, volume: 0.7 });
    engine.setMuted(false);
    expect(spotify.setVolume).toHaveBeenLastCalledWith(0.7);
    expect(engine.effectiveVolume()).toBe(0.7);
  });

  it('a muted engine starts new providers at volume 0', async () => {
    const { engine } = setup();
    engine.setMuted(true);
    const spotify = fakeProvider('spotify');
    engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    expect(spotify.setVolume).toHaveBeenCalledWith(0);
  });
});
