import { describe, expect, it } from 'vitest';
import type { RoomDto, RoomUserRoleDto } from '@tt/protocol';
import { isSingleEmoji } from './animation';
import { canDj, djsOverSeats, takeSeatRefusal } from './dj';
import { can, highestRoomRole, nextRoleExpiry, roleInForce } from '@tt/rules';
import { mustStepDown, nextDjIndex, songsRemaining } from './rotation';
import { applyVote, NO_VOTES, vibeMeter } from './votes';

/** The pure rules behind docs/ROOM-RULES.md, case by case. */
const NOW = Date.parse('2030-01-01T00:00:00Z');
let id = 0;
const role = (userUuid: string, r: RoomUserRoleDto['role'], expires?: number): RoomUserRoleDto => ({
  id: ++id,
  roomId: 1,
  userUuid,
  role: r,
  expirationTime: expires === undefined ? null : new Date(expires).toISOString(),
  createdAt: '',
  updatedAt: '',
});
const settings = (
  djType: RoomDto['djType'],
  roomRoles: RoomUserRoleDto[] = [],
  numberOfDjs = 2,
): Pick<RoomDto, 'djType' | 'roomRoles' | 'numberOfDjs'> => ({ djType, roomRoles, numberOfDjs });
const user = (uuid: string, isGuest = false) => ({ uuid, isGuest, roles: [] as never[] });

describe('who may DJ', () => {
  it('RR-DJ-1: EVERYONE: any signed-in user, never a guest', () => {
    expect(canDj(settings('EVERYONE'), user('a'), NOW)).toBe(true);
    expect(canDj(settings('EVERYONE'), user('g', true), NOW)).toBe(false);
  });

  it('RR-DJ-2: INVITE_ONLY: the dj role or the room moderators', () => {
    const s = settings('INVITE_ONLY', [
      role('d', 'dj'),
      role('m', 'moderator'),
      role('o', 'owner'),
    ]);
    expect(['a', 'd', 'm', 'o'].map((u) => canDj(s, user(u), NOW))).toEqual([
      false,
      true,
      true,
      true,
    ]);
  });

  it('RR-DJ-3, SUB-PERKS-2: PRO_PLAN_OWNER: Pro subscribers, the owner and co-owners', () => {
    const s = settings('PRO_PLAN_OWNER', [
      role('d', 'dj'),
      role('c', 'coOwner'),
      role('o', 'owner'),
      role('b', 'banned'),
    ]);
    expect(['d', 'c', 'o'].map((u) => canDj(s, user(u), NOW))).toEqual([false, true, true]);
    expect(canDj(s, { ...user('p'), pro: true }, NOW)).toBe(true);
    expect(canDj(s, { ...user('b'), pro: true }, NOW)).toBe(false);
    expect(canDj(settings('INVITE_ONLY', []), { ...user('p'), pro: true }, NOW)).toBe(false);
  });

  it('RR-DJ-4, RR-DJ-5: djDisabled, banned and kicked users may not DJ', () => {
    const s = settings('EVERYONE', [
      role('x', 'djDisabled'),
      role('b', 'banned'),
      role('k', 'kicked'),
    ]);
    expect(['x', 'b', 'k'].map((u) => canDj(s, user(u), NOW))).toEqual([false, false, false]);
  });

  it('RR-ROLE-2: a role counts only until its expirationTime (checked at the time of the action)', () => {
    const s = settings('EVERYONE', [role('x', 'djDisabled', NOW + 1000)]);
    expect(canDj(s, user('x'), NOW)).toBe(false);
    expect(canDj(s, user('x'), NOW + 1000)).toBe(true);
    expect(roleInForce(role('x', 'banned'), NOW)).toBe(true);
    expect(nextRoleExpiry(s, NOW)).toBe(NOW + 1000);
    expect(nextRoleExpiry(s, NOW + 1000)).toBeNull();
  });
});

describe('seats', () => {
  it('RR-SEAT-1, RR-SEAT-2: a free seat, once', () => {
    const s = settings('EVERYONE', [], 2);
    expect(takeSeatRefusal(s, user('a'), [], NOW)).toBeNull();
    expect(takeSeatRefusal(s, user('a'), ['a'], NOW)).toBe('ROOM_ALREADY_DJ');
    expect(takeSeatRefusal(s, user('c'), ['a', 'b'], NOW)).toBe('ROOM_NO_SEAT');
    expect(takeSeatRefusal(s, user('g', true), [], NOW)).toBe('ROOM_CANNOT_DJ');
  });

  it('RR-SEAT-3: seats shrinking: the last in the lineup step down, the one playing stays', () => {
    expect(djsOverSeats(['a', 'b', 'c'], 1, true)).toEqual(['b', 'c']);
    expect(djsOverSeats(['a', 'b', 'c'], 0, true)).toEqual(['b', 'c']);
    expect(djsOverSeats(['a', 'b', 'c'], 0, false)).toEqual(['a', 'b', 'c']);
    expect(djsOverSeats(['a'], 3, false)).toEqual([]);
  });
});

describe('rotation and songs per DJ', () => {
  it('RR-ROT-3: the first DJ with a next song plays; none, nothing', () => {
    expect(nextDjIndex([{ nextSong: null }, { nextSong: {} }])).toBe(1);
    expect(nextDjIndex([{ nextSong: null }])).toBe(-1);
  });

  it('RR-SPD-1, RR-SPD-2, RR-SPD-3: the count, the step-down, 0 = no limit', () => {
    expect(songsRemaining(3, 1, true)).toBe(2);
    expect(songsRemaining(3, 3, true)).toBe(0);
    expect(songsRemaining(0, 9, true)).toBe(-1);
    expect(songsRemaining(3, 1, false)).toBe(0);
    expect(mustStepDown(2, 2)).toBe(true);
    expect(mustStepDown(2, 1)).toBe(false);
    expect(mustStepDown(0, 100)).toBe(false);
  });
});

describe('votes', () => {
  it('RR-VOTE-1, RR-VOTE-2: one like or dislike per user; switching moves the count; repeats do nothing', () => {
    const liked = applyVote(undefined, { like: true }, NO_VOTES);
    expect(liked).toEqual({
      votes: { like: true },
      counts: { likes: 1, dislikes: 0, stars: 0 },
      changed: true,
    });
    const again = applyVote(liked.votes, { like: true }, liked.counts);
    expect(again.changed).toBe(false);
    const switched = applyVote(liked.votes, { like: false }, liked.counts);
    expect(switched.counts).toEqual({ likes: 0, dislikes: 1, stars: 0 });
    expect(switched.votes).toEqual({ like: false });
  });

  it('RR-STAR-1: a star once, taken back with star false', () => {
    const starred = applyVote({ like: false }, { star: true }, { likes: 0, dislikes: 1, stars: 0 });
    expect(starred.votes).toEqual({ like: false, star: true });
    expect(starred.counts.stars).toBe(1);
    expect(applyVote(starred.votes, { star: true }, starred.counts).changed).toBe(false);
    const unstarred = applyVote(starred.votes, { star: false }, starred.counts);
    expect(unstarred.votes).toEqual({ like: false });
    expect(unstarred.counts.stars).toBe(0);
    expect(applyVote(undefined, { star: false }, NO_VOTES).changed).toBe(false);
  });

  it('RR-VIBE-1: likes / (likes + dislikes), 0.5 when nobody voted, three decimals', () => {
    expect(vibeMeter(NO_VOTES)).toBe(0.5);
    expect(vibeMeter({ likes: 0, dislikes: 0, stars: 5 })).toBe(0.5);
    expect(vibeMeter({ likes: 3, dislikes: 0, stars: 0 })).toBe(1);
    expect(vibeMeter({ likes: 0, dislikes: 2, stars: 0 })).toBe(0);
    expect(vibeMeter({ likes: 2, dislikes: 1, stars: 0 })).toBe(0.667);
  });
});

describe('roles and animations', () => {
  it('RR-ROLE-1: highestRole follows owner > coOwner > moderator > dj > djDisabled > chatDisabled', () => {
    const s = settings('EVERYONE', [
      role('a', 'dj'),
      role('a', 'moderator'),
      role('b', 'chatDisabled'),
      role('b', 'djDisabled'),
    ]);
    expect(highestRoomRole(s, 'a', NOW)).toBe('moderator');
    expect(highestRoomRole(s, 'b', NOW)).toBe('djDisabled');
    expect(highestRoomRole(s, 'c', NOW)).toBeUndefined();
  });

  it('RR-MOD-1: room moderators and platform moderators moderate', () => {
    const s = settings('EVERYONE', [role('m', 'moderator'), role('c', 'coOwner'), role('d', 'dj')]);
    expect(can({ uuid: 'm', roles: [] }, 'room.skip.other', { room: s, now: NOW })).toBe(true);
    expect(can({ uuid: 'c', roles: [] }, 'room.skip.other', { room: s, now: NOW })).toBe(true);
    expect(can({ uuid: 'd', roles: [] }, 'room.skip.other', { room: s, now: NOW })).toBe(false);
    expect(
      can({ uuid: 'x', roles: ['user', 'globalModerator'] }, 'room.skip.other', {
        room: s,
        now: NOW,
      }),
    ).toBe(true);
    expect(
      can({ uuid: 'x', roles: ['user', 'staff'] }, 'room.skip.other', { room: s, now: NOW }),
    ).toBe(false);
  });

  it('RR-ANIM-1: exactly one emoji grapheme', () => {
    for (const ok of ['🎉', '❤️', '👍🏽', '🇯🇵', '👨‍👩‍👧', '1️⃣']) expect(isSingleEmoji(ok)).toBe(true);
    for (const bad of ['', 'a', '1', '🎉🎉', ' 🎉', '<3', '🎉a'])
      expect(isSingleEmoji(bad)).toBe(false);
  });
});
