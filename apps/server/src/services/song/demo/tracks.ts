/**
 * The demo catalogue: original instrumental tracks by invented artists, synthesised at first
 * start (nothing is downloaded, nothing is copyrighted). Titles, artists and albums are made
 * up; each track's seed makes its music, and the same seed always renders the same audio.
 */
import type { StyleName } from './styles';

export interface DemoTrack {
  trackName: string;
  artistName: string;
  albumName: string;
  /** The genre shown in the catalogue (and the cover's palette). */
  genre: string;
  /** The synthesiser style that plays it. */
  style: StyleName;
  releaseYear: number;
  /** Length, 60 to 240 seconds. */
  seconds: number;
  bpm: number;
  /** "A minor", "F# dorian"... */
  key: string;
  seed: number;
}

interface Album {
  artistName: string;
  albumName: string;
  genre: string;
  style: StyleName;
  releaseYear: number;
  /** [title, seconds, bpm, key, seed] */
  tracks: [string, number, number, string, number][];
}

const ALBUMS: Album[] = [
  {
    artistName: 'Velvet Lanterns',
    albumName: 'Rooftop Hours',
    genre: 'House',
    style: 'house',
    releaseYear: 2024,
    tracks: [
      ['Rooftop Hours', 214, 124, 'A minor', 1101],
      ['Brass Elevator', 187, 122, 'F major', 1102],
      ['Late Tram to Nowhere', 226, 123, 'D dorian', 1103],
    ],
  },
  {
    artistName: 'Orbit Nine',
    albumName: 'Concrete Sky',
    genre: 'Techno',
    style: 'techno',
    releaseYear: 2023,
    tracks: [
      ['Pulse Cartography', 238, 130, 'F minor', 2201],
      ['Steel Meridian', 201, 132, 'C minor', 2202],
      ['Signal Below Zero', 176, 128, 'G minor', 2203],
    ],
  },
  {
    artistName: 'Mara Quillon',
    albumName: 'Tidal Rooms',
    genre: 'Ambient',
    style: 'ambient',
    releaseYear: 2022,
    tracks: [
      ['Salt Glass Morning', 232, 68, 'D major', 3301],
      ['Quiet Observatory', 198, 72, 'E minor', 3302],
      ['Drift Lantern', 145, 64, 'Bb major', 3303],
    ],
  },
  {
    artistName: 'The Paper Comets',
    albumName: 'Chrome Postcards',
    genre: 'Synthwave',
    style: 'synthwave',
    releaseYear: 2025,
    tracks: [
      ['Chrome Postcards', 203, 100, 'A minor', 4401],
      ['Arcade After Rain', 189, 96, 'E minor', 4402],
      ['Sodium Boulevard', 221, 108, 'C# minor', 4403],
    ],
  },
  {
    artistName: 'Sundial Drift',
    albumName: 'Kettle Sessions',
    genre: 'Lo-fi',
    style: 'lofi',
    releaseYear: 2024,
    tracks: [
      ['Kettle Steam', 96, 82, 'Eb major', 5501],
      ['Window Seat Sketches', 124, 76, 'F major', 5502],
      ['Sunday Crossword', 88, 86, 'G dorian', 5503],
    ],
  },
  {
    artistName: 'Kito Farrow',
    albumName: 'Fast Weather',
    genre: 'Drum & Bass',
    style: 'dnb',
    releaseYear: 2023,
    tracks: [
      ['Fast Weather Warning', 215, 174, 'F minor', 6601],
      ['Copper Wires', 192, 172, 'D minor', 6602],
      ['Night Bus Sprint', 168, 176, 'G minor', 6603],
    ],
  },
  {
    artistName: 'Lumen & Rust',
    albumName: 'Mirrorball Mechanics',
    genre: 'Disco',
    style: 'disco',
    releaseYear: 2021,
    tracks: [
      ['Mirrorball Mechanics', 229, 118, 'D minor', 7701],
      ['Satin Staircase', 206, 120, 'Bb major', 7702],
      ['Glitter Engine', 184, 122, 'E dorian', 7703],
    ],
  },
  {
    artistName: 'Hollow Pines Trio',
    albumName: 'Cedar Room Standards',
    genre: 'Jazz',
    style: 'jazz',
    releaseYear: 2020,
    tracks: [
      ['Cedar Room Stroll', 173, 112, 'F major', 8801],
      ['Blue Ink Ballad', 236, 92, 'Bb major', 8802],
      ['Walking the Ferry', 157, 132, 'C minor', 8803],
    ],
  },
  {
    artistName: 'Neon Harbor',
    albumName: 'Low Tide Neon',
    genre: 'Chillwave',
    style: 'chillwave',
    releaseYear: 2025,
    tracks: [
      ['Harbor Lights Fade', 194, 104, 'E major', 9901],
      ['Paper Umbrella', 133, 98, 'A major', 9902],
      ['Low Tide Neon', 211, 100, 'F# minor', 9903],
    ],
  },
  {
    artistName: 'Saffron Circuit',
    albumName: 'Spice Route Grooves',
    genre: 'Funk',
    style: 'funk',
    releaseYear: 2022,
    tracks: [
      ['Saffron Strut', 182, 104, 'E dorian', 10101],
      ['Hot Pavement Shuffle', 167, 100, 'A mixolydian', 10102],
      ['Elastic Sunday', 149, 96, 'G dorian', 10103],
    ],
  },
  {
    artistName: 'Lagoon Talking Drums',
    albumName: 'Market Day Radio',
    genre: 'Afrobeat',
    style: 'afrobeat',
    releaseYear: 2024,
    tracks: [
      ['Market Day Radio', 224, 110, 'C mixolydian', 11101],
      ['Palm Wine Sunset', 199, 104, 'G major', 11102],
      ['Bright Canoe', 171, 112, 'D dorian', 11103],
    ],
  },
  {
    artistName: 'Glasshouse Tides',
    albumName: 'Greenhouse Echoes',
    genre: 'Downtempo',
    style: 'downtempo',
    releaseYear: 2023,
    tracks: [
      ['Greenhouse Echoes', 208, 92, 'B minor', 12101],
      ['Fern Static', 116, 88, 'E minor', 12102],
      ['Slow Orchard', 240, 84, 'Ab major', 12103],
    ],
  },
  {
    artistName: 'Stoop Philosophy',
    albumName: 'Brownstone Beats',
    genre: 'Hip-Hop',
    style: 'hiphop',
    releaseYear: 2021,
    tracks: [
      ['Brownstone Loop', 62, 90, 'C minor', 13101],
      ['Fire Escape Cipher', 138, 88, 'G minor', 13102],
      ['Corner Store Jazz', 104, 92, 'Eb major', 13103],
    ],
  },
  {
    artistName: 'Dune Sound System',
    albumName: 'Harbour Skank',
    genre: 'Reggae',
    style: 'reggae',
    releaseYear: 2022,
    tracks: [
      ['Salt Road Skank', 196, 76, 'G major', 14101],
      ['Lighthouse Dub', 223, 72, 'A minor', 14102],
      ['Mango Season Steppers', 181, 80, 'D major', 14103],
    ],
  },
];

/**
 * Every demo track, the albums' first tracks first, then their second ones...: any first few
 * tracks (a small test catalogue, the first songs ready at first start) span many genres.
 */
export const DEMO_TRACKS: DemoTrack[] = [0, 1, 2].flatMap((i) =>
  ALBUMS.filter((album) => i < album.tracks.length).map((album) => {
    const [trackName, seconds, bpm, key, seed] = album.tracks[i];
    return {
      trackName,
      artistName: album.artistName,
      albumName: album.albumName,
      genre: album.genre,
      style: album.style,
      releaseYear: album.releaseYear,
      seconds,
      bpm,
      key,
      seed,
    };
  }),
);
