import { currentToken, useSession } from '../session';
import type { AnySocketAction, SocketActionInput, SocketActionResult } from '@tt/protocol';
import { RoomConnection } from './connection';
import { readCurrentRoom, writeCurrentRoom } from './currentRoom';
import { initialRoomState, useRoomStore } from './store';

let active: RoomConnection | null = null;
let watchingSession = false;

/** Signing in or out changes who is in the room: leave it (the page joins again as the new user). */
function watchSession() {
  if (watchingSession) return;
  watchingSession = true;
  useSession.subscribe((s, prev) => {
    if (s.accessToken !== prev.accessToken && active) leaveRoom();
  });
}

/**
 * Enters a live room (one at a time): the connection outlives the room page, so the user stays in
 * the room while looking around the app, until they leave or enter another room.
 */
export function enterRoom(input: { slug: string; roomUuid: string; password?: string }): void {
  if (active && active.roomUuid === input.roomUuid) {
    const { status } = useRoomStore.getState();
    if (status !== 'failed' && status !== 'kicked' && status !== 'closed') return;
  }
  watchSession();
  active?.stop();
  active = new RoomConnection({
    ...input,
    token: currentToken,
    origin: window.location.origin,
    store: useRoomStore,
  });
  active.start();
}

/** Leaves the current room and forgets it (the stored slug is cleared). */
export function leaveRoom(): void {
  active?.stop();
  active = null;
  useRoomStore.setState({ ...initialRoomState });
  writeCurrentRoom(null);
}

/**
 * Sends an action of the registry to the room the user is in: `roomAction(SOCKET_ACTIONS.voteOnSong,
 * { songVotes })`. The room's uuid is filled in; params and result are typed by the definition.
 */
export function roomAction<A extends AnySocketAction>(
  def: A,
  ...params: object extends SocketActionInput<A>
    ? [params?: SocketActionInput<A>]
    : [params: SocketActionInput<A>]
): Promise<SocketActionResult<A>> {
  if (!active) return Promise.reject(new Error('Not in a room'));
  return active.action(def, (params[0] ?? {}) as SocketActionInput<A>);
}

/** The room the user is connected to (uuid), if any. */
export function activeRoomUuid(): string | null {
  return active?.roomUuid ?? null;
}

/** Forgets a stored kick reason (the user has seen it). */
export function dismissRoomError(): void {
  const record = readCurrentRoom();
  if (record?.error !== undefined && record.error !== null) writeCurrentRoom(null);
}

export { readCurrentRoom };
