import { describe, expect, it } from 'vitest';
import type { ClientRoomState, ClientRoomUser, Operation } from '@tt/protocol';
import { applyPagedStatePatch, mergeUsersPage } from './paging';

// As it crosses the wire: no highestRole key when the user has no room role.
const user = (uuid: string) => ({ uuid, tokenRole: 'user', canDj: true }) as ClientRoomUser;
const data = (uuid: string) => ({
  userProfile: { uuid, nickname: uuid, color: '#000', avatarId: 'a' },
  position: { x: 1, y: 2 },
  songVotes: {},
});

/** A paged state holding users a and d of a room of a, b, c, d (in that order). */
function paged(): ClientRoomState {
  return {
    allUserData: { a: data('a'), d: data('d') },
    allUsers: [user('a'), user('d')],
    audienceUsers: [user('a'), user('d')],
    floorUsers: [user('a'), user('d')],
    djs: [],
    visibleDjs: [],
    nowPlaying: null,
    settings: {} as ClientRoomState['settings'],
    songsRemainingForDj: 0,
    vibeMeter: 0.5,
    voteCounts: { likes: 0, dislikes: 0, stars: 0 },
  };
}

/** The userLeft patch of the user at `i` of the full lists, as the server sends it. */
const left = (uuid: string, i: number): Operation[] => [
  { op: 'test', path: `/floorUsers/${i}/uuid`, value: uuid },
  { op: 'remove', path: `/floorUsers/${i}` },
  { op: 'test', path: `/audienceUsers/${i}/uuid`, value: uuid },
  { op: 'remove', path: `/audienceUsers/${i}` },
  { op: 'test', path: `/allUsers/${i}/uuid`, value: uuid },
  { op: 'remove', path: `/allUsers/${i}` },
  { op: 'remove', path: `/allUserData/${uuid}` },
];

describe('ROOM-PAGE-3: patches on a paged state', () => {
  it('a user it holds leaves: removed from its own position in each list', () => {
    const { state, usersDelta } = applyPagedStatePatch(paged(), left('d', 3));
    expect(state.allUsers.map((u) => u.uuid)).toEqual(['a']);
    expect(state.floorUsers.map((u) => u.uuid)).toEqual(['a']);
    expect(state.allUserData).not.toHaveProperty('d');
    expect(usersDelta).toBe(-1);
  });

  it('a user it does not hold leaves: nothing changes, nothing fails (even at an index it has)', () => {
    const { state, usersDelta } = applyPagedStatePatch(paged(), left('b', 1));
    expect(state.allUsers.map((u) => u.uuid)).toEqual(['a', 'd']);
    expect(usersDelta).toBe(-1);
  });

  it('skips changes to data it does not hold; appends newcomers once', () => {
    const patch: Operation[] = [
      { op: 'replace', path: '/allUserData/c/songVotes', value: {} },
      { op: 'test', path: '/allUsers/2/uuid', value: 'c' },
      { op: 'replace', path: '/allUsers/2/canDj', value: false },
      { op: 'add', path: '/allUserData/e', value: data('e') },
      { op: 'add', path: '/allUsers/-', value: user('e') },
      { op: 'add', path: '/allUsers/-', value: user('a') },
      { op: 'test', path: '/allUsers/3/uuid', value: 'd' },
      { op: 'replace', path: '/allUsers/3/canDj', value: false },
      { op: 'replace', path: '/voteCounts', value: { likes: 1, dislikes: 0, stars: 0 } },
    ];
    const { state } = applyPagedStatePatch(paged(), patch);
    expect(state.allUsers.map((u) => [u.uuid, u.canDj])).toEqual([
      ['a', true],
      ['d', false],
      ['e', true],
    ]);
    expect(Object.keys(state.allUserData).sort()).toEqual(['a', 'd', 'e']);
    expect(state.voteCounts.likes).toBe(1);
  });

  it('still fails (for a rejoin) on an operation that cannot apply to what it holds', () => {
    expect(() => applyPagedStatePatch(paged(), [{ op: 'remove', path: '/djs/0' }])).toThrow();
  });
});

describe('ROOM-PAGE-2: merging a page', () => {
  it('adds the users it lacks to each list, once', () => {
    const merged = mergeUsersPage(paged(), {
      allUsers: [user('b'), user('c'), user('d')],
      audienceUsers: [user('b'), user('d')],
      floorUsers: [user('b')],
      allUserData: { b: data('b'), c: data('c'), d: data('d') },
      total: 4,
      nextOffset: null,
    });
    expect(merged.allUsers.map((u) => u.uuid)).toEqual(['a', 'd', 'b', 'c']);
    expect(merged.audienceUsers.map((u) => u.uuid)).toEqual(['a', 'd', 'b']);
    expect(merged.floorUsers.map((u) => u.uuid)).toEqual(['a', 'd', 'b']);
    expect(Object.keys(merged.allUserData).sort()).toEqual(['a', 'b', 'c', 'd']);
  });
});
