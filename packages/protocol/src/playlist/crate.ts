import { z } from 'zod';
import { CrateSongStatus, MinimalSongDto, SongProvider } from '../room/dto';

/** Import status of a crate made from a provider playlist (CRATE-IMPORT-1). */
export const CRATE_IMPORT_STATUSES = ['IN_PROGRESS', 'FAILED', 'COMPLETE'] as const;
export const CrateImportStatus = z.enum(CRATE_IMPORT_STATUSES);
export type CrateImportStatus = z.infer<typeof CrateImportStatus>;

/** The special crates every user has from sign-up (CRATE-SPECIAL-1): queue and starred list. */
export const SPECIAL_CRATES = ['queue', 'likes'] as const;
export const SpecialCrate = z.enum(SPECIAL_CRATES);
export type SpecialCrate = z.infer<typeof SpecialCrate>;

/** Page sizes: songs of a crate, and crates of a list. */
export const CRATE_SONGS_PAGE = 300;
export const CRATES_PAGE = 100;
/** Most songs one crate holds. */
export const CRATE_MAX_SONGS = 20_000;
/** Most songs one add request carries. */
export const CRATE_ADD_MAX = 500;

const providerMap = z.partialRecord(SongProvider, z.string().max(2000));

/** A song in a crate, at a 0-based position. */
export const CrateSongDto = z.object({
  crateSongUuid: z.string().uuid(),
  position: z.number().int().min(0),
  /** The catalogue song, when the song is in our catalogue. */
  songId: z.number().int().nullable(),
  songShortId: z.string().nullable(),
  isrc: z.string().nullable(),
  trackName: z.string(),
  artistName: z.string(),
  /** Seconds. */
  duration: z.number(),
  explicit: z.boolean(),
  genre: z.string().nullable(),
  musicProviders: providerMap,
  thumbnails: providerMap,
  previews: z.array(z.string()),
  playbackToken: z.string().nullable(),
  status: CrateSongStatus,
});
export type CrateSongDto = z.infer<typeof CrateSongDto>;

/** A crate. `songs` only where an answer says so (GET /crate/{id} carries the first page). */
export const CrateDto = z.object({
  crateUuid: z.string().uuid(),
  /** Names the crate in service routes (GET /crate/service/{crateShortId}/songs). */
  crateShortId: z.string(),
  crateName: z.string(),
  description: z.string().nullable(),
  userUuid: z.string().uuid(),
  /** Art of the first songs (up to 4, from the first 32 positions). */
  thumbnails: z.array(z.string()),
  crateSongsNumber: z.number().int().min(0),
  /** The position the owner is at (the queue: the next song to play). */
  currentPosition: z.number().int().min(0),
  importStatus: CrateImportStatus.nullable(),
  /** Import progress: songs matched so far and songs in the source playlist. */
  importProgress: z.object({ done: z.number().int(), total: z.number().int() }).nullable(),
  /** `queue`, `likes`, or null for a crate the user made. */
  special: SpecialCrate.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The number of crates of a list answer; absent elsewhere. */
  count: z.number().int().optional(),
  songs: z.array(CrateSongDto).optional(),
});
export type CrateDto = z.infer<typeof CrateDto>;

const name = z.string().trim().min(1, 'must not be empty').max(100);
const description = z.string().trim().max(1000).nullable();

/** POST /crate: no name → "New Playlist #" + the lowest unused number (CRATE-NAME-1). */
export const CreateCrateBody = z.object({
  crateName: name.optional(),
  description: description.optional(),
});
export const UpdateCrateBody = z
  .object({ crateName: name.optional(), description: description.optional() })
  .refine((b) => b.crateName !== undefined || b.description !== undefined, {
    message: 'Nothing to update: send crateName or description',
  });

/** A song to add: a catalogue song by id or short id, or a provider song as search answers it. */
export const CrateSongInput = z.union([
  // Strict, so a provider song that carries a songShortId is not cut down to its short id.
  z.strictObject({ songId: z.number().int().positive() }),
  z.strictObject({ songShortId: z.string().min(1).max(64) }),
  MinimalSongDto,
]);
export type CrateSongInput = z.infer<typeof CrateSongInput>;

/** POST /crate/{id}/songs: `position` inserts there (0 = top); absent appends at the bottom. */
export const AddCrateSongsBody = z.object({
  songs: z.array(CrateSongInput).min(1).max(CRATE_ADD_MAX),
  position: z.number().int().min(0).optional(),
});
export const AddCrateSongsRes = z.object({
  added: z.array(CrateSongDto),
  /** Songs left out because the crate already holds the same song (SAME-SONG-1). */
  duplicates: z.number().int(),
  crate: CrateDto,
});
export type AddCrateSongsRes = z.infer<typeof AddCrateSongsRes>;

export const CrateSongsPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CRATE_SONGS_PAGE).default(CRATE_SONGS_PAGE),
  offset: z.coerce.number().int().min(0).default(0),
});
export const CrateSongsPage = z.object({
  songs: z.array(CrateSongDto),
  total: z.number().int(),
  next: z.number().int().nullable(),
});
export type CrateSongsPage = z.infer<typeof CrateSongsPage>;

export const CratesPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(CRATES_PAGE).default(CRATES_PAGE),
  offset: z.coerce.number().int().min(0).default(0),
});
export const CratesPage = z.object({ crates: z.array(CrateDto), count: z.number().int() });
export type CratesPage = z.infer<typeof CratesPage>;

export const CrateIdParam = z.object({ id: z.string().uuid('must be a crate uuid') });
export const CrateSongParam = CrateIdParam.extend({
  crateSongUuid: z.string().uuid('must be a crate song uuid'),
});
export const SpecialCrateParam = z.object({ special: SpecialCrate });
export const SpecialCrateSongParam = SpecialCrateParam.extend({
  crateSongUuid: z.string().uuid('must be a crate song uuid'),
});
export const UserUuidParam = z.object({ userUuid: z.string().uuid('must be a user uuid') });
export const MoveCrateSongBody = z.object({ newPosition: z.number().int().min(0) });
export const CurrentPositionBody = z.object({ currentPosition: z.number().int().min(0) });
export const CopyCrateBody = z.object({ srcCrateId: z.string().uuid('must be a crate uuid') });

/** POST /api/v1/playlists/{crateUuid}/tracks: a catalogue song (id or short id) at the bottom, or the top. */
export const AddPlaylistTrackBody = z.object({
  songId: z.union([z.number().int().positive(), z.string().trim().min(1).max(64)]),
  /** true (default): at the bottom; false: at the top. */
  append: z.boolean().default(true),
});
export const PlaylistTrackParam = z.object({
  crateUuid: z.string().uuid('must be a crate uuid'),
});

/** POST /exports/spotify and /exports/apple: a crate becomes a playlist in the user's library. */
export const ExportCrateBody = z.object({
  crateUuid: z.string().uuid('must be a crate uuid'),
});
export const CrateExportDto = z.object({
  /** The new playlist's id at the provider. */
  providerPlaylistId: z.string(),
  url: z.string(),
  /** Songs added to it: those with an id at that provider. */
  exported: z.number().int().min(0),
  /** Songs of the crate left out (no id at that provider). */
  missing: z.number().int().min(0),
});
export type CrateExportDto = z.infer<typeof CrateExportDto>;

/** POST /crate/import: a provider playlist link becomes a crate, filled by a background job. */
export const ImportCrateBody = z.object({
  link: z.string().trim().url('must be a playlist link').max(2000),
  crateName: name.optional(),
});
