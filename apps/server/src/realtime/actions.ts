import type { z } from 'zod';
import {
  isRoomActionName,
  SOCKET_ACTIONS,
  type RoomActionName,
  type SocketActionParams,
  type SocketActions,
} from '@tt/protocol';
import type { RoomEngine } from './engine';
import type { LiveRoom } from './live-room';
import { refuse, ROOM_ERRORS } from './errors';
import { dislikeSkipDue, markActive } from './room-activity';
import { requireSeatTrust } from './trust-seat';
import * as act from './room-actions';
import type { Actor } from './room-actions';

/** The first problem of invalid params, as `path: message`. */
export function paramsProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'params';
  return `${where}: ${issue?.message ?? 'invalid'}`;
}

export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw refuse(ROOM_ERRORS.INVALID_PARAMS, paramsProblem(parsed.error));
  return parsed.data;
}

export type { RoomActionName };
/** The in-room actions the server runs: every action of the registry but joinRoom. */
export const isRoomAction = isRoomActionName;

interface ActionContext {
  engine: RoomEngine;
  auth: Actor;
  actor: Actor;
  /** Runs fn on the live room, in its queue (the connection is known to have joined it). */
  run: (roomUuid: string, fn: (room: LiveRoom) => Promise<void> | void) => Promise<Done>;
}
type Done = { roomUuid: string; seq: number };
type Handlers = {
  [K in RoomActionName]: (
    p: SocketActionParams<SocketActions[K]>,
    c: ActionContext,
  ) => Promise<Done>;
};

/** One handler per action of the registry (PROTO-ACTIONS-1): a missing one does not compile. */
const HANDLERS: Handlers = {
  addDj: async (p, { engine, auth, actor, run }) => {
    await engine.requireVerified(auth);
    const trust = await engine.seatTrust(auth); // TRUST-6
    const done = await run(p.roomUuid, (r) => {
      requireSeatTrust(r, trust);
      return act.addDj(r, actor, p.song ?? null, engine.playback);
    });
    engine.announceWork('room.djTookStage', p.roomUuid, actor.uuid);
    return done;
  },
  removeDj: (p, { engine, actor, run }) =>
    run(p.roomUuid, (r) => act.removeDj(r, actor, p.djUuid, engine.playback, p.playStartTime)),
  updateNextSong: (p, { engine, actor, run }) =>
    run(p.roomUuid, (r) => act.updateNextSong(r, actor, p.song, engine.playback)),
  voteOnSong: async (p, { engine, actor, run }) => {
    let star: act.StarChange | null = null;
    const done = await run(p.roomUuid, async (r) => {
      star = act.voteOnSong(r, actor, p.songVotes, p.playStartTime);
      if (dislikeSkipDue(r)) await engine.playback.advance(r); // ROOM-RULES-4
    });
    if (star) engine.announceStar(p.roomUuid, actor.uuid, star);
    return done;
  },
  skipSong: (p, { engine, actor, run }) =>
    run(p.roomUuid, (r) => act.skipSong(r, actor, engine.playback, p.playStartTime)),
  playOneTimeAnimation: (p, { actor, run }) =>
    run(p.roomUuid, (r) => act.playOneTimeAnimation(r, actor, p.animation, p.emoji)),
};

/**
 * Runs one of the in-room actions for a connection that joined the room. Guests only listen
 * (RR-GUEST-1); the user is who the token says, whatever the params claim. Params are checked
 * against the action's schema in the registry. Answers the room and the seq of its last message
 * once the action is done.
 */
export async function runRoomAction(
  engine: RoomEngine,
  auth: Actor,
  name: RoomActionName,
  params: Record<string, unknown>,
  joined: (roomUuid: string) => boolean,
): Promise<Done> {
  if (auth.isGuest) throw refuse(ROOM_ERRORS.GUEST_LISTEN_ONLY);
  const actor = act.actorOf(auth);
  const run: ActionContext['run'] = async (roomUuid, fn) => {
    const { seq } = await engine.act(roomUuid, actor, (r) => {
      markActive(r, actor.uuid); // ROOM-RULES-4: any action in the room
      return fn(r);
    });
    return { roomUuid, seq };
  };
  const parsed = parseParams(SOCKET_ACTIONS[name].params, params);
  if (!joined((parsed as { roomUuid: string }).roomUuid)) throw refuse(ROOM_ERRORS.NOT_JOINED);
  const handler = HANDLERS[name] as (p: unknown, c: ActionContext) => Promise<Done>;
  return handler(parsed, { engine, auth, actor, run });
}
