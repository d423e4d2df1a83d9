import type { Connection } from './connection';
import type { JoinOutcome } from './engine';
import { pointer } from './patch-writer';
import { statefulFrame } from './wire';

/**
 * The joinRoom answer (its state already serialized, spliced in as it is) and the joiner's own
 * votes that follow it (`updatedUserData`); with `usersLimit`, the page it holds (ROOM-PAGE-1).
 */
export function joinFrames(
  outcome: JoinOutcome,
  allowedRooms: string[],
  userUuid: string,
  messageId: unknown,
): [answer: string, ownVotes: string] {
  const head = {
    roomUuid: outcome.roomUuid,
    allowedRooms,
    didCreate: outcome.didCreate,
    ...(outcome.usersPage ? { usersPage: outcome.usersPage } : {}),
  };
  const id = messageId === undefined ? '' : `,"messageId":${JSON.stringify(messageId)}`;
  const answer = `${JSON.stringify(head).slice(0, -1)},"state":${outcome.stateJson},"serverTime":${outcome.serverTime},"status":"OK","context":"response"${id}}`;
  const ownVotes = statefulFrame(outcome.roomUuid, 'updatedUserData', [
    { op: 'replace', path: pointer('allUserData', userUuid, 'songVotes'), value: outcome.ownVotes },
  ]);
  return [answer, ownVotes];
}

/** The answer to `detailsView`: what Actionhero tells of a connection. */
export function detailsAnswer(conn: Connection, messageId: unknown) {
  return {
    status: 'OK',
    data: {
      id: conn.id,
      fingerprint: conn.id,
      rooms: [...conn.rooms.keys()],
      connectedAt: conn.connectedAt,
      totalActions: conn.totalActions,
      remoteIP: conn.remoteAddress,
    },
    context: 'response',
    messageId,
  };
}
