import { z } from 'zod';

/** Room enums (as in ttfm-socket's `RoomDto`). */
export const DjType = z.enum(['EVERYONE', 'INVITE_ONLY', 'PRO_PLAN_OWNER']);
export type DjType = z.infer<typeof DjType>;
export const RoomType = z.enum(['PUBLIC', 'PRIVATE']);
export type RoomType = z.infer<typeof RoomType>;
export const RoomDesign = z.enum([
  'BARN',
  'BARN_UA',
  'CHAT_ONLY',
  'CLUB',
  'CLUB_UA',
  'FERRY_BUILDING',
  'FESTIVAL',
  'STADIUM',
  'THEATER',
  'TOMORROWLAND',
  'UNDERGROUND',
  'YACHT',
]);
export type RoomDesign = z.infer<typeof RoomDesign>;
/**
 * VOTE-PLAY-3: dislikes in a room: `on` (counted and shown), `off` (refused, no button) or
 * `private` (counted; the count goes only to the DJ playing and the room's moderators).
 */
export const DislikesMode = z.enum(['on', 'off', 'private']);
export type DislikesMode = z.infer<typeof DislikesMode>;

/**
 * ROOM-RULES-1..9 (and SYNC-8's crossfade): a room's rules, set by its managers, shown to everyone in the room's info and
 * enforced by the server. A missing or null rule is off.
 */
export const RoomRules = z.object({
  /** ROOM-RULES-1: the longest song a DJ may queue or play, in seconds. */
  maxSongSeconds: z
    .number()
    .int()
    .min(30)
    .max(24 * 3600)
    .nullable()
    .optional(),
  /** ROOM-RULES-2: a song played in the room's last N plays may not be played again. */
  noRepeatPlays: z.number().int().min(1).max(100).nullable().optional(),
  /** ROOM-RULES-2: a song played here in the last N hours may not be played again. */
  noRepeatHours: z.number().int().min(1).max(168).nullable().optional(),
  /** ROOM-RULES-6: the most minutes of songs one DJ may start here in any 60 minutes. */
  djMinutesPerHour: z.number().int().min(1).max(60).nullable().optional(),
  /** ROOM-RULES-3: only these users (and the room's staff) may take a seat; null: anyone. */
  boothLock: z.array(z.string().uuid()).max(200).nullable().optional(),
  /** ROOM-RULES-4: the song is skipped once dislikes reach this share of the active listeners. */
  dislikeSkipShare: z.number().min(0.05).max(1).nullable().optional(),
  /** ROOM-RULES-7: a DJ with no room action for this many minutes is warned, then unseated. */
  afkDjMinutes: z.number().int().min(5).max(120).nullable().optional(),
  /** ROOM-RULES-8: only songs never played in this room before may be queued. */
  newTracksOnly: z.boolean().nullable().optional(),
  /** ROOM-RULES-9: the seat line is frozen: nobody new takes a seat (the room's staff still may). */
  boothFrozen: z.boolean().nullable().optional(),
  /** SYNC-8: listeners' players fade one song into the next over this many seconds (0: a cut). */
  crossfadeSeconds: z.number().int().min(0).max(8).nullable().optional(),
});
export type RoomRules = z.infer<typeof RoomRules>;

/** Room user roles. */
export const RoomUserRole = z.enum([
  'moderator',
  'owner',
  'coOwner',
  'banned',
  'kicked',
  'chatDisabled',
  'djDisabled',
  'dj',
]);
export type RoomUserRole = z.infer<typeof RoomUserRole>;

/** Providers a room may play from (RoomDto.musicProviderKeys). */
export const RoomMusicProvider = z.enum([
  'apple',
  'audius',
  'napster',
  'soundCloudPublic',
  'spotify',
  'uploadService',
  'youtube',
]);
export type RoomMusicProvider = z.infer<typeof RoomMusicProvider>;

/** Song providers of a song's musicProviders / thumbnails maps. */
export const SONG_PROVIDERS = [
  'apple',
  'audius',
  'napster',
  'soundCloudPublic',
  'spotify',
  'youtube',
  'pandora',
  'deezer',
  'tidal',
  'amazonMusic',
  'yandex',
  'spinrilla',
  'uploadService',
  'sevenDigital',
] as const;
export const SongProvider = z.enum(SONG_PROVIDERS);
export type SongProvider = z.infer<typeof SongProvider>;

export const CrateSongStatus = z.enum([
  'PENDING_UPLOAD',
  'VALID_FILE_TYPE',
  'MISSING_METADATA',
  'VERIFIED',
  'UNVERIFIED',
  'VERIFICATION_ERROR',
  'VERIFICATION_POSTPONED',
  'DATA_NOT_FOUND',
  'PENDING_REQUEST',
  'SUCCESS',
  'FETCH_FAILED',
]);

const providerMap = z.partialRecord(SongProvider, z.string().max(2000));

/** A song as DJs queue it (ttfm-socket `MinimalCrateSongResDTO`). */
export const MinimalSongDto = z.object({
  artistName: z.string().max(500),
  trackName: z.string().max(500),
  genre: z.string().max(200).nullable(),
  duration: z
    .number()
    .positive()
    .max(24 * 3600),
  isrc: z.string().max(50).nullable(),
  musicProviders: providerMap,
  playbackToken: z.string().max(4000).nullable(),
  thumbnails: providerMap,
  songShortId: z.string().max(100).optional(),
  crateSongUuid: z.string().max(100).optional(),
  status: CrateSongStatus.optional(),
  position: z.number().int().optional(),
});
export type MinimalSongDto = z.infer<typeof MinimalSongDto>;

/** A room user role entry (ttfm-socket `UserRoles`). */
export const RoomUserRoleDto = z.object({
  id: z.number().int(),
  roomId: z.number().int(),
  userUuid: z.string(),
  role: RoomUserRole,
  expirationTime: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoomUserRoleDto = z.infer<typeof RoomUserRoleDto>;

/** A pinned chat message of a room. */
export const PinnedMessageDto = z.object({
  id: z.string(),
  message: z.string(),
  userUuid: z.string(),
  pinnedAt: z.string(),
});
export type PinnedMessageDto = z.infer<typeof PinnedMessageDto>;

/** A room as clients see it (ttfm-socket `RoomDto`). Passwords are never sent back. */
export const RoomDto = z.object({
  id: z.number().int(),
  uuid: z.string(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  vibe: z.string(),
  djType: DjType,
  type: RoomType,
  design: RoomDesign,
  musicProviderKeys: z.array(RoomMusicProvider),
  numberOfDjs: z.number().int(),
  songsPerDj: z.number().int(),
  roomSize: z.number().int(),
  entryFee: z.number(),
  freeEntries: z.number().int(),
  isPasswordProtected: z.boolean(),
  isGuestPasswordProtected: z.boolean(),
  isLive: z.boolean(),
  liveAudio: z.boolean(),
  /** VOTE-PLAY-3 (absent: `on`). */
  dislikes: DislikesMode.optional(),
  /** ROOM-RULES-1..4 (absent: no rules). */
  rules: RoomRules.optional(),
  promoted: z.boolean(),
  hasChat: z.boolean(),
  unlisted: z.boolean(),
  posterUrl: z.string().nullable(),
  externalUrl: z.string().nullable(),
  pinnedMessages: z.array(PinnedMessageDto),
  roomRoles: z.array(RoomUserRoleDto),
  song: MinimalSongDto.nullable().optional(),
  usersInRoomUuids: z.array(z.string()).optional(),
  numberOfUsersInRoom: z.number().int().optional(),
  numberOfActiveDjs: z.number().int().optional(),
  /**
   * LIVE-AUDIO-11: someone is on the room's live-audio mic right now (lists and lookups that show
   * who is in the room). Absent where presence is not shown; `liveAudio` is only the setting.
   */
  liveAudioTalking: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type RoomDto = z.infer<typeof RoomDto>;

/**
 * The longest room or guest password (SEC-ROOMPW-2): set, given to the REST join or to the
 * socket's joinRoom. A longer one cannot be right and is refused before any hashing.
 */
export const ROOM_PASSWORD_MAX_LENGTH = 100;

/** Fields a room's owner sets on create and update (and admins on admin-update). */
export const RoomSettingsInput = z.object({
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(1000),
  vibe: z.string().trim().max(200),
  djType: DjType,
  type: RoomType,
  design: RoomDesign,
  musicProviderKeys: z.array(RoomMusicProvider).max(7),
  numberOfDjs: z.number().int().min(1).max(10),
  songsPerDj: z.number().int().min(0).max(100),
  roomSize: z.number().int().min(2).max(10000),
  /** Lowercased; letters, digits and dashes. */
  slug: z
    .string()
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
      'slug: letters, digits and dashes, 1–64 characters',
    ),
  password: z.string().min(1).max(ROOM_PASSWORD_MAX_LENGTH).nullable(),
  hasChat: z.boolean(),
  unlisted: z.boolean(),
  dislikes: DislikesMode,
});
