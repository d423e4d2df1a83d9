import { describe, expect, it } from 'vitest';
import {
  eventStatus,
  eventsOverlap,
  eventTimeProblem,
  mayManageCommunity,
  mayRemoveFromCommunity,
  maySetCommunityRole,
  mayViewCommunity,
  slugCandidates,
  slugify,
} from './communities';

const owner = { role: 'owner', admin: false } as const;
const mod = { role: 'moderator', admin: false } as const;
const member = { role: 'member', admin: false } as const;
const nobody = { role: null, admin: false } as const;
const admin = { role: null, admin: true } as const;
const H = 3_600_000;

describe('community rules', () => {
  it('SLUG-1: slugs from names', () => {
    expect(slugify('Late Night Grooves!')).toBe('late-night-grooves');
    expect(slugify('  Café  Über  ')).toBe('cafe-uber');
    expect(slugify('---')).toBe('');
    expect(slugify('---', 'room')).toBe('room');
    expect(slugify('a'.repeat(80))).toHaveLength(64);
    expect(slugCandidates('jazz', 3)).toEqual(['jazz', 'jazz-2', 'jazz-3']);
    const long = slugCandidates('a'.repeat(64), 12);
    expect(long[11]).toBe(`${'a'.repeat(61)}-12`);
    expect(long.every((s) => s.length <= 64)).toBe(true);
  });

  it('COMM-EDIT-1: owner, moderators and admins manage', () => {
    expect([owner, mod, member, nobody, admin].map(mayManageCommunity)).toEqual([
      true,
      true,
      false,
      false,
      true,
    ]);
  });

  it('COMM-ROLE-2: owners give any role; moderators add members only', () => {
    expect(maySetCommunityRole(owner, null, 'moderator')).toBe(true);
    expect(maySetCommunityRole(owner, 'member', 'owner')).toBe(true);
    expect(maySetCommunityRole(owner, 'owner', 'member')).toBe(false);
    expect(maySetCommunityRole(admin, 'moderator', 'member')).toBe(true);
    expect(maySetCommunityRole(mod, null, 'member')).toBe(true);
    expect(maySetCommunityRole(mod, null, 'moderator')).toBe(false);
    expect(maySetCommunityRole(mod, 'moderator', 'member')).toBe(false);
    expect(maySetCommunityRole(member, null, 'member')).toBe(false);
  });

  it('COMM-ROLE-3: who takes whom out', () => {
    expect(mayRemoveFromCommunity(owner, 'moderator', false)).toBe(true);
    expect(mayRemoveFromCommunity(owner, 'owner', true)).toBe(false);
    expect(mayRemoveFromCommunity(mod, 'member', false)).toBe(true);
    expect(mayRemoveFromCommunity(mod, 'moderator', false)).toBe(false);
    expect(mayRemoveFromCommunity(member, 'member', true)).toBe(true);
    expect(mayRemoveFromCommunity(member, 'member', false)).toBe(false);
  });

  it('COMM-VIS-1: private communities are for members and admins', () => {
    expect(mayViewCommunity('PUBLIC', nobody)).toBe(true);
    expect(mayViewCommunity('PRIVATE', nobody)).toBe(false);
    expect(mayViewCommunity('PRIVATE', member)).toBe(true);
    expect(mayViewCommunity('PRIVATE', admin)).toBe(true);
  });
});

describe('event rules', () => {
  it('EVT-STATE-1: upcoming, live, ended', () => {
    expect(eventStatus(10, 20, 5)).toBe('upcoming');
    expect(eventStatus(10, 20, 10)).toBe('live');
    expect(eventStatus(10, 20, 20)).toBe('ended');
  });

  it('EVT-TIME-1/2: length, horizon and the past', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(eventTimeProblem(now + H, now + 2 * H, now, true)).toBeNull();
    expect(eventTimeProblem(now + H, now + H + 14 * 60_000, now, true)).toBe('EVENT_TIME_INVALID');
    expect(eventTimeProblem(now + H, now + 26 * H, now, true)).toBe('EVENT_TIME_INVALID');
    expect(eventTimeProblem(now + 366 * 24 * H, now + 367 * 24 * H, now, true)).toBe(
      'EVENT_TIME_INVALID',
    );
    expect(eventTimeProblem(now - 4 * 60_000, now + H, now, true)).toBeNull();
    expect(eventTimeProblem(now - H, now + H, now, true)).toBe('EVENT_IN_PAST');
    expect(eventTimeProblem(now - H, now + H, now, false)).toBeNull();
  });

  it('EVT-OVERLAP-1: touching is fine, overlapping is not', () => {
    expect(eventsOverlap({ startsAt: 0, endsAt: 10 }, { startsAt: 10, endsAt: 20 })).toBe(false);
    expect(eventsOverlap({ startsAt: 0, endsAt: 11 }, { startsAt: 10, endsAt: 20 })).toBe(true);
  });
});
