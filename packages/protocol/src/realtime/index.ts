import { z } from 'zod';
import type { Operation } from './json-patch';
import type { TokenRole } from '../enums';
import type { UserProfileDto } from '../user/dto';
import {
  MinimalSongDto,
  ROOM_PASSWORD_MAX_LENGTH,
  type MinimalSongDto as Song,
  type RoomDto,
  type RoomUserRole,
} from '../room/dto';

export type { Operation } from './json-patch';

/**
 * The room socket speaks the protocol of the npm package `ttfm-socket` (see docs/PROTOCOL.md):
 * a Primus websocket at `/primus?token=…`, Actionhero envelopes and JSON-Patch `statePatch`es.
 * These types mirror the SDK's bundled `.d.ts` files; a compile-time test checks they agree.
 */
export const PROTOCOL_VERSION = 1;

export const ActionName = {
  joinRoom: 'joinRoom',
  addDj: 'addDj',
  removeDj: 'removeDj',
  updateNextSong: 'updateNextSong',
  voteOnSong: 'voteOnSong',
  skipSong: 'skipSong',
  playOneTimeAnimation: 'playOneTimeAnimation',
} as const;
export type ActionName = (typeof ActionName)[keyof typeof ActionName];

export const StatefulServerMessageName = {
  addedDj: 'addedDj',
  lookedUpSong: 'lookedUpSong',
  playedSong: 'playedSong',
  removedDj: 'removedDj',
  updatedRoomSettings: 'updatedRoomSettings',
  updatedGuestPassword: 'updatedGuestPassword',
  updatedNextSong: 'updatedNextSong',
  updatedUserData: 'updatedUserData',
  updatedUserProfile: 'updatedUserProfile',
  userJoined: 'userJoined',
  userLeft: 'userLeft',
  votedOnSong: 'votedOnSong',
} as const;
export type StatefulServerMessageName =
  (typeof StatefulServerMessageName)[keyof typeof StatefulServerMessageName];

export const StatelessServerMessageName = {
  afkDjRemoved: 'afkDjRemoved',
  afkDjWarning: 'afkDjWarning',
  kickedFromRoom: 'kickedFromRoom',
  playedOneTimeAnimation: 'playedOneTimeAnimation',
  roomReset: 'roomReset',
} as const;
export type StatelessServerMessageName =
  (typeof StatelessServerMessageName)[keyof typeof StatelessServerMessageName];

export const OneTimeAnimation = { emoji: 'emoji', jump: 'jump' } as const;
export type OneTimeAnimation = (typeof OneTimeAnimation)[keyof typeof OneTimeAnimation];

// ---- room state as the client holds it (ttfm-socket ClientRoomState) ----

export type GhostUserProfile = Pick<UserProfileDto, 'color' | 'uuid' | 'avatarId' | 'nickname'>;
export interface AvatarPosition {
  x: number;
  y: number;
}
export interface SongVotes {
  like?: boolean;
  star?: boolean;
}
export interface ClientUserData {
  userProfile: UserProfileDto | GhostUserProfile;
  position: AvatarPosition;
  songVotes: SongVotes;
}
export interface ClientRoomUser {
  uuid: string;
  tokenRole: TokenRole;
  highestRole: RoomUserRole | undefined;
  canDj: boolean;
}
export type ClientDj = ClientRoomUser & { nextSong: Song | null };
export interface ClientNowPlaying {
  song: Song;
  /** Server clock, milliseconds. */
  startTime: number;
  endTime: number;
}
export interface VoteCounts {
  likes: number;
  dislikes: number;
  stars: number;
}
export interface ClientRoomState {
  allUserData: Record<string, ClientUserData>;
  allUsers: ClientRoomUser[];
  audienceUsers: ClientRoomUser[];
  djs: ClientDj[];
  floorUsers: ClientRoomUser[];
  nowPlaying: ClientNowPlaying | null;
  settings: RoomDto;
  songsRemainingForDj: number;
  vibeMeter: number;
  visibleDjs: ClientDj[];
  voteCounts: VoteCounts;
}

// ---- messages ----

export interface StatefulServerMessage {
  name: StatefulServerMessageName;
  statePatch: Operation[];
  params?: undefined;
}
export interface PlayedOneTimeAnimationParams {
  userUuid: string;
  animation: OneTimeAnimation;
  emoji?: string;
}
export type StatelessServerMessage =
  | { name: 'playedOneTimeAnimation'; params: PlayedOneTimeAnimationParams; statePatch?: undefined }
  | { name: 'kickedFromRoom'; params?: { reason?: string }; statePatch?: undefined }
  | { name: 'roomReset'; params?: undefined; statePatch?: undefined }
  // ROOM-RULES-7: to the DJ's own connections (an SDK that does not know them ignores them).
  | { name: 'afkDjWarning'; params: AfkDjWarningParams; statePatch?: undefined }
  | { name: 'afkDjRemoved'; params: AfkDjRemovedParams; statePatch?: undefined };
/** ROOM-RULES-7: the DJ leaves the stage at `removeAt` (server ms) unless they act before. */
export interface AfkDjWarningParams {
  removeAt: number;
}
/** ROOM-RULES-7: the DJ was taken off the stage for being away (code and text of the reason). */
export interface AfkDjRemovedParams {
  code: 'ROOM_RULE_AFK_REMOVED';
  reason: string;
}
export type CustomServerMessage = StatefulServerMessage | StatelessServerMessage;

/** A broadcast to the room (Actionhero "say" envelope). */
export interface ServerMessageEnvelope {
  message: CustomServerMessage;
  room: string;
  from: string;
  context: 'user';
  sentAt: number;
  messageId?: number;
}
/** The answer to one action. */
export type ResponseEnvelope =
  | ({ context: 'response'; messageId: number; error?: undefined } & Record<string, unknown>)
  | { context: 'response'; messageId: number; error: string };

/** What a client writes: `{ event: 'action', params: { action, ... }, messageId }`. */
export interface ClientEnvelope {
  event: 'action' | 'detailsView' | 'say' | 'roomAdd' | 'roomLeave' | 'roomView';
  params?: { action?: string } & Record<string, unknown>;
  messageId?: number;
  room?: string;
}

export interface JoinRoomResult {
  roomUuid: string;
  allowedRooms: string[];
  didCreate: boolean;
  state: ClientRoomState;
  serverTime: number;
  /** Only when the join asked for `usersLimit`: the state holds a page of the room's users. */
  usersPage?: UsersPageInfo;
}

/**
 * ROOM-PAGE-1: a page of the room's users. `total` users are in the room; the next page starts at
 * `nextOffset` of `allUsers` in arrival order (null: this was the last).
 */
export interface UsersPageInfo {
  total: number;
  nextOffset: number | null;
}

/** The answer to getRoomUsers: users `offset…offset+limit` of allUsers, with their lists and data. */
export interface RoomUsersPage extends UsersPageInfo {
  allUsers: ClientRoomUser[];
  audienceUsers: ClientRoomUser[];
  floorUsers: ClientRoomUser[];
  allUserData: Record<string, ClientUserData>;
}

/** Largest page of users a joinRoom or getRoomUsers may ask for. */
export const USERS_PAGE_MAX = 500;
const UsersLimit = z.number().int().min(1).max(USERS_PAGE_MAX);

// ---- action params (validated on the server) ----

export const JoinRoomParams = z.object({
  roomUuid: z.string().min(1),
  password: z.string().max(ROOM_PASSWORD_MAX_LENGTH).optional(),
  guestPassword: z.string().max(ROOM_PASSWORD_MAX_LENGTH).optional(),
  /** ROOM-PAGE-1: opt in to a state holding only a page of the room's users (default: all). */
  usersLimit: UsersLimit.optional(),
});
/** ROOM-PAGE-2: more of the room's users, from `offset` of allUsers. */
export const GetRoomUsersParams = z.object({
  roomUuid: z.string(),
  offset: z.number().int().min(0).max(1_000_000).default(0),
  limit: UsersLimit.default(100),
});
export const AddDjParams = z.object({ roomUuid: z.string(), song: MinimalSongDto.nullish() });
/**
 * VOTE-PLAY-1: the play an action is about, named by `nowPlaying.startTime` of the state the
 * client holds. Optional (an unmodified ttfm-socket client never sends it); when given and not the
 * play of now, the action is refused with ROOM_PLAY_CHANGED (VOTE-PLAY-2).
 */
export const PlayStartTime = z.number().int().nonnegative().optional();
export const RemoveDjParams = z.object({
  roomUuid: z.string(),
  djUuid: z.string().optional(),
  playStartTime: PlayStartTime,
});
export const UpdateNextSongParams = z.object({
  roomUuid: z.string(),
  song: MinimalSongDto.nullable(),
});
export const VoteOnSongParams = z.object({
  roomUuid: z.string(),
  songVotes: z
    .object({ like: z.boolean().optional(), star: z.boolean().optional() })
    .refine((v) => v.like !== undefined || v.star !== undefined, 'songVotes needs like or star'),
  playStartTime: PlayStartTime,
});
export const SkipSongParams = z.object({ roomUuid: z.string(), playStartTime: PlayStartTime });
export const PlayOneTimeAnimationParams = z.object({
  roomUuid: z.string(),
  animation: z.enum(['emoji', 'jump']),
  emoji: z.string().optional(),
});
