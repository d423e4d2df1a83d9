import { describe, expect, it } from 'vitest';
import type { ClientDj } from '@tt/protocol';
import { fadeGain, predictNext } from './next';
import { GapMeter, StartLead } from './preload';
import { nowPlaying, song } from './testing';

const dj = (uuid: string, next: string | null) =>
  ({
    uuid,
    nextSong: next ? song({ trackName: next, duration: 10 }) : null,
  }) as unknown as ClientDj;

describe('SYNC-9: the next song, predicted from the public lineup', () => {
  const np = nowPlaying(song({ trackName: 'Now', duration: 60 }), 2_000_000);

  it('SYNC-9: the next DJ after the one playing, starting at the song’s endTime (SYNC-7)', () => {
    const next = predictNext({ nowPlaying: np, djs: [dj('a', 'A2'), dj('b', 'B1')] });
    expect(next).toMatchObject({ song: { trackName: 'B1' }, startTime: 2_000_000 });
    expect(next!.endTime).toBe(2_010_000);
  });

  it('SYNC-9: DJs without a song are passed over; the DJ playing comes last', () => {
    const djs = [dj('a', 'A2'), dj('b', null), dj('c', null)];
    expect(predictNext({ nowPlaying: np, djs })!.song.trackName).toBe('A2');
  });

  it('SYNC-9: a DJ who steps down after this song (songsRemainingForDj 0) is not next', () => {
    const djs = [dj('a', 'A2'), dj('b', null)];
    expect(predictNext({ nowPlaying: np, djs, songsRemainingForDj: 0 })).toBeNull();
    expect(predictNext({ nowPlaying: null, djs })).toBeNull();
  });
});

describe('SYNC-8: crossfade centred on the switch', () => {
  const s = { startTime: 10_000, endTime: 70_000 };
  it('SYNC-8: 0 or null is a cut (always full volume)', () => {
    expect(fadeGain(10_000, s, 0)).toBe(1);
    expect(fadeGain(69_999, s, null)).toBe(1);
  });
  it('SYNC-8: fades in over the first half and out over the last half of the window', () => {
    expect(fadeGain(10_000, s, 4)).toBe(0);
    expect(fadeGain(11_000, s, 4)).toBeCloseTo(Math.SQRT1_2, 5);
    expect(fadeGain(12_000, s, 4)).toBe(1);
    expect(fadeGain(40_000, s, 4)).toBe(1);
    expect(fadeGain(69_000, s, 4)).toBeCloseTo(Math.SQRT1_2, 5);
    expect(fadeGain(70_000, s, 4)).toBe(0);
  });
});

describe('SYNC-10/11: start lead and gap meter', () => {
  it('SYNC-10: the lead moves by half the drift read 1.5 s after a start, not after a seek or a stall', () => {
    const lead = new StartLead();
    lead.started(0);
    lead.sample(1000, -100, false);
    expect(lead.ms()).toBe(0);
    lead.sample(1500, -100, false);
    expect(lead.ms()).toBe(50);
    lead.started(10_000);
    lead.sample(10_200, -300, true);
    lead.sample(12_000, -300, false);
    expect(lead.ms()).toBe(50);
    lead.started(20_000);
    lead.sample(21_500, -250, false); // a stall
    expect(lead.ms()).toBe(50);
  });

  it('SYNC-11: the gap runs from the old song’s stop to the new one’s position 0, either order', () => {
    const gaps: number[] = [];
    const meter = new GapMeter((ms) => gaps.push(ms));
    meter.stopped(1000);
    meter.changed();
    meter.position(1100, 0.1); // too early to trust
    meter.position(1450, 0.4); // sounded from 1050
    meter.position(1700, 0.5); // a stall: later, not counted
    expect(gaps).toEqual([]);
    meter.position(2150, 1.0);
    expect(gaps).toEqual([50]);
    meter.changed();
    meter.position(2250, 0.3); // from 1950: before the old one stops
    meter.position(2950, 1.0);
    meter.stopped(1980);
    expect(gaps).toEqual([50, -30]);
    // Started late, 2 s into the song: it sounded from where it was started.
    meter.stopped(5000);
    meter.changed();
    meter.startsAt(2);
    meter.position(5320, 2.3);
    meter.position(6020, 3);
    expect(gaps).toEqual([50, -30, 20]);
    meter.position(7000, 4); // no change announced: nothing measured
    expect(gaps).toHaveLength(3);
  });
});
