import type { z } from 'zod';
import {
  AddDjParams,
  PlayOneTimeAnimationParams,
  RemoveDjParams,
  SkipSongParams,
  UpdateNextSongParams,
  VoteOnSongParams,
} from '@tt/protocol';
import type { RoomEngine } from './engine';
import type { LiveRoom } from './live-room';
import { refuse, ROOM_ERRORS } from './errors';
import * as act from './room-actions';
import type { Actor } from './room-actions';

/** The first problem of invalid params, as `path: message`. */
export function paramsProblem(error: z.ZodError): string {
  const issue = error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'params';
  return ROOM_ERRORS.INVALID_PARAMS(`${where}: ${issue?.message ?? 'invalid'}`);
}

export function parseParams<S extends z.ZodType>(schema: S, params: unknown): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw refuse(paramsProblem(parsed.error));
  return parsed.data;
}

export const ROOM_ACTIONS = [
  'addDj',
  'removeDj',
  'updateNextSong',
  'voteOnSong',
  'skipSong',
  'playOneTimeAnimation',
] as const;
type RoomActionName = (typeof ROOM_ACTIONS)[number];

export type { RoomActionName };
export const isRoomAction = (name: unknown): name is RoomActionName =>
  typeof name === 'string' && (ROOM_ACTIONS as readonly string[]).includes(name);

/**
 * Runs one of the in-room actions for a connection that joined the room. Guests only listen
 * (RR-GUEST-1); the user is who the token says, whatever the params claim. Answers the room and
 * the seq of its last message once the action is done.
 */
export async function runRoomAction(
  engine: RoomEngine,
  auth: Actor,
  name: RoomActionName,
  params: Record<string, unknown>,
  joined: (roomUuid: string) => boolean,
): Promise<{ roomUuid: string; seq: number }> {
  if (auth.isGuest) throw refuse(ROOM_ERRORS.GUEST_LISTEN_ONLY);
  const actor = act.actorOf(auth);
  const run = async (roomUuid: string, fn: (room: LiveRoom) => Promise<void> | void) => {
    if (!joined(roomUuid)) throw refuse(ROOM_ERRORS.NOT_JOINED);
    const { seq } = await engine.act(roomUuid, actor, fn);
    return { roomUuid, seq };
  };
  const pb = engine.playback;
  switch (name) {
    case 'addDj': {
      const p = parseParams(AddDjParams, params);
      if (joined(p.roomUuid)) await engine.requireVerified(auth);
      return run(p.roomUuid, (r) => act.addDj(r, actor, p.song ?? null, pb));
    }
    case 'removeDj': {
      const p = parseParams(RemoveDjParams, params);
      return run(p.roomUuid, (r) => act.removeDj(r, actor, p.djUuid, pb));
    }
    case 'updateNextSong': {
      const p = parseParams(UpdateNextSongParams, params);
      return run(p.roomUuid, (r) => act.updateNextSong(r, actor, p.song, pb));
    }
    case 'voteOnSong': {
      const p = parseParams(VoteOnSongParams, params);
      let star: act.StarChange | null = null;
      const done = await run(p.roomUuid, (r) => {
        star = act.voteOnSong(r, actor, p.songVotes);
      });
      if (star) engine.announceStar(p.roomUuid, actor.uuid, star);
      return done;
    }
    case 'skipSong': {
      const p = parseParams(SkipSongParams, params);
      return run(p.roomUuid, (r) => act.skipSong(r, actor, pb));
    }
    case 'playOneTimeAnimation': {
      const p = parseParams(PlayOneTimeAnimationParams, params);
      return run(p.roomUuid, (r) => act.playOneTimeAnimation(r, actor, p.animation, p.emoji));
    }
  }
}
