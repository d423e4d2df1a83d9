import { describe, expect, it } from 'vitest';
import type { MinimalSongDto } from '@tt/protocol';
import { song } from '../realtime/test-kit';
import { DEMO_TRACKS } from '../services/song/demo/tracks';
import { RESIDENTS } from './residents';
import { roomSongs, Rotation } from './rotation';

const tune = (trackName: string, genre: string): MinimalSongDto => ({
  ...song(trackName, 120),
  genre,
  songShortId: `id-${trackName}`,
});

const house = ['A', 'B', 'C'].map((t) => tune(`House ${t}`, 'House'));
const lofi = ['A', 'B'].map((t) => tune(`Lofi ${t}`, 'Lo-fi'));

describe('demo rotation', () => {
  it('DEMO-RESIDENT-4: a room plays its own genres, matched without case or punctuation', () => {
    expect(roomSongs([...house, ...lofi], ['LOFI']).map((s) => s.trackName)).toEqual([
      'Lofi A',
      'Lofi B',
    ]);
    expect(roomSongs([...house, ...lofi], ['house', 'Jazz'])).toEqual(house);
  });

  it('DEMO-RESIDENT-4: with none of its genres ready yet, a room plays what is ready', () => {
    expect(roomSongs(house, ['Reggae'])).toEqual(house);
    expect(roomSongs([], ['Reggae'])).toEqual([]);
  });

  it('DEMO-RESIDENT-5: no song repeats before every song of the catalogue has played', () => {
    for (let trial = 0; trial < 20; trial++) {
      const rotation = new Rotation();
      const picks = Array.from({ length: 9 }, () => rotation.next(house)!.trackName);
      for (let round = 0; round < 3; round++) {
        expect(new Set(picks.slice(round * 3, round * 3 + 3)).size).toBe(3);
      }
      // A new round does not start with the song that ended the last one.
      expect(picks[3]).not.toBe(picks[2]);
      expect(picks[6]).not.toBe(picks[5]);
    }
  });

  it('DEMO-RESIDENT-5: songs that get ready while the catalogue renders join the round under way', () => {
    const rotation = new Rotation(() => 0);
    expect(rotation.next(house.slice(0, 1))!.trackName).toBe('House A');
    // Only one song ready: it plays again rather than leave the room silent.
    expect(rotation.next(house.slice(0, 1))!.trackName).toBe('House A');
    // Two more got ready: they play before A comes back.
    const next = [rotation.next(house)!.trackName, rotation.next(house)!.trackName];
    expect(next.sort()).toEqual(['House B', 'House C']);
  });

  it('DEMO-RESIDENT-4: every genre of the demo catalogue is played in exactly one demo room', () => {
    const genres = [...new Set(DEMO_TRACKS.map((t) => t.genre))].sort();
    const played = RESIDENTS.flatMap((r) => r.genres).sort();
    expect(played).toEqual(genres);
    for (const r of RESIDENTS) {
      const songs = DEMO_TRACKS.filter((t) => (r.genres as readonly string[]).includes(t.genre));
      expect(songs.length, r.slug).toBeGreaterThanOrEqual(12);
    }
  });

  it('answers nothing for an empty catalogue', () => {
    expect(new Rotation().next([])).toBeNull();
  });
});
