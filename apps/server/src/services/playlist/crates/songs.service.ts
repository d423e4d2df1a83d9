import {
  CRATE_MAX_SONGS,
  type AddCrateSongsRes,
  type CrateDto,
  type CrateSongInput,
  type MinimalSongDto,
} from '@tt/protocol';
import { isSameSong } from '@tt/rules';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import type { Platform } from '../../../platform/service';
import type { CrateRepository } from './repository';
import type { CrateRow } from './schema';
import { CrateService } from './service';
import {
  catalogueRef,
  catalogueSnapshot,
  copySnapshot,
  providerSnapshot,
  SongIndex,
  toCrateSongDto,
  type SongSnapshot,
} from './snapshots';

/**
 * The songs of a crate. Every change runs in one transaction holding the crate row locked
 * (CrateRepository.locked). Songs are ordered by sparse ranks (CRATE-RANK-1): an add writes its
 * own rows, a move one row, a removal one row; positions (0..n-1) are places in that order, exact
 * under concurrent adds, moves and removals.
 */
export class CrateSongsService {
  constructor(
    private readonly platform: Platform,
    private readonly crates: CrateService,
  ) {}

  /** Catalogue songs resolved through the songs port; provider songs kept as sent. */
  private async snapshots(inputs: CrateSongInput[]): Promise<SongSnapshot[]> {
    const refs = [...new Set(inputs.map(catalogueRef).filter((r): r is string => r !== null))];
    const found = new Map<string, SongSnapshot>();
    if (refs.length > 0) {
      const port = this.platform.ports.songs;
      if (!port) throw fail('CATALOGUE_UNAVAILABLE');
      const songs = await Promise.all(refs.map((ref) => port.get(ref)));
      songs.forEach((song, i) => song && found.set(refs[i]!, catalogueSnapshot(song)));
    }
    return inputs.map((input) => {
      const ref = catalogueRef(input);
      const known = ref === null ? undefined : found.get(ref);
      if (known) return known;
      // A provider song whose short id we do not know is kept as a provider song.
      if ('trackName' in input) return providerSnapshot(input);
      throw fail('CRATE_SONG_UNKNOWN', `Song not found: ${ref}.`);
    });
  }

  /**
   * Inserts `songs` at `position` (past the end or absent: the bottom) of a locked crate; songs
   * the crate already holds (or repeated in `songs`) are left out by the same-song rule.
   */
  private async insert(
    repo: CrateRepository,
    crate: CrateRow,
    songs: SongSnapshot[],
    position: number | undefined,
  ): Promise<{ added: AddCrateSongsRes['added']; duplicates: number; crate: CrateRow }> {
    const index = new SongIndex(await repo.matchables(crate.id));
    const fresh: SongSnapshot[] = [];
    for (const song of songs) {
      if (index.has(song)) continue;
      index.add(song);
      fresh.push(song);
    }
    const duplicates = songs.length - fresh.length;
    if (fresh.length === 0) return { added: [], duplicates, crate };
    if (crate.songsCount + fresh.length > CRATE_MAX_SONGS) throw fail('CRATE_FULL');
    const at = Math.min(position ?? crate.songsCount, crate.songsCount);
    // CRATE-RANK-1: the new rows take ranks between their neighbours; nothing else moves.
    const ranks = await repo.ranksAt(crate.id, at, fresh.length);
    const rows = await repo.insertSongs(
      fresh.map((s, i) => ({ ...s, crateId: crate.id, rank: ranks[i]! })),
    );
    const updated = await repo.update(crate.id, { songsCount: crate.songsCount + fresh.length });
    rows.sort((a, b) => a.rank - b.rank);
    const added = rows.map((row, i) => toCrateSongDto({ ...row, position: at + i }));
    return { added, duplicates, crate: updated };
  }

  async add(
    auth: AuthContext,
    uuid: string,
    body: { songs: CrateSongInput[]; position?: number },
  ): Promise<AddCrateSongsRes> {
    // Fail fast (404/403) before asking the catalogue; checked again under the lock.
    CrateService.owned(auth, await this.crates.repo.byUuid(uuid));
    const songs = await this.snapshots(body.songs);
    const res = await this.crates.repo.locked(uuid, (repo, found) =>
      this.insert(repo, CrateService.owned(auth, found), songs, body.position),
    );
    return { ...res, crate: await this.crates.toDto(res.crate) };
  }

  /** POST /api/v1/playlists/{crateUuid}/tracks: one catalogue song at the bottom or the top. */
  async addTrack(
    auth: AuthContext,
    uuid: string,
    body: { songId: number | string; append: boolean },
  ) {
    const input: CrateSongInput =
      typeof body.songId === 'number' ? { songId: body.songId } : { songShortId: body.songId };
    return this.add(auth, uuid, { songs: [input], ...(body.append ? {} : { position: 0 }) });
  }

  /** Appends the songs of crate `srcUuid` (readable by the user) to the user's crate `uuid`. */
  async copy(auth: AuthContext, uuid: string, srcUuid: string): Promise<CrateDto> {
    CrateService.owned(auth, await this.crates.repo.byUuid(uuid));
    const src = await this.crates.readable(auth, srcUuid);
    const row = await this.crates.repo.locked(uuid, async (repo, found) => {
      const crate = CrateService.owned(auth, found);
      const songs = (await repo.allSongs(src.id)).map(copySnapshot);
      return (await this.insert(repo, crate, songs, undefined)).crate;
    });
    return this.crates.toDto(row);
  }

  /**
   * A song the user starred in a room goes to the bottom of their starred list (CRATE-SPECIAL-1;
   * the same song already there is left alone, SAME-SONG-1). A catalogue song is kept as the
   * catalogue has it.
   */
  async star(userUuid: string, song: MinimalSongDto): Promise<void> {
    const likes = await this.crates.special(userUuid, 'likes');
    const [snapshot] = await this.snapshots([song]).catch(() => [providerSnapshot(song)]);
    await this.crates.repo.locked(likes.uuid, async (repo, found) => {
      if (found) await this.insert(repo, found, [snapshot!], undefined);
    });
  }

  /** A star taken back: the same song (isSameSong) leaves the user's starred list. */
  async unstar(userUuid: string, song: MinimalSongDto): Promise<void> {
    const likes = await this.crates.repo.special(userUuid, 'likes');
    if (!likes) return;
    await this.crates.repo.locked(likes.uuid, async (repo, crate) => {
      if (!crate) return;
      const match = (await repo.allSongs(crate.id)).find((row) => isSameSong(row, song));
      if (!match) return;
      await repo.deleteSong(match.id);
      const songsCount = crate.songsCount - 1;
      await repo.update(crate.id, {
        songsCount,
        currentPosition: Math.min(crate.currentPosition, songsCount),
      });
    });
  }

  /** Runs a change of the songs of the user's crate under its lock; answers the crate. */
  private async change(
    auth: AuthContext,
    uuid: string,
    work: (repo: CrateRepository, crate: CrateRow) => Promise<CrateRow>,
  ): Promise<CrateDto> {
    const row = await this.crates.repo.locked(uuid, (repo, found) =>
      work(repo, CrateService.owned(auth, found)),
    );
    return this.crates.toDto(row);
  }

  /** Sets the position the owner is at (past the end: the end). */
  setCurrentPosition(auth: AuthContext, uuid: string, position: number): Promise<CrateDto> {
    return this.change(auth, uuid, (repo, crate) =>
      repo.update(crate.id, { currentPosition: Math.min(position, crate.songsCount) }),
    );
  }

  /** Removes one song; the songs below move up. */
  removeSong(auth: AuthContext, uuid: string, crateSongUuid: string): Promise<CrateDto> {
    return this.change(auth, uuid, async (repo, crate) => {
      const song = await repo.songByUuid(crate.id, crateSongUuid);
      if (!song) throw fail('CRATE_SONG_NOT_FOUND');
      await repo.deleteSong(song.id);
      const songsCount = crate.songsCount - 1;
      return repo.update(crate.id, {
        songsCount,
        currentPosition: Math.min(crate.currentPosition, songsCount),
      });
    });
  }

  /** Moves one song to `newPosition` (past the end: the bottom). */
  moveSong(
    auth: AuthContext,
    uuid: string,
    crateSongUuid: string,
    newPosition: number,
  ): Promise<CrateDto> {
    return this.change(auth, uuid, async (repo, crate) => {
      const song = await repo.songByUuid(crate.id, crateSongUuid);
      if (!song) throw fail('CRATE_SONG_NOT_FOUND');
      const to = Math.min(newPosition, crate.songsCount - 1);
      // CRATE-RANK-1: one row: the song takes a rank between its new neighbours.
      const [rank] = await repo.ranksAt(crate.id, to, 1, song.id);
      await repo.setRank(song.id, rank!);
      return repo.update(crate.id, {});
    });
  }

  shuffle(auth: AuthContext, uuid: string): Promise<CrateDto> {
    return this.change(auth, uuid, async (repo, crate) => {
      await repo.shuffle(crate.id);
      return repo.update(crate.id, {});
    });
  }

  clear(auth: AuthContext, uuid: string): Promise<CrateDto> {
    return this.change(auth, uuid, async (repo, crate) => {
      await repo.clear(crate.id);
      return repo.update(crate.id, { songsCount: 0, currentPosition: 0 });
    });
  }
}
