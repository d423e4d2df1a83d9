import type { SongDto } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { SongRepository, type NewSong } from './repository';
import { toSongDto } from './service';
import { coverPath, demoSongShortId } from './short-id';

/**
 * A metadata-only catalogue for the catalogue tests (search, lists, covers): invented albums,
 * VERIFIED rows without audio. The real demo catalogue (seed.ts) renders audio and goes through
 * the upload pipeline, which these tests do not need.
 */
interface FixtureAlbum {
  artistName: string;
  genre: string;
  albumName: string;
  releaseYear: number;
  /** [title, seconds] */
  tracks: [string, number][];
}

export const FIXTURE_ALBUMS: FixtureAlbum[] = [
  {
    artistName: 'Velvet Lanterns',
    genre: 'House',
    albumName: 'Rooftop Hours',
    releaseYear: 2024,
    tracks: [
      ['Rooftop Hours', 214],
      ['Brass Elevator', 187],
      ['Late Tram to Nowhere', 226],
    ],
  },
  {
    artistName: 'Orbit Nine',
    genre: 'Techno',
    albumName: 'Concrete Sky',
    releaseYear: 2023,
    tracks: [
      ['Pulse Cartography', 238],
      ['Steel Meridian', 201],
      ['Signal Below Zero', 176],
    ],
  },
  {
    artistName: 'Mara Quillon',
    genre: 'Ambient',
    albumName: 'Tidal Rooms',
    releaseYear: 2022,
    tracks: [
      ['Salt Glass Morning', 232],
      ['Quiet Observatory', 198],
      ['Drift Lantern', 145],
    ],
  },
  {
    artistName: 'The Paper Comets',
    genre: 'Synthwave',
    albumName: 'Chrome Postcards',
    releaseYear: 2025,
    tracks: [
      ['Chrome Postcards', 203],
      ['Arcade After Rain', 189],
      ['Sodium Boulevard', 221],
    ],
  },
  {
    artistName: 'Sundial Drift',
    genre: 'Lo-fi',
    albumName: 'Kettle Sessions',
    releaseYear: 2024,
    tracks: [
      ['Kettle Steam', 96],
      ['Window Seat Sketches', 124],
      ['Sunday Crossword', 88],
    ],
  },
  {
    artistName: 'Kito Farrow',
    genre: 'Drum & Bass',
    albumName: 'Fast Weather',
    releaseYear: 2023,
    tracks: [
      ['Fast Weather Warning', 215],
      ['Copper Wires', 192],
      ['Night Bus Sprint', 168],
    ],
  },
  {
    artistName: 'Lumen & Rust',
    genre: 'Disco',
    albumName: 'Mirrorball Mechanics',
    releaseYear: 2021,
    tracks: [
      ['Mirrorball Mechanics', 229],
      ['Satin Staircase', 206],
      ['Glitter Engine', 184],
    ],
  },
  {
    artistName: 'Hollow Pines Trio',
    genre: 'Jazz',
    albumName: 'Cedar Room Standards',
    releaseYear: 2020,
    tracks: [
      ['Cedar Room Waltz', 173],
      ['Blue Ink Ballad', 236],
      ['Walking the Ferry', 157],
    ],
  },
  {
    artistName: 'Neon Harbor',
    genre: 'Chillwave',
    albumName: 'Low Tide Neon',
    releaseYear: 2025,
    tracks: [
      ['Harbor Lights Fade', 194],
      ['Paper Umbrella', 133],
      ['Low Tide Neon', 211],
    ],
  },
  {
    artistName: 'Saffron Circuit',
    genre: 'Funk',
    albumName: 'Spice Route Grooves',
    releaseYear: 2022,
    tracks: [
      ['Saffron Strut', 182],
      ['Hot Pavement Shuffle', 167],
      ['Elastic Sunday', 149],
    ],
  },
  {
    artistName: 'Lagoon Talking Drums',
    genre: 'Afrobeat',
    albumName: 'Market Day Radio',
    releaseYear: 2024,
    tracks: [
      ['Market Day Radio', 224],
      ['Palm Wine Sunset', 199],
      ['Bright Canoe', 171],
    ],
  },
];

/** Every fixture track as a catalogue row: VERIFIED, our own provider, a generated cover. */
function fixtureRows(): NewSong[] {
  return FIXTURE_ALBUMS.flatMap((album) =>
    album.tracks.map(([trackName, duration]) => {
      const shortId = demoSongShortId(trackName);
      return {
        shortId,
        trackName,
        artistName: album.artistName,
        genre: album.genre,
        duration,
        albumName: album.albumName,
        releaseYear: album.releaseYear,
        status: 'VERIFIED' as const,
        musicProviders: { uploadService: shortId },
        thumbnails: { uploadService: coverPath(shortId) },
      };
    }),
  );
}

/** Puts the fixture catalogue in the database; answers its songs in catalogue order. */
export async function seedFixtureSongs(db: Db): Promise<SongDto[]> {
  const repo = new SongRepository(db);
  const rows = fixtureRows();
  await repo.insertNew(rows);
  const stored = new Map(
    (await repo.byShortIds(rows.map((r) => r.shortId))).map((r) => [r.shortId, r]),
  );
  return rows.flatMap((r) => {
    const row = stored.get(r.shortId);
    return row ? [toSongDto(row)] : [];
  });
}
