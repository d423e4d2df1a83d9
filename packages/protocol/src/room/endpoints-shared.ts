import { z } from 'zod';
import { MinimalSongDto, RoomDto, RoomMusicProvider, RoomSettingsInput } from './dto';

/** Inputs and answers shared by the room service's endpoint groups. */

/** A room named in a path: its uuid, its slug (any case) or, for admins, its numeric id. */
export const RoomIdParam = z.object({ id: z.string().min(1).max(200) });
export const RoomSlugParam = z.object({ slug: z.string().min(1).max(200) });
export const RoomRoleRoomParam = z.object({ roomId: z.string().min(1).max(200) });

/** Most rooms one `GET /rooms/multiple/list` or `POST /rooms/list` call names. */
export const MAX_ROOMS_PER_REQUEST = 20;
/** Most pinned messages a room keeps. */
export const MAX_PINNED_MESSAGES = 5;
/** Most rooms one account owns (admins are not limited). */
export const MAX_OWNED_ROOMS = 25;
/** How long a kick from a room lasts. */
export const ROOM_KICK_MINUTES = 10;

/**
 * Slugs that would collide with the service's fixed paths (`/rooms/public`, `/rooms/mine/list`,
 * `/roomUserRoles/change-owner/...`): no room may take them.
 */
export const RESERVED_ROOM_SLUGS: readonly string[] = [
  'admin',
  'cometchat',
  'change-owner',
  'conversation',
  'discord',
  'dj-seats',
  'dj-type',
  'infrastructure',
  'kick-user-from-room',
  'list',
  'live-audio',
  'live-state',
  'mine',
  'multiple',
  'no-dancefloor-users',
  'owned-rooms',
  'private-count',
  'promote',
  'promoted-rooms',
  'public',
  'recent',
  'rockset',
  'room-played-time',
  'room-state',
  'service',
  'user',
  'users',
  'uuid',
];

/** A link to an image or page elsewhere: https only, at most 500 characters. */
export const HttpsUrl = z
  .string()
  .trim()
  .max(500)
  .url('must be a URL')
  .refine((u) => /^https:\/\//i.test(u), 'must be an https URL');

/** A room's address: lowercased; letters, digits and dashes, not starting or ending with a dash. */
export const RoomSlugInput = z
  .string()
  .trim()
  .toLowerCase()
  .regex(
    /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/,
    'letters, digits and dashes (not first or last), 1 to 64 characters',
  );

/** PATCH /rooms/{id}: any subset of the settings; `password: null` removes the password. */
export const UpdateRoomReq = RoomSettingsInput.partial().extend({ slug: RoomSlugInput.optional() });
export type UpdateRoomReq = z.infer<typeof UpdateRoomReq>;

/** POST /rooms/infrastructure: only `name` is needed; the rest have defaults (see the summary). */
export const CreateRoomReq = UpdateRoomReq.extend({ name: RoomSettingsInput.shape.name });
export type CreateRoomReq = z.infer<typeof CreateRoomReq>;

/** PATCH /rooms/admin/{id}: the settings plus the fields only admins set. */
export const AdminUpdateRoomReq = UpdateRoomReq.extend({
  promoted: z.boolean().optional(),
  isLive: z.boolean().optional(),
  liveAudio: z.boolean().optional(),
  entryFee: z.number().int().min(0).max(1_000_000).optional(),
  freeEntries: z.number().int().min(0).max(1_000_000).optional(),
});
export type AdminUpdateRoomReq = z.infer<typeof AdminUpdateRoomReq>;

/** A page of rooms. */
export const RoomPageDto = z.object({ rooms: z.array(RoomDto), total: z.number().int() });
export type RoomPageDto = z.infer<typeof RoomPageDto>;

/** A room the caller visited, with when. */
export const RecentRoomDto = RoomDto.extend({ visitedAt: z.string() });
export type RecentRoomDto = z.infer<typeof RecentRoomDto>;
export const RecentRoomPageDto = z.object({
  rooms: z.array(RecentRoomDto),
  total: z.number().int(),
});

/** Admin view of a room: who created it, whether and when it was deleted, its integrations. */
export const AdminRoomDto = RoomDto.extend({
  createdBy: z.string(),
  deletedAt: z.string().nullable(),
  discordGuildId: z.string().nullable(),
  conversationId: z.string().nullable(),
});
export type AdminRoomDto = z.infer<typeof AdminRoomDto>;

export const VoteCountsDto = z.object({
  likes: z.number().int(),
  dislikes: z.number().int(),
  stars: z.number().int(),
});

/** One play of the recent-songs list. */
export const RecentSongDto = z.object({
  song: MinimalSongDto,
  voteCounts: VoteCountsDto,
  djUuid: z.string(),
  playedAt: z.string(),
});
export type RecentSongDto = z.infer<typeof RecentSongDto>;
export const RecentSongsPageDto = z.object({
  songs: z.array(RecentSongDto),
  total: z.number().int(),
});

export const UserUuidsDto = z.object({ userUuids: z.array(z.string()) });

/** `?room=a&room=b` / `?providers=a&providers=b`: one value arrives as a string, several as a list. */
export function repeatedQuery<T extends z.ZodType<unknown, string>>(
  item: T,
  min: number,
  max: number,
  name: string,
) {
  return z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]))
    .pipe(
      z
        .array(item)
        .min(min, `name at least ${min} ${name}`)
        .max(max, `at most ${max} ${name} per request`),
    );
}

export const PromotedRoomsQuery = z.object({
  providers: repeatedQuery(RoomMusicProvider, 0, 20, 'providers'),
});
export const MultipleRoomsQuery = z.object({
  room: repeatedQuery(z.string().min(1).max(200), 1, MAX_ROOMS_PER_REQUEST, 'rooms'),
});
