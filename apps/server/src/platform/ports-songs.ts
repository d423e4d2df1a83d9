import type { SongDto, SongProvider, SongStatus } from '@tt/protocol';
import type { ProviderSong } from './providers/http';

/** The song catalogue's port (SongsPort) and what it answers; re-exported by ports.ts. */

/** A page of catalogue songs; `next` is the offset of the following page, or null. */
export interface SongPage {
  songs: SongDto[];
  next: number | null;
}

/** Filters of the catalogue list (GET /api/v1/songs). */
export interface CatalogueFilter {
  /** Songs known at this provider. */
  provider?: SongProvider;
  isrc?: string;
  /** Title, artist or album contains it (no case). */
  q?: string;
  status?: SongStatus;
  limit: number;
  offset: number;
}

/** What provider lookups tell about a catalogue song (see SongsPort.updateProviderData). */
export type ProviderData = Partial<
  Pick<
    ProviderSong,
    | 'musicProviders'
    | 'thumbnails'
    | 'links'
    | 'previews'
    | 'streamUrls'
    | 'isrc'
    | 'genre'
    | 'albumName'
    | 'releaseYear'
  >
>;

/** An album of the catalogue: its verified songs sharing an artist and an album name. */
export interface AlbumGroup {
  artistName: string;
  albumName: string;
  songs: number;
  releaseYear: number | null;
  /** Art of its first song. */
  thumbnail: string | null;
}

/**
 * The song catalogue as other services see it (the song service owns the table). Imported
 * provider songs are stored UNVERIFIED: they have no audio of ours, they play from their
 * providers, and they stay out of the verified lists and HLS routes of the song service.
 */
export interface SongsPort {
  /**
   * Verified songs matching `term`. `relevance: false`: the whole term is contained in title,
   * artist, genre or album (titles, then artists, starting with it first). `relevance: true`:
   * every word must match somewhere; ranked by how well title and artist match.
   */
  search(
    term: string,
    opts: { noExplicit?: boolean; relevance?: boolean; limit: number; offset: number },
  ): Promise<SongPage>;
  /** A song by numeric id or short id, or null. */
  get(id: string): Promise<SongDto | null>;
  /** Songs whose `musicProviders[provider]` is one of `ids`. */
  findByProviderIds(provider: SongProvider, ids: string[]): Promise<SongDto[]>;
  /** Songs with this ISRC (no case). */
  findByIsrc(isrc: string): Promise<SongDto[]>;
  /**
   * Imports a provider song: an existing song with one of its provider ids, else with its ISRC,
   * gets the new provider data merged in (`created: false`); otherwise a new UNVERIFIED song with
   * a fresh short id is stored. Concurrent imports of the same song store it once.
   */
  importProviderSong(song: ProviderSong): Promise<{ song: SongDto; created: boolean }>;
  /**
   * Merges provider data into a song; null if unknown. Stored provider ids are kept (they name
   * the song) and new ones added; links, thumbnails and stream URLs are refreshed per provider;
   * new previews replace the old ones; ISRC, genre, album and year only fill gaps.
   */
  updateProviderData(id: number, data: ProviderData): Promise<SongDto | null>;
  /** The catalogue list with filters, newest first. */
  list(filter: CatalogueFilter): Promise<SongPage & { total: number }>;
  /** Every album of the catalogue, by artist then album name. */
  albums(): Promise<AlbumGroup[]>;
  /** The songs of one album, in catalogue order. */
  albumSongs(artistName: string, albumName: string): Promise<SongDto[]>;
  /** Every song on an album, by album; `take` from `skip`. */
  songsWithAlbum(take: number, skip: number): Promise<SongPage & { total: number }>;
  /** Songs a user uploaded, newest first: every status, or only VERIFIED ones. */
  uploadsOf(
    userUuid: string,
    opts: { verifiedOnly: boolean; limit: number; offset: number },
  ): Promise<SongPage & { total: number }>;
  /** Songs known at a provider other than uploadService, by id ascending, after `afterId`. */
  providerSongsAfter(afterId: number, limit: number, provider?: SongProvider): Promise<SongDto[]>;
}
