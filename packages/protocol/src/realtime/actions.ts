import { z } from 'zod';
import type { ErrorCode } from '../errors';
import {
  AddDjParams,
  GetRoomUsersParams,
  JoinRoomParams,
  PlayOneTimeAnimationParams,
  RemoveDjParams,
  SkipSongParams,
  UpdateNextSongParams,
  VoteOnSongParams,
  type ActionName,
  type JoinRoomResult,
  type RoomUsersPage,
} from './index';

/**
 * SYNC-6: clockSync asks for the server's clock and nothing else (no room needed; a `roomUuid`
 * sent along is ignored). An extension an unmodified SDK never sends.
 */
export const ClockSyncParams = z.object({ roomUuid: z.string().optional() });
/** SYNC-6: the answer to clockSync: the server's clock (ms since the epoch) when it answered. */
export interface ClockSyncResult {
  serverTime: number;
}

/** What every answered action carries besides its own result fields. */
export interface ActionAnswer {
  status: 'OK';
}

/**
 * One action of the room socket (`{ event: 'action', params: { action: name, … } }`): the single
 * source of truth for its name, its params schema, its result and the refusals it may answer.
 * The server dispatches from it, the web calls it with `roomAction(def, params)`, and
 * docs/PROTOCOL.md is checked against it (PROTO-ACTIONS-1).
 */
export interface SocketAction<N extends string, P extends z.ZodType, R> {
  name: N;
  summary: string;
  params: P;
  /** The catalogue codes this action answers when it refuses (besides the generic ones). */
  refusals: readonly ErrorCode[];
  /** Phantom: the result fields of a successful answer (never set at runtime). */
  readonly result?: R;
}

/** Declares an action; the result type is given first: `socketAction<JoinRoomResult>()({…})`. */
export const socketAction =
  <R = Record<string, never>>() =>
  <N extends string, P extends z.ZodType>(
    def: Omit<SocketAction<N, P, R>, 'result'>,
  ): SocketAction<N, P, R> =>
    def;

/** Refusals any action may answer, so they are not repeated on each. */
export const COMMON_SOCKET_REFUSALS = [
  'TOKEN_INVALID',
  'SESSION_REVOKED',
  'SOCKET_UNKNOWN_ACTION',
  'SOCKET_INVALID_PARAMS',
  'SOCKET_RATE_LIMITED',
  'SOCKET_USER_LIMIT',
  'SOCKET_IP_LIMIT',
  'INTERNAL',
] as const satisfies readonly ErrorCode[];

/** Refusals of every action done inside a joined room. */
const IN_ROOM = ['ROOM_NOT_JOINED', 'ROOM_GUEST_LISTEN_ONLY', 'ROOM_BANNED'] as const;

export const SOCKET_ACTIONS = {
  joinRoom: socketAction<JoinRoomResult>()({
    name: 'joinRoom',
    summary: 'Enter a live room and receive its state',
    params: JoinRoomParams,
    refusals: [
      'ROOM_NOT_FOUND',
      'ROOM_FULL',
      'ROOM_GUESTS_FULL',
      'ROOM_BANNED',
      'ROOM_KICKED',
      'ROOM_PASSWORD_REQUIRED',
      'ROOM_PASSWORD_INCORRECT',
      'ROOM_PASSWORD_ATTEMPTS',
      'ROOM_SERVICE_DOWN',
    ],
  }),
  getRoomUsers: socketAction<RoomUsersPage>()({
    name: 'getRoomUsers',
    summary: "Another page of the room's users (after a joinRoom with usersLimit)",
    params: GetRoomUsersParams,
    refusals: ['ROOM_NOT_JOINED'],
  }),
  clockSync: socketAction<ClockSyncResult>()({
    name: 'clockSync',
    summary: "The server's clock, for a round trip of the client's clock estimate (SYNC-6)",
    params: ClockSyncParams,
    refusals: [],
  }),
  addDj: socketAction()({
    name: 'addDj',
    summary: 'Take a free DJ seat, optionally with the song to play next',
    params: AddDjParams,
    refusals: [
      ...IN_ROOM,
      'EMAIL_NOT_VERIFIED_ACTION',
      'ROOM_ALREADY_DJ',
      'ROOM_CANNOT_DJ',
      'ROOM_RULE_BOOTH_LOCKED',
      'ROOM_RULE_BOOTH_FROZEN',
      'ROOM_RULE_SONG_TOO_LONG',
      'ROOM_RULE_REPEAT',
      'ROOM_RULE_NOT_NEW',
      'ROOM_RULE_PLAYTIME_CAP',
      'ROOM_NO_SEAT',
      'TRUST_SEAT_NOT_YET',
    ],
  }),
  removeDj: socketAction()({
    name: 'removeDj',
    summary: 'Step down from the stage, or (moderators) take another DJ off it',
    params: RemoveDjParams,
    refusals: [
      ...IN_ROOM,
      'ROOM_NOT_A_DJ',
      'ROOM_TARGET_NOT_A_DJ',
      'ROOM_REMOVE_DJ_FORBIDDEN',
      'ROOM_PLAY_CHANGED',
    ],
  }),
  updateNextSong: socketAction()({
    name: 'updateNextSong',
    summary: 'Set the song this DJ plays on their next turn',
    params: UpdateNextSongParams,
    refusals: [
      ...IN_ROOM,
      'ROOM_NOT_A_DJ',
      'ROOM_RULE_SONG_TOO_LONG',
      'ROOM_RULE_REPEAT',
      'ROOM_RULE_NOT_NEW',
      'ROOM_RULE_PLAYTIME_CAP',
    ],
  }),
  voteOnSong: socketAction()({
    name: 'voteOnSong',
    summary: 'Like, dislike or star the song playing now',
    params: VoteOnSongParams,
    refusals: [
      ...IN_ROOM,
      'ROOM_NOTHING_PLAYING',
      'ROOM_OWN_SONG_VOTE',
      'ROOM_PLAY_CHANGED',
      'ROOM_DISLIKES_OFF',
    ],
  }),
  skipSong: socketAction()({
    name: 'skipSong',
    summary: 'End the song playing now (its DJ or a moderator)',
    params: SkipSongParams,
    refusals: [...IN_ROOM, 'ROOM_NOTHING_PLAYING', 'ROOM_SKIP_FORBIDDEN', 'ROOM_PLAY_CHANGED'],
  }),
  playOneTimeAnimation: socketAction()({
    name: 'playOneTimeAnimation',
    summary: 'Send an emoji or a jump to everyone in the room',
    params: PlayOneTimeAnimationParams,
    refusals: [...IN_ROOM, 'ROOM_EMOJI_REQUIRED', 'ROOM_EMOJI_DISABLED'],
  }),
} as const;

export type SocketActions = typeof SOCKET_ACTIONS;
export type SocketActionName = keyof SocketActions;
/** Actions this server adds to the SDK's list (reads an unmodified SDK never needs). */
export type ExtensionActionName = 'getRoomUsers' | 'clockSync';
/** Every action but joinRoom and the reads: they act in a room the connection joined. */
export type RoomActionName = Exclude<SocketActionName, 'joinRoom' | ExtensionActionName>;
export type AnySocketAction = SocketActions[SocketActionName];

export type SocketActionParams<A> =
  A extends SocketAction<string, infer P, unknown> ? z.output<P> : never;
/** What a caller passes (before defaults), without `roomUuid`, which the connection fills in. */
export type SocketActionInput<A> =
  A extends SocketAction<string, infer P, unknown> ? Omit<z.input<P>, 'roomUuid'> : never;
export type SocketActionResult<A> =
  A extends SocketAction<string, z.ZodType, infer R> ? R & ActionAnswer : never;

export const isSocketAction = (name: unknown): name is SocketActionName =>
  typeof name === 'string' && Object.hasOwn(SOCKET_ACTIONS, name);
export const isRoomActionName = (name: unknown): name is RoomActionName =>
  isSocketAction(name) && name !== 'joinRoom' && name !== 'getRoomUsers' && name !== 'clockSync';

// The SDK's action names and the registry name the same actions.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const registryMatchesSdk: Same<ActionName, Exclude<SocketActionName, ExtensionActionName>> = true;
void registryMatchesSdk;
