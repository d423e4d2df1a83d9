import { describe, expect, it } from 'vitest';
import type { CrateSongDto } from './contract';
import {
  fillPage,
  insertSongs,
  moveSong,
  pendingSong,
  rangeUuids,
  removeSongs,
  replaceSong,
} from './edits';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const song = (n: number, position = n): CrateSongDto => ({
  ...pendingSong(
    {
      trackName: `Song ${n}`,
      artistName: 'Artist',
      genre: null,
      duration: 200,
      isrc: null,
      musicProviders: {},
      playbackToken: null,
      thumbnails: {},
    },
    uuid(n),
    position,
  ),
});
const names = (items: readonly (CrateSongDto | null)[]) =>
  items.map((s) => (s ? s.trackName : null));
const dense = (items: readonly (CrateSongDto | null)[]) =>
  items.every((s, i) => s === null || s.position === i);

describe('crate song edits', () => {
  const three = [song(0), song(1), song(2)];

  it('fills a page into a sparse list of the total length', () => {
    const items = fillPage([], 5, 3, [song(7, 3), song(8, 4)]);
    expect(names(items)).toEqual([null, null, null, 'Song 7', 'Song 8']);
    expect(dense(items)).toBe(true);
  });

  it('inserts at a position or the bottom, keeping positions dense', () => {
    expect(names(insertSongs(three, [song(9)], 1))).toEqual([
      'Song 0',
      'Song 9',
      'Song 1',
      'Song 2',
    ]);
    const bottom = insertSongs(three, [song(9)]);
    expect(names(bottom)).toEqual(['Song 0', 'Song 1', 'Song 2', 'Song 9']);
    expect(dense(bottom)).toBe(true);
  });

  it('removes songs by uuid and closes the gap', () => {
    const items = removeSongs(three, new Set([uuid(0), uuid(2)]));
    expect(names(items)).toEqual(['Song 1']);
    expect(items[0]!.position).toBe(0);
  });

  it('moves a song down and up, leaving the input untouched', () => {
    expect(names(moveSong(three, 0, 2))).toEqual(['Song 1', 'Song 2', 'Song 0']);
    expect(names(moveSong(three, 2, 0))).toEqual(['Song 2', 'Song 0', 'Song 1']);
    expect(names(moveSong(three, 1, 99))).toEqual(['Song 0', 'Song 2', 'Song 1']);
    expect(names(three)).toEqual(['Song 0', 'Song 1', 'Song 2']);
    expect(dense(moveSong(three, 0, 2))).toBe(true);
  });

  it('moves across rows that are not loaded yet', () => {
    const sparse = [song(0), null, null, song(3)];
    const moved = moveSong(sparse, 0, 3);
    expect(names(moved)).toEqual([null, null, 'Song 3', 'Song 0']);
    expect(moved[3]!.position).toBe(3);
  });

  it('replaces a pending row with what the server added, or drops it', () => {
    const pending = insertSongs(three, [song(50)], 1);
    expect(names(replaceSong(pending, uuid(50), [song(60)]))).toEqual([
      'Song 0',
      'Song 60',
      'Song 1',
      'Song 2',
    ]);
    expect(names(replaceSong(pending, uuid(50), []))).toEqual(['Song 0', 'Song 1', 'Song 2']);
  });

  it('selects a range in either direction, skipping rows not loaded', () => {
    const sparse = [song(0), null, song(2), song(3)];
    expect(rangeUuids(sparse, 3, 0)).toEqual([uuid(0), uuid(2), uuid(3)]);
    expect(rangeUuids(sparse, 1, 2)).toEqual([uuid(2)]);
  });
});

describe('filling pages', () => {
  it('keeps rows the screen already holds', () => {
    const held = [null, song(90, 1)];
    expect(names(fillPage(held, 2, 0, [song(0), song(1)]))).toEqual(['Song 0', 'Song 90']);
  });
});
