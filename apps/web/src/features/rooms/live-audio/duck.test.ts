import { describe, expect, it, vi } from 'vitest';
import { PlaybackEngine } from '../../../lib/player/engine';
import { nowPlaying, song } from '../../../lib/player/testing';
import { DUCK_FACTOR } from './session';

/** LIVE-AUDIO-8: the music ducks while someone talks, and comes back; muting still wins. */
describe('LIVE-AUDIO-8: ducking the music', () => {
  it('LIVE-AUDIO-8: the playing provider gets the volume times the duck factor, then the volume again', async () => {
    const engine = new PlaybackEngine({
      logger: { error: vi.fn() },
      clock: () => 1_000_000,
      user: { loggedIn: true, connectedProviders: ['spotify'] },
      tokens: { spotify: 'sp-token' },
      volume: 0.8,
    });
    const spotify = { name: 'spotify' as const, play: vi.fn(), stop: vi.fn(), setVolume: vi.fn() };
    engine.register(spotify);
    await engine.play(nowPlaying(song(), 1_150_000), 1_000_000);
    engine.setDuck(DUCK_FACTOR);
    expect(spotify.setVolume).toHaveBeenLastCalledWith(0.8 * DUCK_FACTOR);
    expect(engine.getState().volume).toBe(0.8);
    engine.setMuted(true);
    expect(spotify.setVolume).toHaveBeenLastCalledWith(0);
    engine.setMuted(false);
    engine.setDuck(1);
    expect(spotify.setVolume).toHaveBeenLastCalledWith(0.8);
  });
});
