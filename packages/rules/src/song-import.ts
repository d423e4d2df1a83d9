/* Import before add (CRATE-IMPORT-2, CRATE-IMPORT-3; docs/MUSIC-RULES.md). */
import {
  ERRORS,
  IMPORT_PROVIDERS,
  playlistCatalogueEndpoints,
  songProviderKey,
  type MinimalSongDto,
  type SongDataProvider,
  type SongProvider,
} from '@tt/protocol';

/**
 * CRATE-IMPORT-2: the providers a song is imported from, in the order tried: the five the apps
 * have always imported from, then any other provider the catalogue's track import accepts.
 */
export const SONG_IMPORT_ORDER: readonly SongProvider[] = [
  ...new Set<SongProvider>([
    'uploadService',
    'spotify',
    'apple',
    'soundCloudPublic',
    'sevenDigital',
    ...IMPORT_PROVIDERS.map((p) => songProviderKey(p as SongDataProvider)),
  ]),
];

/** CRATE-IMPORT-2: the two messages a failed import is told with. */
export const SONG_IMPORT_ERRORS = {
  noProvider: 'TRACK_IMPORT_NO_PROVIDER',
  notInCatalog: 'TRACK_NOT_IMPORTABLE',
} as const;

/** True when the song is in our catalogue already (it has an internal id): added as it is. */
export function isCatalogueSong(song: Pick<MinimalSongDto, 'songShortId'>): boolean {
  return typeof song.songShortId === 'string' && song.songShortId.length > 0;
}

/**
 * CRATE-IMPORT-2: what the catalogue imports a provider song by (`POST /api/v1/track-import`):
 * its first provider id in SONG_IMPORT_ORDER, or null when it has none of them.
 */
export function importSourceOf(
  song: Pick<MinimalSongDto, 'musicProviders'>,
): { musicProvider: SongProvider; providerId: string } | null {
  const ids = song.musicProviders ?? {};
  for (const provider of SONG_IMPORT_ORDER) {
    const id = ids[provider];
    if (typeof id === 'string' && id.trim() !== '') {
      return { musicProvider: provider, providerId: id.trim() };
    }
  }
  return null;
}

/**
 * CRATE-IMPORT-2: which message a failed track import is told with: a refusal below 500 means
 * the song is not in the catalogue and cannot be imported; 500 and above (and a missing or
 * refused sign-in) keep their own message.
 */
export function importFailureCode(status: number): typeof SONG_IMPORT_ERRORS.notInCatalog | null {
  if (status === 401 || status >= 500) return null;
  return SONG_IMPORT_ERRORS.notInCatalog;
}

/**
 * CRATE-IMPORT-3: the sweep of crate songs left waiting for their data (added before songs were
 * imported first, or while a provider was down): tried again every `everyMs`, removed once older
 * than `maxAgeMs` and still not importable, at most `batch` songs a run.
 */
export const CRATE_SWEEP = {
  everyMs: 10 * 60_000,
  maxAgeMs: 24 * 60 * 60_000,
  batch: 200,
} as const;

export type SongImportErrorCode = (typeof SONG_IMPORT_ERRORS)[keyof typeof SONG_IMPORT_ERRORS];

/**
 * CRATE-IMPORT-2: one of the two "Sorry, …" refusals, as the server words them: the app's error
 * class is built as a failed `POST /api/v1/track-import` would be (url, status, statusText, body).
 */
export function importRefusal<E extends Error>(
  code: SongImportErrorCode,
  ErrorClass: new (url: string, status: number, statusText: string, body: unknown) => E,
): E {
  const { status, message } = ERRORS[code];
  return new ErrorClass(playlistCatalogueEndpoints.trackImport.path, status, '', {
    statusCode: status,
    message,
    code,
  });
}

/** What a crate add sends for a song: the catalogue song, by its short id, or the song itself. */
export type ImportedSongInput = MinimalSongDto | { songShortId: string };

/**
 * CRATE-IMPORT-2: the song as a crate add sends it, imported first when it is a provider song.
 * `importTrack` calls POST /api/v1/track-import; `refuse` makes the error the app shows for one
 * of the two messages (a failure of 500 and above, or 401, is thrown as it came).
 */
export async function importBeforeAdd(
  song: MinimalSongDto,
  importTrack: (body: { musicProvider: string; providerId: string }) => Promise<{
    song: { songShortId: string };
  }>,
  refuse: (code: SongImportErrorCode) => Error,
): Promise<ImportedSongInput> {
  if (isCatalogueSong(song)) return song;
  const source = importSourceOf(song);
  if (!source) throw refuse(SONG_IMPORT_ERRORS.noProvider);
  try {
    const res = await importTrack(source);
    return { songShortId: res.song.songShortId };
  } catch (err) {
    const status = (err as { status?: unknown } | null)?.status;
    const code = typeof status === 'number' ? importFailureCode(status) : null;
    if (code) throw refuse(code);
    throw err;
  }
}
