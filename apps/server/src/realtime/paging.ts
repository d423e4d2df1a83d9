import type {
  ClientRoomState,
  ClientRoomUser,
  ClientUserData,
  Operation,
  RoomUsersPage,
  UsersPageInfo,
} from '@tt/protocol';

/**
 * ROOM-PAGE-1, ROOM-PAGE-2: a room's users in pages. A join that asks for `usersLimit` gets the
 * state with the same shape, but only the first `usersLimit` users of `allUsers` (arrival order)
 * in its user lists and `allUserData` — plus, always, the DJs (so the current DJ), everyone with a
 * room role (moderators…) and the joiner. getRoomUsers answers further pages by offset.
 */

/** The users every paged state holds besides its page: DJs and room-role holders. */
function alwaysShown(state: ClientRoomState): Set<string> {
  const keep = new Set<string>();
  for (const d of state.djs) keep.add(d.uuid);
  for (const u of state.allUsers) if (u.highestRole) keep.add(u.uuid);
  return keep;
}

const pick = (list: ClientRoomUser[], keep: Set<string>) => list.filter((u) => keep.has(u.uuid));

function dataOf(state: ClientRoomState, uuids: Iterable<string>): Record<string, ClientUserData> {
  const data: Record<string, ClientUserData> = {};
  for (const uuid of uuids) {
    const entry = state.allUserData[uuid];
    if (entry) data[uuid] = entry;
  }
  return data;
}

function info(total: number, end: number): UsersPageInfo {
  return { total, nextOffset: end < total ? end : null };
}

/**
 * Builds the paged states of one burst of joins: what they share is worked out once, each joiner
 * only adds itself (ROOM-JOIN-2 serializes one state per burst; paged joins one small one each).
 */
export function pagedStates(state: ClientRoomState, limit: number) {
  const base = alwaysShown(state);
  for (const u of state.allUsers.slice(0, limit)) base.add(u.uuid);
  const page = info(state.allUsers.length, limit);
  return (selfUuid: string): { stateJson: string; usersPage: UsersPageInfo } => {
    const keep = base.has(selfUuid) ? base : new Set(base).add(selfUuid);
    const paged: ClientRoomState = {
      ...state,
      allUserData: dataOf(state, keep),
      allUsers: pick(state.allUsers, keep),
      audienceUsers: pick(state.audienceUsers, keep),
      floorUsers: pick(state.floorUsers, keep),
    };
    return { stateJson: JSON.stringify(paged), usersPage: page };
  };
}

/** getRoomUsers: users offset…offset+limit of allUsers, with their places in the other lists. */
export function usersPage(state: ClientRoomState, offset: number, limit: number): RoomUsersPage {
  const allUsers = state.allUsers.slice(offset, offset + limit);
  const keep = new Set(allUsers.map((u) => u.uuid));
  return {
    allUsers,
    audienceUsers: pick(state.audienceUsers, keep),
    floorUsers: pick(state.floorUsers, keep),
    allUserData: dataOf(state, keep),
    ...info(state.allUsers.length, offset + allUsers.length),
  };
}

const NEWCOMER_LISTS = new Set(['/allUsers/-', '/audienceUsers/-', '/floorUsers/-']);

/**
 * ROOM-PAGE-4: the `userJoined` frame as a paging connection gets it — without the newcomers'
 * entries (their lists and `allUserData`), save those with a room role, so its state keeps to
 * its pages instead of growing by every later joiner (O(room) bytes per listener). Answers null
 * when nothing is left to send. Other frames go to everyone unchanged.
 */
export function pagedFrame(frame: string): string | null {
  if (!frame.includes('"name":"userJoined"')) return frame;
  const envelope = JSON.parse(frame) as { message: { statePatch: Operation[] } };
  const ops = envelope.message.statePatch;
  const kept = new Set<string>();
  for (const op of ops) {
    const user =
      op.op === 'add' && NEWCOMER_LISTS.has(op.path) ? (op.value as ClientRoomUser) : null;
    if (user?.highestRole) kept.add(user.uuid);
  }
  const rest = ops.filter((op) => {
    if (op.op !== 'add') return true;
    if (NEWCOMER_LISTS.has(op.path)) return kept.has((op.value as ClientRoomUser).uuid);
    const m = /^\/allUserData\/([^/]+)$/.exec(op.path);
    return !m || kept.has(m[1].replace(/~1/g, '/').replace(/~0/g, '~'));
  });
  if (rest.length === 0) return null;
  envelope.message.statePatch = rest;
  return JSON.stringify(envelope);
}
