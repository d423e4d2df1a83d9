import { describe, expect, it } from 'vitest';
import type { ClientRoomState } from '@tt/protocol';
import { sampleState } from '@tt/room-client/testing';
import {
  boothSeats,
  floorSpot,
  formatDuration,
  playingDjUuid,
  slugify,
  songArt,
  songProgress,
  spreadSpots,
  vibePercent,
} from './model';

describe('room slugs (SLUG-1: lowercased)', () => {
  it('suggests a lowercased, dashed slug from the name', () => {
    expect(slugify('Late Night Grooves!')).toBe('late-night-grooves');
    expect(slugify('  Café  Über  ')).toBe('cafe-uber');
    expect(slugify('---')).toBe('');
    expect(slugify('a'.repeat(80))).toHaveLength(64);
  });
});

describe('the stage', () => {
  const dj = (uuid: string) => ({
    uuid,
    tokenRole: 'user' as const,
    highestRole: undefined,
    canDj: true,
    nextSong: null,
  });
  it('has numberOfDjs seats filled in rotation order; the first DJ plays while a song is on', () => {
    const state: ClientRoomState = sampleState({
      djs: [dj('a'), dj('b')],
      visibleDjs: [dj('a'), dj('b')],
    });
    state.settings.numberOfDjs = 3;
    expect(boothSeats(state).map((s) => s?.uuid ?? null)).toEqual(['a', 'b', null]);
    expect(playingDjUuid(state)).toBeNull();
    const playing = { ...state, nowPlaying: { song: {} as never, startTime: 0, endTime: 1 } };
    expect(playingDjUuid(playing)).toBe('a');
  });

  it('places avatars by their position in percent, and spreads those that would overlap', () => {
    expect(floorSpot({ x: 0, y: 0 }, 'u')).toEqual({ left: 5, top: 22 });
    expect(floorSpot({ x: 100, y: 100 }, 'u')).toEqual({ left: 95, top: 92 });
    expect(floorSpot(undefined, 'same')).toEqual(floorSpot(undefined, 'same'));
    const spread = spreadSpots([
      { left: 50, top: 50 },
      { left: 51, top: 51 },
      { left: 20, top: 30 },
    ]);
    expect(Math.abs(spread[1].left - spread[0].left)).toBeGreaterThanOrEqual(9);
    expect(spread[2]).toEqual({ left: 20, top: 30 });
  });
});

describe('now playing', () => {
  it('computes the progress by the server clock', () => {
    const np = { startTime: 10_000, endTime: 70_000 };
    // client clock 1 s behind the server: 31 s played
    expect(songProgress(np, 40_000, 1_000)).toEqual({ elapsed: 31, total: 60, fraction: 31 / 60 });
    expect(songProgress(np, 0, 0).elapsed).toBe(0);
    expect(songProgress(np, 999_999, 0).fraction).toBe(1);
    expect(songProgress(null, 1, 1)).toEqual({ elapsed: 0, total: 0, fraction: 0 });
    expect(formatDuration(125)).toBe('2:05');
  });

  it('shows the vibe meter as a percentage and picks our own artwork first', () => {
    expect(vibePercent(0.5)).toBe(50);
    expect(vibePercent(0.6667)).toBe(67);
    expect(vibePercent(Number.NaN)).toBe(0);
    expect(songArt({ thumbnails: { youtube: 'y.png', uploadService: 'u.svg' } })).toBe('u.svg');
    expect(songArt({ thumbnails: {} })).toBeNull();
  });
});
