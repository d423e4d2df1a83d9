import {
  toMinimalSong,
  type CrateSongDto,
  type CrateSongInput,
  type MinimalSongDto,
  type SongDto,
} from '@tt/protocol';
import { isSameSong, type MatchableSong } from '@tt/rules';
import type { CrateSongRow, NewCrateSongRow } from './schema';

/** A crate song before it has a crate and a position. */
export type SongSnapshot = Omit<NewCrateSongRow, 'crateId' | 'rank' | 'id' | 'uuid'>;

/** A catalogue song as a crate keeps it: data complete (status SUCCESS). */
export function catalogueSnapshot(song: SongDto): SongSnapshot {
  const minimal = toMinimalSong(song);
  return {
    songId: song.id,
    songShortId: song.songShortId,
    isrc: song.isrc,
    trackName: song.trackName,
    artistName: song.artistName,
    duration: song.duration,
    explicit: song.explicit,
    genre: song.genre,
    musicProviders: minimal.musicProviders,
    thumbnails: minimal.thumbnails,
    previews: song.previews,
    playbackToken: null,
    status: 'SUCCESS',
  };
}

/**
 * A provider song (as search answers it) not in our catalogue: kept as sent, its data to be
 * completed lazily from the provider (status PENDING_REQUEST, SONG-DATA-LAZY-1).
 */
export function providerSnapshot(song: MinimalSongDto): SongSnapshot {
  return {
    songId: null,
    songShortId: null,
    isrc: song.isrc,
    trackName: song.trackName,
    artistName: song.artistName,
    duration: song.duration,
    explicit: false,
    genre: song.genre,
    musicProviders: song.musicProviders,
    thumbnails: song.thumbnails,
    previews: [],
    playbackToken: song.playbackToken,
    status: 'PENDING_REQUEST',
  };
}

/** A copy of a crate song for another crate. */
export function copySnapshot(row: CrateSongRow): SongSnapshot {
  const { id: _id, uuid: _uuid, crateId: _c, rank: _r, createdAt: _t, ...rest } = row;
  return rest;
}

/** The catalogue id an input names (songId or short id), or null for a provider song. */
export function catalogueRef(input: CrateSongInput): string | null {
  if ('trackName' in input) return input.songShortId ?? null;
  return 'songId' in input ? String(input.songId) : input.songShortId;
}

export function toCrateSongDto(row: CrateSongRow & { position: number }): CrateSongDto {
  return {
    crateSongUuid: row.uuid,
    position: row.position,
    songId: row.songId,
    songShortId: row.songShortId,
    isrc: row.isrc,
    trackName: row.trackName,
    artistName: row.artistName,
    duration: row.duration,
    explicit: row.explicit,
    genre: row.genre,
    musicProviders: row.musicProviders,
    thumbnails: row.thumbnails,
    previews: row.previews,
    playbackToken: row.playbackToken,
    status: row.status,
  };
}

/** The art a song shows: its first thumbnail (uploads first). */
export function songArt(thumbnails: CrateSongRow['thumbnails']): string | null {
  const own = thumbnails.uploadService;
  if (own) return own;
  for (const url of Object.values(thumbnails)) if (url) return url;
  return null;
}

const norm = (v: string | number | null | undefined): string | null => {
  if (v === null || v === undefined) return null;
  const s = String(v).trim();
  return s === '' ? null : s;
};

/** Keys two songs share whenever `isSameSong` holds for them (crate song uuids aside). */
function keys(song: MatchableSong): string[] {
  const out: string[] = [];
  const id = norm(song.id ?? song.songId);
  if (id) out.push(`id:${id}`);
  const shortId = norm(song.songShortId);
  if (shortId) out.push(`sid:${shortId}`);
  const isrc = norm(song.isrc);
  if (isrc) out.push(`isrc:${isrc.toUpperCase()}`);
  for (const [provider, pid] of Object.entries(song.musicProviders ?? {})) {
    const v = norm(pid);
    if (v) out.push(`p:${provider}:${v}`);
  }
  const track = norm(song.trackName);
  const artist = norm(song.artistName);
  if (track && artist) out.push(`n:${track.toLowerCase()}\u0000${artist.toLowerCase()}`);
  return out;
}

/**
 * The songs of a crate indexed for the same-song rule (SAME-SONG-1): candidates are found by shared
 * keys, then `isSameSong` decides, so a 10,000-song crate is checked without comparing every pair.
 */
export class SongIndex {
  private readonly byKey = new Map<string, MatchableSong[]>();

  constructor(songs: Iterable<MatchableSong> = []) {
    for (const s of songs) this.add(s);
  }

  has(song: MatchableSong): boolean {
    for (const key of keys(song)) {
      const candidates = this.byKey.get(key);
      if (candidates?.some((c) => isSameSong(c, song))) return true;
    }
    return false;
  }

  add(song: MatchableSong): void {
    for (const key of keys(song)) {
      const list = this.byKey.get(key);
      if (list) list.push(song);
      else this.byKey.set(key, [song]);
    }
  }
}
