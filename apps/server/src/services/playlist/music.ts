import type { SongDataDto, SongDto, SongProvider, SongStreamUrls } from '@tt/protocol';
import { isSameSong } from '@tt/rules';
import type { ProviderSong } from '../../platform/providers/http';

/**
 * How the playlist service shapes songs: provider answers and catalogue songs become
 * SongDataDto, and several answers for one song are merged into one.
 */

type ProviderMap = Partial<Record<SongProvider, string>>;

/** How providers are named in messages. */
export const PROVIDER_NAMES: Record<SongProvider, string> = {
  apple: 'Apple Music',
  audius: 'Audius',
  napster: 'Napster',
  soundCloudPublic: 'SoundCloud',
  spotify: 'Spotify',
  youtube: 'YouTube',
  pandora: 'Pandora',
  deezer: 'Deezer',
  tidal: 'TIDAL',
  amazonMusic: 'Amazon Music',
  yandex: 'Yandex Music',
  spinrilla: 'Spinrilla',
  uploadService: 'our catalogue',
  sevenDigital: '7digital',
};

export function fromProvider(song: ProviderSong): SongDataDto {
  return {
    trackName: song.trackName,
    artistName: song.artistName,
    genre: song.genre,
    duration: song.duration,
    isrc: song.isrc,
    explicit: song.explicit,
    musicProviders: { ...song.musicProviders },
    thumbnails: { ...song.thumbnails },
    links: { ...song.links },
    previews: [...song.previews],
    streamUrls: { ...song.streamUrls },
    albumName: song.albumName,
    releaseYear: song.releaseYear,
    id: null,
    songShortId: null,
  };
}

export function fromCatalogue(song: SongDto): SongDataDto {
  return {
    ...fromProvider(song),
    id: song.id,
    songShortId: song.songShortId,
  };
}

/** The provider-facing part of a SongDataDto (what the catalogue stores from providers). */
export function toProviderSong(song: SongDataDto): ProviderSong {
  const { id: _id, songShortId: _short, ...rest } = song;
  return rest;
}

const union = (a: ProviderMap, b: ProviderMap): ProviderMap => ({ ...b, ...a });

/**
 * One song out of two answers for it: `into` wins where both have a value; provider maps,
 * previews and stream URLs are united; missing ISRC, genre, album, year and catalogue ids are
 * taken from `other`; explicit if either says so.
 */
export function mergeSongData(into: SongDataDto, other: SongDataDto): SongDataDto {
  const streamUrls: Partial<Record<SongProvider, SongStreamUrls>> = {
    ...other.streamUrls,
    ...into.streamUrls,
  };
  return {
    ...into,
    genre: into.genre ?? other.genre,
    isrc: into.isrc ?? other.isrc,
    explicit: into.explicit || other.explicit,
    musicProviders: union(into.musicProviders, other.musicProviders),
    thumbnails: union(into.thumbnails, other.thumbnails),
    links: union(into.links, other.links),
    previews: [...new Set([...into.previews, ...other.previews])],
    streamUrls,
    albumName: into.albumName ?? other.albumName,
    releaseYear: into.releaseYear ?? other.releaseYear,
    duration: into.duration > 0 ? into.duration : other.duration,
    id: into.id ?? other.id,
    songShortId: into.songShortId ?? other.songShortId,
  };
}

/**
 * Folds every song that is the same as an earlier one (SAME-SONG-1) into that
 * earlier one, keeping the order of first appearance.
 */
export function foldSameSongs(songs: readonly SongDataDto[]): SongDataDto[] {
  const out: SongDataDto[] = [];
  for (const song of songs) {
    const i = out.findIndex((kept) => isSameSong(kept, song));
    if (i === -1) out.push(song);
    else out[i] = mergeSongData(out[i], song);
  }
  return out;
}

/**
 * Sets the catalogue id and short id of songs that are in the catalogue: `lookup` answers the
 * catalogue songs known by one provider's ids.
 */
export async function annotateCatalogue(
  songs: SongDataDto[],
  lookup: (provider: SongProvider, ids: string[]) => Promise<SongDto[]>,
): Promise<SongDataDto[]> {
  const wanted = new Map<SongProvider, Set<string>>();
  for (const s of songs) {
    if (s.id !== null) continue;
    for (const [p, id] of Object.entries(s.musicProviders) as [SongProvider, string][]) {
      if (p === 'uploadService' || !id) continue;
      if (!wanted.has(p)) wanted.set(p, new Set());
      wanted.get(p)!.add(id);
    }
  }
  if (wanted.size === 0) return songs;
  const found = (await Promise.all([...wanted].map(([p, ids]) => lookup(p, [...ids])))).flat();
  return songs.map((s) => {
    if (s.id !== null) return s;
    const hit = found.find((c) =>
      Object.entries(s.musicProviders).some(
        ([p, id]) => p !== 'uploadService' && c.musicProviders[p as SongProvider] === id,
      ),
    );
    return hit ? { ...s, id: hit.id, songShortId: hit.songShortId } : s;
  });
}
