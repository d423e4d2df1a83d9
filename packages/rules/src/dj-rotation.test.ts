import { describe, expect, it } from 'vitest';
import type { CrateSongDto } from '@tt/protocol';
import {
  currentPlay,
  endedPlay,
  needsNextUpdate,
  nextFromQueue,
  playedInQueue,
  toRoomSong,
  upNextUuid,
  type Play,
} from './dj-rotation';

const crateSong = (n: number): CrateSongDto => ({
  crateSongUuid: `cs-${n}`,
  position: n,
  songId: n,
  songShortId: `s${n}`,
  isrc: null,
  trackName: `Song ${n}`,
  artistName: 'Band',
  duration: 100 + n * 30,
  explicit: false,
  genre: null,
  musicProviders: { uploadService: `up-${n}` },
  thumbnails: {},
  previews: [],
  playbackToken: null,
  status: 'SUCCESS',
});
const queue = [crateSong(1), crateSong(2), crateSong(3)];
const play = (dj: string, startTime: number, n: number): Play => ({
  djUuid: dj,
  startTime,
  song: toRoomSong(crateSong(n)),
});

describe('queue rotation', () => {
  it('a queue song goes to the room with its ids and without crate-only fields', () => {
    const song = toRoomSong(queue[0]!);
    expect(song).toMatchObject({ trackName: 'Song 1', songShortId: 's1', crateSongUuid: 'cs-1' });
    expect(song).not.toHaveProperty('previews');
    expect(song).not.toHaveProperty('explicit');
  });

  it('the play is the first DJ with the song playing; nothing playing is no play', () => {
    const dj = { uuid: 'me', nextSong: null } as never;
    const song = toRoomSong(queue[0]!);
    expect(currentPlay({ djs: [dj], nowPlaying: { song, startTime: 5, endTime: 9 } })).toEqual({
      djUuid: 'me',
      startTime: 5,
      song,
    });
    expect(currentPlay({ djs: [dj], nowPlaying: null })).toBeNull();
  });

  it('while my song plays the next song is the first other queue song; otherwise the first', () => {
    expect(nextFromQueue(queue, play('me', 1, 1), 'me')?.trackName).toBe('Song 2');
    expect(nextFromQueue(queue, play('other', 1, 1), 'me')?.trackName).toBe('Song 1');
    expect(nextFromQueue(queue, null, 'me')?.trackName).toBe('Song 1');
    expect(nextFromQueue([queue[0]!], play('me', 1, 1), 'me')).toBeNull();
    expect(nextFromQueue([], null, 'me')).toBeNull();
  });

  it('my play has ended when the play changes; the same play going on has not', () => {
    const mine = play('me', 1, 1);
    expect(endedPlay(mine, null, 'me')).toBe(mine);
    expect(endedPlay(mine, play('other', 2, 2), 'me')).toBe(mine);
    // The same song again (a new start time) is a new play: the first one ended.
    expect(endedPlay(mine, play('me', 2, 1), 'me')).toBe(mine);
    expect(endedPlay(mine, play('me', 1, 1), 'me')).toBeNull();
    expect(endedPlay(play('other', 1, 2), null, 'me')).toBeNull();
    expect(endedPlay(null, mine, 'me')).toBeNull();
  });

  it('the played song is found in the queue by the same-song rule', () => {
    const played = { ...toRoomSong(crateSong(2)), crateSongUuid: undefined, songShortId: 's2' };
    expect(playedInQueue(queue, played)?.crateSongUuid).toBe('cs-2');
    expect(playedInQueue(queue, toRoomSong(crateSong(9)))).toBeNull();
  });

  it('the room hears of a next song only when it differs from the one it has', () => {
    expect(needsNextUpdate(queue[0]!, null)).toBe(true);
    expect(needsNextUpdate(queue[0]!, toRoomSong(queue[0]!))).toBe(false);
    expect(needsNextUpdate(queue[0]!, toRoomSong(queue[1]!))).toBe(true);
    expect(needsNextUpdate(null, null)).toBe(false);
  });

  it('up next is the DJ after the one playing, or the first DJ when nothing plays', () => {
    const djs = [{ uuid: 'a' }, { uuid: 'b' }] as never[];
    const nowPlaying = { song: toRoomSong(queue[0]!), startTime: 1, endTime: 2 };
    expect(upNextUuid({ djs, nowPlaying })).toBe('b');
    expect(upNextUuid({ djs, nowPlaying: null })).toBe('a');
    expect(upNextUuid({ djs: djs.slice(0, 1), nowPlaying })).toBeNull();
    expect(upNextUuid({ djs: [], nowPlaying: null })).toBeNull();
  });
});
