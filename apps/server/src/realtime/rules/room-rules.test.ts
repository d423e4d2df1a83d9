import { describe, expect, it } from 'vitest';
import type { MinimalSongDto } from '@tt/protocol';
import { overPlaytime, repeatKeys, repeatWindow, songRuleRefusal, tooLong } from './room-rules';

/** docs/ROOM-RULES.md ROOM-RULES-1/2: the song rules as pure functions. */
const song = (trackName: string, duration = 200) =>
  ({ trackName, artistName: 'A', duration }) as MinimalSongDto;
const NOW = Date.parse('2026-11-27T12:00:00Z');
const ago = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();
const recent = [
  { song: song('One'), playedAt: ago(0.5) },
  { song: song('Two'), playedAt: ago(2) },
  { song: song('Three'), playedAt: ago(30) },
];

describe('ROOM-RULES-1/2: song rules', () => {
  it('ROOM-RULES-1: only a song longer than maxSongSeconds breaks the rule', () => {
    expect(tooLong({ rules: { maxSongSeconds: 200 } }, song('x', 200))).toBe(false);
    expect(tooLong({ rules: { maxSongSeconds: 200 } }, song('x', 201))).toBe(true);
    expect(tooLong({}, song('x', 9999))).toBe(false);
  });

  it('ROOM-RULES-2: the last N plays and the plays of the last N hours may not repeat', () => {
    expect(repeatWindow({})).toBe(0);
    expect(repeatWindow({ rules: { noRepeatPlays: 7 } })).toBe(7);
    expect(repeatWindow({ rules: { noRepeatHours: 2 } })).toBeGreaterThanOrEqual(100);
    expect(repeatKeys({ rules: { noRepeatPlays: 1 } }, recent, NOW)).toEqual(['a – one']);
    expect(repeatKeys({ rules: { noRepeatHours: 3 } }, recent, NOW)).toEqual([
      'a – one',
      'a – two',
    ]);
    const both = { rules: { noRepeatPlays: 1, noRepeatHours: 48 } };
    expect(repeatKeys(both, recent, NOW)).toHaveLength(3);
    const keys = repeatKeys({ rules: { noRepeatHours: 1 } }, recent, NOW);
    expect(songRuleRefusal({}, song('One'), keys)).toBe('ROOM_RULE_REPEAT');
    expect(songRuleRefusal({}, song('Two'), keys)).toBeNull();
  });
});

describe('ROOM-RULES-6: playtime per DJ per hour', () => {
  it('ROOM-RULES-6: the songs a DJ started in the last hour plus the new one must fit the cap', () => {
    const rules = { rules: { djMinutesPerHour: 10 } };
    const plays = [
      { song: song('a', 240), playedAt: ago(0.2), djUuid: 'd' },
      { song: song('b', 240), playedAt: ago(0.5), djUuid: 'd' },
      { song: song('c', 600), playedAt: ago(0.5), djUuid: 'other' },
      { song: song('e', 600), playedAt: ago(1.5), djUuid: 'd' },
    ];
    expect(overPlaytime(rules, 'd', song('x', 120), plays, NOW)).toBe(false); // 480 + 120 = 600
    expect(overPlaytime(rules, 'd', song('x', 121), plays, NOW)).toBe(true);
    expect(overPlaytime(rules, 'new', song('x', 600), plays, NOW)).toBe(false);
    expect(overPlaytime({}, 'd', song('x', 9999), plays, NOW)).toBe(false);
    expect(repeatWindow(rules)).toBeGreaterThanOrEqual(100);
  });
});
