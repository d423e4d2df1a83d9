import type { MinimalSongDto } from '@tt/protocol';

/** A song's identity in a rotation: its short id, else its title and artist. */
const keyOf = (s: MinimalSongDto): string => s.songShortId ?? `${s.trackName}\u0000${s.artistName}`;

/** Lower case, no accents, letters and digits only: "Drum & Bass" and "drum-and-bass" differ, "Lo-fi" and "lofi" do not. */
const genreKey = (g: string): string =>
  g
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

/**
 * The songs of `catalogue` a room with these genres plays (DEMO-RESIDENT-4): the songs of its
 * genres; when none of them is ready yet (the catalogue is still rendering), any song, so the
 * room is not silent.
 */
export function roomSongs(
  catalogue: readonly MinimalSongDto[],
  genres: readonly string[],
): MinimalSongDto[] {
  const wanted = new Set(genres.map(genreKey));
  const own = catalogue.filter((s) => s.genre && wanted.has(genreKey(s.genre)));
  return own.length > 0 ? own : [...catalogue];
}

/**
 * A resident's rotation (DEMO-RESIDENT-5): each pick is a song of the room's catalogue not
 * played in this round, at random; a round ends when every song of the catalogue has played,
 * and the next round does not start with the song that ended the last one. The catalogue is
 * passed at each pick, so songs that became ready since join the round still under way.
 */
export class Rotation {
  private played = new Set<string>();
  private last: string | null = null;

  constructor(private readonly random: () => number = Math.random) {}

  next(catalogue: readonly MinimalSongDto[]): MinimalSongDto | null {
    if (catalogue.length === 0) return null;
    let fresh = catalogue.filter((s) => !this.played.has(keyOf(s)));
    if (fresh.length === 0) {
      this.played.clear();
      fresh = catalogue.filter((s) => keyOf(s) !== this.last);
      if (fresh.length === 0) fresh = [...catalogue];
    }
    const song = fresh[Math.floor(this.random() * fresh.length)]!;
    this.played.add(keyOf(song));
    this.last = keyOf(song);
    return song;
  }
}
