import type { MinimalSongDto, SongDto, SongProvider } from '@tt/protocol';

/* ------------------------------------------------------------------------------------------
 * Constants
 * ---------------------------------------------------------------------------------------- */

/** Songs whose durations differ by at most this many seconds may be the same (SAME-SONG-1). */
export const SONG_MATCH_TOLERANCE_SECONDS = 5;

/** How many sevenDigital results lead a merged search (SEARCH-MERGE-1). */
export const INTERLEAVE_SEVEN_DIGITAL_HEAD = 5;

/** Artwork sizes (pixels, square; SONG-ART-1). */
export const ARTWORK_SIZES = [128, 256, 500, 1024] as const;
export const DEFAULT_ARTWORK_SIZE = 256;

/** Sizes sevenDigital serves its images in (the `_NNN.jpg` suffix of their URLs; SONG-ART-1). */
export const SEVEN_DIGITAL_IMAGE_SIZES = [33, 50, 100, 180, 182, 200, 350, 500, 800] as const;

/**
 * SONG-DATA-LAZY-1: "several" providers / thumbnails / links means at least this many non-empty
 * entries in each map.
 */
export const SEVERAL_PROVIDERS = 2;

/* ------------------------------------------------------------------------------------------
 * Shared helpers
 * ---------------------------------------------------------------------------------------- */

/** Provider → string map, as in `musicProviders`, `thumbnails` and `links`. */
export type ProviderMap = Partial<Record<SongProvider, string | null | undefined>>;

function present(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

function presentId(value: string | number | null | undefined): value is string | number {
  if (typeof value === 'number') return Number.isFinite(value);
  return present(value);
}

/** Entries of a provider map whose value is a non-empty string. */
function filledEntries(map: ProviderMap | null | undefined): [string, string][] {
  if (!map) return [];
  return Object.entries(map).filter((entry): entry is [string, string] => present(entry[1]));
}

/* ------------------------------------------------------------------------------------------
 * 1. Same-song rule (SAME-SONG-1)
 * ---------------------------------------------------------------------------------------- */

/**
 * The fields the same-song rule reads. Satisfied structurally by `SongDto`, `MinimalSongDto`
 * and crate songs. `id` is the catalogue song id (`SongDto.id`); crate songs carry it as
 * `songId` — both are read, `id` first.
 */
export interface MatchableSong {
  crateSongUuid?: string | null;
  id?: number | string | null;
  songId?: number | string | null;
  songShortId?: string | null;
  isrc?: string | null;
  musicProviders?: ProviderMap | null;
  duration?: number | null;
  trackName?: string | null;
  artistName?: string | null;
}

function sameId(
  a: string | number | null | undefined,
  b: string | number | null | undefined,
): boolean {
  return presentId(a) && presentId(b) && String(a).trim() === String(b).trim();
}

function sameName(a: string | null | undefined, b: string | null | undefined): boolean {
  return present(a) && present(b) && a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** True when both songs name the same id at the same provider. */
export function shareProviderId(a: MatchableSong, b: MatchableSong): boolean {
  const other = b.musicProviders;
  if (!other) return false;
  return filledEntries(a.musicProviders).some(([provider, id]) =>
    sameId(id, other[provider as SongProvider]),
  );
}

/**
 * SAME-SONG-1: two songs are the same if their crate song ids match, or their song id, short id
 * or isrc match, or a shared provider id matches (same provider key with the same id), or their
 * durations differ by at most {@link SONG_MATCH_TOLERANCE_SECONDS} seconds and their track and
 * artist names are equal ignoring case (and surrounding whitespace).
 *
 * Missing values never match: null, undefined, empty / blank strings and non-finite numbers are
 * ignored, so two songs that both lack an isrc are not the same because of it. Ids are compared
 * as trimmed strings (so `12` matches `'12'`); isrcs ignore case (ISRC codes are case-insensitive).
 */
export function isSameSong(a: MatchableSong, b: MatchableSong): boolean {
  if (sameId(a.crateSongUuid, b.crateSongUuid)) return true;
  if (sameId(a.id ?? a.songId, b.id ?? b.songId)) return true;
  if (sameId(a.songShortId, b.songShortId)) return true;
  if (
    present(a.isrc) &&
    present(b.isrc) &&
    a.isrc.trim().toUpperCase() === b.isrc.trim().toUpperCase()
  ) {
    return true;
  }
  if (shareProviderId(a, b)) return true;
  const da = a.duration;
  const db = b.duration;
  return (
    typeof da === 'number' &&
    typeof db === 'number' &&
    Number.isFinite(da) &&
    Number.isFinite(db) &&
    Math.abs(da - db) <= SONG_MATCH_TOLERANCE_SECONDS &&
    sameName(a.trackName, b.trackName) &&
    sameName(a.artistName, b.artistName)
  );
}

/** Keeps the first of every group of songs that are the same by {@link isSameSong}. */
export function dedupeSongs<T extends MatchableSong>(songs: readonly T[]): T[] {
  const kept: T[] = [];
  for (const song of songs) {
    if (!kept.some((k) => isSameSong(k, song))) kept.push(song);
  }
  return kept;
}

/* ------------------------------------------------------------------------------------------
 * 2. Result interleaving (SEARCH-MERGE-1)
 * ---------------------------------------------------------------------------------------- */

export interface InterleaveOptions<T> {
  /** How many sevenDigital results lead (default {@link INTERLEAVE_SEVEN_DIGITAL_HEAD} = 5). */
  head?: number;
  /** When given, a result that is the same as one already placed is dropped (e.g. `isSameSong`). */
  isSame?: (a: T, b: T) => boolean;
}

/**
 * SEARCH-MERGE-1: search results of several sources are merged as the first 5 sevenDigital
 * results, then alternately one result of the other source(s) and one of the remaining sevenDigital
 * results (the other source goes first after the head). When one side runs out, the rest of the
 * other side follows in order. With several other sources, the caller passes them already merged
 * (in their own order) as `others`.
 *
 * Example: sd = [s1..s7], others = [o1, o2, o3] →
 * s1 s2 s3 s4 s5 o1 s6 o2 s7 o3.
 *
 * The inputs are not modified. No de-duplication is done unless `options.isSame` is given.
 */
export function interleaveResults<T>(
  sevenDigital: readonly T[],
  others: readonly T[],
  options: InterleaveOptions<T> = {},
): T[] {
  const head = Math.max(0, Math.floor(options.head ?? INTERLEAVE_SEVEN_DIGITAL_HEAD));
  const out: T[] = [];
  const isSame = options.isSame;
  const push = (item: T): void => {
    if (isSame && out.some((placed) => isSame(placed, item))) return;
    out.push(item);
  };
  sevenDigital.slice(0, head).forEach(push);
  const rest = sevenDigital.slice(head);
  const length = Math.max(rest.length, others.length);
  for (let i = 0; i < length; i++) {
    if (i < others.length) push(others[i] as T);
    if (i < rest.length) push(rest[i] as T);
  }
  return out;
}

/* ------------------------------------------------------------------------------------------
 * 3. Explicit filtering (ACTIVITY-1)
 * ---------------------------------------------------------------------------------------- */

/** The user's client settings as far as explicit audio goes (free-form user data). */
export interface ExplicitSettings {
  /** True when the user allows explicit audio. Missing → not allowed. */
  allowExplicit?: boolean | null;
}

/** Whether explicit songs must be left out: only in a chat-platform activity whose user does not allow them. */
export function shouldFilterExplicit(
  inChatPlatformActivity: boolean,
  settings?: ExplicitSettings | null,
): boolean {
  return inChatPlatformActivity && settings?.allowExplicit !== true;
}

/**
 * ACTIVITY-1: in a chat-platform activity (e.g. a Discord activity) explicit songs are filtered
 * out unless the user's settings allow explicit audio (`allowExplicit === true`); elsewhere
 * nothing is filtered. Songs whose `explicit` is missing are kept. Always returns a new array.
 */
export function filterExplicit<T extends { explicit?: boolean | null }>(
  songs: readonly T[],
  inChatPlatformActivity: boolean,
  settings?: ExplicitSettings | null,
): T[] {
  if (!shouldFilterExplicit(inChatPlatformActivity, settings)) return [...songs];
  return songs.filter((song) => song.explicit !== true);
}

/* ------------------------------------------------------------------------------------------
 * 4. Private SoundCloud filter (SEARCH-SC-PRIVATE-1)
 * ---------------------------------------------------------------------------------------- */

/** A SoundCloud track as its API answers it: `title` and `user.username`. */
export interface SoundCloudTrackLike {
  title?: string | null;
  user?: { username?: string | null } | null;
}

/** Lowercases and removes the first space only (as JavaScript's `replace(' ', '')`). */
export function normalizeSoundCloudText(text: string): string {
  return text.replace(' ', '').toLowerCase();
}

/**
 * SEARCH-SC-PRIVATE-1: private SoundCloud tracks are filtered by the query matching title or
 * username, ignoring the first space and case.
 *
 * Interpretation: the query and each of the track's title and username are normalised the same
 * way — the first space (only) removed, then lowercased — and a track is kept when its normalised
 * title or normalised username contains the normalised query. Normalising both sides keeps a
 * query typed like the title ("Daft Punk") matching it. An empty query keeps every track; a
 * missing title or username never matches a non-empty query.
 */
export function matchesPrivateSoundCloudQuery(track: SoundCloudTrackLike, query: string): boolean {
  const q = normalizeSoundCloudText(query);
  if (q === '') return true;
  const fields = [track.title, track.user?.username];
  return fields.some((field) => present(field) && normalizeSoundCloudText(field).includes(q));
}

export function filterPrivateSoundCloudTracks<T extends SoundCloudTrackLike>(
  tracks: readonly T[],
  query: string,
): T[] {
  return tracks.filter((track) => matchesPrivateSoundCloudQuery(track, query));
}

/* ------------------------------------------------------------------------------------------
 * 5. Lazy song-data completion (SONG-DATA-LAZY-1)
 * ---------------------------------------------------------------------------------------- */

type AnySongStatus = NonNullable<MinimalSongDto['status']> | SongDto['status'];

/** What the completion rule reads; `MinimalSongDto`, `SongDto` and crate songs fit. */
export interface CompletableSong {
  status?: AnySongStatus | string | null;
  musicProviders?: ProviderMap | null;
  thumbnails?: ProviderMap | null;
  links?: ProviderMap | null;
}

/** True for our own uploads: `musicProviders.uploadService` is set. */
export function isUploadSong(song: Pick<CompletableSong, 'musicProviders'>): boolean {
  return present(song.musicProviders?.uploadService ?? undefined);
}

/**
 * SONG-DATA-LAZY-1: song data is completed lazily from the provider unless
 *  - the crate song status is SUCCESS, or
 *  - the song already has several (≥ {@link SEVERAL_PROVIDERS} = 2 non-empty entries each)
 *    providers, thumbnails and links, or
 *  - it is an upload (`musicProviders.uploadService` set).
 * A song without `links` (e.g. a `MinimalSongDto`) therefore needs completion unless one of the
 * other exceptions holds.
 */
export function needsSongDataCompletion(song: CompletableSong): boolean {
  if (song.status === 'SUCCESS') return false;
  if (isUploadSong(song)) return false;
  const rich =
    filledEntries(song.musicProviders).length >= SEVERAL_PROVIDERS &&
    filledEntries(song.thumbnails).length >= SEVERAL_PROVIDERS &&
    filledEntries(song.links).length >= SEVERAL_PROVIDERS;
  return !rich;
}

/* ------------------------------------------------------------------------------------------
 * 6. Artwork sizes (SONG-ART-1)
 * ---------------------------------------------------------------------------------------- */

/**
 * The smallest available size at least `wanted`, or the largest available when none is big
 * enough. Sizes need not be sorted. A non-finite or non-positive `wanted` gives the smallest.
 * Throws on an empty list.
 */
export function pickImageSize(
  wanted: number = DEFAULT_ARTWORK_SIZE,
  available: readonly number[] = ARTWORK_SIZES,
): number {
  if (available.length === 0) throw new Error('No image sizes available');
  const sorted = [...available].sort((x, y) => x - y);
  const target = Number.isFinite(wanted) && wanted > 0 ? wanted : 0;
  return sorted.find((size) => size >= target) ?? (sorted[sorted.length - 1] as number);
}

/** {@link pickImageSize} over {@link ARTWORK_SIZES} (default 256). */
export function pickArtworkSize(wanted: number = DEFAULT_ARTWORK_SIZE): number {
  return pickImageSize(wanted, ARTWORK_SIZES);
}

/** {@link pickImageSize} over {@link SEVEN_DIGITAL_IMAGE_SIZES}. */
export function pickSevenDigitalImageSize(wanted: number = DEFAULT_ARTWORK_SIZE): number {
  return pickImageSize(wanted, SEVEN_DIGITAL_IMAGE_SIZES);
}

const APPLE_SIZED = /\/(\d+)x(\d+)([a-z]*)\.(jpe?g|png|webp)(?=$|[?#])/i;

/**
 * An Apple Music artwork URL at a size of {@link ARTWORK_SIZES} (the smallest ≥ `size`, else
 * 1024). Rewrites the template placeholders `{w}` and `{h}` (all occurrences; `{f}` becomes
 * `jpg`); an already-sized URL (`…/100x100bb.jpg`, as iTunes search answers) has its last
 * `WxH` segment replaced. Anything else is returned unchanged.
 */
export function appleArtworkUrl(template: string, size: number = DEFAULT_ARTWORK_SIZE): string {
  const px = String(pickArtworkSize(size));
  if (/\{w\}|\{h\}/.test(template)) {
    return template.replace(/\{w\}/g, px).replace(/\{h\}/g, px).replace(/\{f\}/g, 'jpg');
  }
  return template.replace(APPLE_SIZED, (_m, _w, _h, suffix: string, ext: string) => {
    return `/${px}x${px}${suffix}.${ext}`;
  });
}

const SEVEN_DIGITAL_SIZED = /_(\d+)\.jpg(?=$|[?#])/i;

/**
 * A sevenDigital image URL (`…/0012345678_350.jpg`) at a size of
 * {@link SEVEN_DIGITAL_IMAGE_SIZES} (the smallest ≥ `size`, else 800). URLs without the
 * `_NNN.jpg` suffix are returned unchanged.
 */
export function sevenDigitalImageUrl(url: string, size: number = DEFAULT_ARTWORK_SIZE): string {
  const px = pickSevenDigitalImageSize(size);
  return url.replace(SEVEN_DIGITAL_SIZED, `_${px}.jpg`);
}

/* Compile-time checks that the protocol types satisfy the structural types. */
type Assert<T extends true> = T;
export type MusicRuleTypeChecks = [
  Assert<MinimalSongDto extends MatchableSong ? true : false>,
  Assert<SongDto extends MatchableSong ? true : false>,
  Assert<MinimalSongDto extends CompletableSong ? true : false>,
  Assert<SongDto extends CompletableSong ? true : false>,
  Assert<SongDto extends { explicit?: boolean | null } ? true : false>,
];
