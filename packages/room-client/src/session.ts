import type { AnySocketAction, SocketActionInput, SocketActionResult } from '@tt/protocol';
import { RoomConnection, type RoomConnectionOptions } from './connection';
import { readCurrentRoom, writeCurrentRoom, type CurrentRoomRecord } from './currentRoom';
import { initialRoomState, type RoomStoreApi } from './store';

/** What the platform gives a room session: everything else is the same on every platform. */
export interface RoomSessionOptions extends Pick<
  RoomConnectionOptions,
  'gateway' | 'storage' | 'timers' | 'random' | 'now' | 'log' | 'usersLimit'
> {
  store: RoomStoreApi;
  /**
   * The session's token, read when a room is entered: the gateway follows it (the app follows
   * the same token from its session too, but its effect may come after the room page's), so the
   * room is joined as the person signed in now.
   */
  token?: () => string | null;
}

/** Sends an action of the registry to the room the user is in (its uuid is filled in). */
export type RoomActionSender = <A extends AnySocketAction>(
  def: A,
  ...params: object extends SocketActionInput<A>
    ? [params?: SocketActionInput<A>]
    : [params: SocketActionInput<A>]
) => Promise<SocketActionResult<A>>;

export interface RoomSession {
  /**
   * Enters a live room (one at a time): the connection outlives any one screen, so the user stays
   * in the room while looking around the app, until they leave or enter another room. Entering
   * the room the user is already in (and not failed, kicked or closed) changes nothing.
   */
  enterRoom(input: { slug: string; roomUuid: string; password?: string }): void;
  /** Leaves the current room and forgets it (the stored record is cleared). */
  leaveRoom(): void;
  /** `roomAction(SOCKET_ACTIONS.voteOnSong, { songVotes })`: params and result typed by the definition. */
  roomAction: RoomActionSender;
  /** ROOM-PAGE-2: the next page of the room's users, when the session pages (`usersLimit`). */
  loadMoreUsers(): Promise<void>;
  /** The room the user is connected to (uuid), if any. */
  activeRoomUuid(): string | null;
  /** The stored record of the room the user was last in (slug, kick reason), if any. */
  readCurrentRoom(): CurrentRoomRecord | null;
  /** Forgets a stored kick reason (the user has seen it). */
  dismissRoomError(): void;
}

/**
 * The one room connection of an app, as functions that need no `this` (they may be passed
 * around or destructured), over the app's one socket (the gateway). Signing in or out changes who
 * is in the room: the app calls `leaveRoom()` then, and its room screen enters again as the new
 * user.
 */
export function createRoomSession(options: RoomSessionOptions): RoomSession {
  const { store, token, ...platform } = options;
  let active: RoomConnection | null = null;

  const leaveRoom = () => {
    active?.stop();
    active = null;
    store.setState({ ...initialRoomState });
    writeCurrentRoom(options.storage, null);
  };

  return {
    enterRoom(input) {
      if (active && active.roomUuid === input.roomUuid) {
        const { status } = store.getState();
        if (status !== 'failed' && status !== 'kicked' && status !== 'closed') return;
      }
      active?.stop();
      const now = token?.();
      if (now) options.gateway.follow(now);
      active = new RoomConnection({ ...platform, ...input, store });
      active.start();
    },
    leaveRoom,
    roomAction: (def, ...params) => {
      if (!active) return Promise.reject(new Error('Not in a room'));
      return active.action(def, (params[0] ?? {}) as SocketActionInput<typeof def>);
    },
    loadMoreUsers: () => active?.loadMoreUsers() ?? Promise.resolve(),
    activeRoomUuid: () => active?.roomUuid ?? null,
    readCurrentRoom: () => readCurrentRoom(options.storage),
    dismissRoomError() {
      const record = readCurrentRoom(options.storage);
      if (record?.error !== undefined && record.error !== null) {
        writeCurrentRoom(options.storage, null);
      }
    },
  };
}
