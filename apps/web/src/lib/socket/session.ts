import { createRoomSession, type KeyValueStorage } from '@tt/room-client';
import { currentToken, useSession } from '../session';
import { gateway } from './gateway';
import { roomStore } from './store';

/** localStorage, looked up at each use (a page that may not use it keeps the record in memory). */
const browserStorage: KeyValueStorage = {
  getItem: (key) => localStorage.getItem(key),
  setItem: (key, value) => localStorage.setItem(key, value),
  removeItem: (key) => localStorage.removeItem(key),
};

/** The web's room session: on the page's one socket (the gateway), localStorage. */
const session = createRoomSession({
  store: roomStore,
  gateway,
  // Entering a room before the shell followed the session (its effect runs after the page's).
  token: currentToken,
  storage: browserStorage,
  // ROOM-PAGE-1: a big room's users come in pages ("Show more people" brings the next).
  usersLimit: 100,
});

let watchingSession = false;

/** Signing in or out changes who is in the room: leave it (the page joins again as the new user). */
function watchSession() {
  if (watchingSession) return;
  watchingSession = true;
  useSession.subscribe((s, prev) => {
    if (s.accessToken !== prev.accessToken && session.activeRoomUuid()) leaveRoom();
  });
}

/**
 * Enters a live room (one at a time): the connection outlives the room page, so the user stays in
 * the room while looking around the app, until they leave or enter another room.
 */
export function enterRoom(input: { slug: string; roomUuid: string; password?: string }): void {
  watchSession();
  session.enterRoom(input);
}

export const {
  /** Leaves the current room and forgets it (the stored slug is cleared). */
  leaveRoom,
  /** `roomAction(SOCKET_ACTIONS.voteOnSong, { songVotes })`: the room's uuid is filled in. */
  roomAction,
  /** The room the user is connected to (uuid), if any. */
  activeRoomUuid,
  /** ROOM-PAGE-2: the next page of the room's users. */
  loadMoreUsers,
  /** Forgets a stored kick reason (the user has seen it). */
  dismissRoomError,
  /** The stored record of the room the user was last in (slug, kick reason). */
  readCurrentRoom,
} = session;
