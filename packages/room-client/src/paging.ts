import jsonpatch, { type Operation as JsonOperation } from 'fast-json-patch';
import type { ClientRoomState, ClientRoomUser, Operation, RoomUsersPage } from '@tt/protocol';

/**
 * A client that joined with `usersLimit` holds only some of the room's users (ROOM-PAGE-1…3 in
 * docs/ROOM-RULES.md). The server's patches are the same for everyone; here they are applied to
 * such a partial state without ever failing on a user it does not hold.
 */

/** The lists a paging client holds only part of. */
const PAGED = ['allUsers', 'audienceUsers', 'floorUsers'] as const;
type PagedList = (typeof PAGED)[number];
const isPaged = (key: string | undefined): key is PagedList =>
  key !== undefined && (PAGED as readonly string[]).includes(key);

const unescape = (s: string) => s.replace(/~1/g, '/').replace(/~0/g, '~');
const escape = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');
const segments = (path: string) => path.split('/').slice(1).map(unescape);
const toPath = (parts: string[]) => parts.map((p) => '/' + escape(p)).join('');

export interface PagedPatchResult {
  state: ClientRoomState;
  /** Users who came (appended to allUsers) minus users who left (removed from it), room-wide. */
  usersDelta: number;
}

/**
 * ROOM-PAGE-3: applies a statePatch to a paged state, validating every operation it applies:
 * a `test` of `/<list>/<i>/uuid` says whom the next operation on `/<list>/<i>` is about (it is
 * applied to that user's own entry, or skipped when this client does not hold them); operations
 * on an `allUserData` entry it does not hold are skipped; a user it holds is not appended again.
 * Throws when an operation it does apply fails (the caller rejoins).
 */
export function applyPagedStatePatch(state: ClientRoomState, patch: Operation[]): PagedPatchResult {
  if (!Array.isArray(patch)) throw new Error('statePatch is not a list of operations');
  const doc = jsonpatch.deepClone(state) as ClientRoomState;
  let usersDelta = 0;
  let about: { list: string; index: string; uuid: string } | null = null;
  for (const op of patch) {
    const [root, key, ...rest] = segments(op.path);
    if (op.op === 'test' && isPaged(root) && rest.length === 1 && rest[0] === 'uuid') {
      about = { list: root, index: key, uuid: String(op.value) };
      continue;
    }
    const hint = about;
    about = null;
    let target: Operation = op;
    if (isPaged(root) && key === '-' && op.op === 'add') {
      if (root === 'allUsers') usersDelta++;
      const uuid = (op.value as ClientRoomUser | null)?.uuid;
      if (doc[root].some((u) => u.uuid === uuid)) continue;
    } else if (isPaged(root) && key !== undefined && hint?.list === root && hint.index === key) {
      if (root === 'allUsers' && op.op === 'remove' && rest.length === 0) usersDelta--;
      const local = doc[root].findIndex((u) => u.uuid === hint.uuid);
      if (local < 0) continue;
      target = { ...op, path: toPath([root, String(local), ...rest]) } as Operation;
    } else if (root === 'allUserData' && key !== undefined && !(key in doc.allUserData)) {
      if (op.op !== 'add' || rest.length > 0) continue;
    }
    jsonpatch.applyOperation(doc, target as JsonOperation, true, true);
  }
  return { state: doc, usersDelta };
}

/** ROOM-PAGE-2: a page of users joins the state, each list by uuid (no one twice). */
export function mergeUsersPage(state: ClientRoomState, page: RoomUsersPage): ClientRoomState {
  const next: ClientRoomState = { ...state, allUserData: { ...state.allUserData } };
  for (const list of PAGED) {
    const have = new Set(state[list].map((u) => u.uuid));
    next[list] = [...state[list], ...(page[list] ?? []).filter((u) => !have.has(u.uuid))];
  }
  for (const [uuid, data] of Object.entries(page.allUserData ?? {})) {
    if (!(uuid in next.allUserData)) next.allUserData[uuid] = data;
  }
  return next;
}
