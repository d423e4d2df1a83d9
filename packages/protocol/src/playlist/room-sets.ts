import { z } from 'zod';
import { endpoint } from '../contract';
import { RecentSongDto } from '../room/endpoints-shared';
import { CrateDto } from './crate';

const S = 'playlist' as const;
const SlugParam = z.object({ slug: z.string().trim().min(1).max(100) });

/** SET-1: a DJ's set ends when their next play starts more than this long after their last ended. */
export const SET_GAP_MINUTES = 30;
/** SET-2: sets are found among this many of the room's latest plays. */
export const SET_PLAYS_SCANNED = 500;
/** SET-4: a saved set or "what I heard" keeps at most this many songs (the latest). */
export const SET_SAVE_MAX_SONGS = 200;
/** SET-5: "what I heard" reaches back at most this far. */
export const HEARD_WINDOW_HOURS = 24;

/** One DJ's set in a room (SET-1): its plays oldest first. */
export const RoomSetDto = z.object({
  djUuid: z.string(),
  /** When its first song started (with djUuid, names the set when saving it). */
  startedAt: z.string(),
  /** When its last song ended (started + duration). */
  endedAt: z.string(),
  songCount: z.number().int(),
  songs: z.array(RecentSongDto),
});
export type RoomSetDto = z.infer<typeof RoomSetDto>;

export const RoomSetsPageDto = z.object({
  sets: z.array(RoomSetDto),
  /** Sets found among the latest plays (SET-2). */
  total: z.number().int(),
});
export type RoomSetsPageDto = z.infer<typeof RoomSetsPageDto>;

const when = z.iso.datetime({ offset: true });
const crateName = z.string().trim().min(1, 'must not be empty').max(100);

/** What to save: one of the room's sets, or the plays while the caller was there (SET-5). */
export const SaveSetBody = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('set'),
    djUuid: z.string().uuid('must be a user uuid'),
    startedAt: when,
    crateName: crateName.optional(),
  }),
  z.object({ kind: z.literal('heard'), from: when, to: when, crateName: crateName.optional() }),
]);
export type SaveSetBody = z.infer<typeof SaveSetBody>;

export const SaveSetRes = z.object({
  crate: CrateDto,
  /** Songs put in the crate (the same song heard twice is kept once, SAME-SONG-1). */
  added: z.number().int(),
});
export type SaveSetRes = z.infer<typeof SaveSetRes>;

/** A room's last sets and saving them (or what one heard) as a crate (SET-1..6). */
export const roomSetEndpoints = {
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/rooms/{slug}/sets',
    auth: 'public',
    summary:
      "A room's last DJ sets, newest first (limit, offset); a password room's only for those inside",
    params: SlugParam,
    query: z.object({
      limit: z.coerce.number().int().min(1).max(20).default(5),
      offset: z.coerce.number().int().min(0).default(0),
    }),
    response: RoomSetsPageDto,
  }),
  saveAsCrate: endpoint({
    service: S,
    method: 'POST',
    path: '/rooms/{slug}/sets/crate',
    auth: 'user',
    summary:
      'Saves one of the room’s sets, or what the caller heard between from and to, as a new crate',
    params: SlugParam,
    body: SaveSetBody,
    response: SaveSetRes,
    status: 201,
    rateLimitPerMinute: 10,
  }),
};
