import {
  HEARD_WINDOW_HOURS,
  SET_PLAYS_SCANNED,
  SET_SAVE_MAX_SONGS,
  type RecentSongDto,
  type SaveSetBody,
  type SaveSetRes,
} from '@tt/protocol';
import { requireAccess } from '../../../platform/access';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import type { Platform } from '../../../platform/service';
import type { CrateService } from '../crates/service';
import type { CrateSongsService } from '../crates/songs.service';
import { asCrateSong, defaultSetName, groupSets } from './sets';

const PAGE = 100;

/**
 * A room's last sets and saving them as crates (SET-1..6). The plays come from the room service
 * through ports.rooms (its recent songs, with their privacy checks); crates are made with the
 * crate service's own functions.
 */
export class RoomSetsService {
  constructor(
    private readonly platform: Platform,
    private readonly crates: CrateService,
    private readonly crateSongs: CrateSongsService,
  ) {}

  private rooms() {
    const port = this.platform.ports.rooms;
    if (!port) throw fail('SERVICE_UNAVAILABLE');
    return port;
  }

  /** SET-2: the room's latest plays, newest first, up to SET_PLAYS_SCANNED (or back to `since`). */
  private async plays(auth: AuthContext | null, slug: string, since = 0) {
    const out: RecentSongDto[] = [];
    while (out.length < SET_PLAYS_SCANNED) {
      const page = await this.rooms().recentSongs(auth, slug, PAGE, out.length);
      out.push(...page.songs);
      const oldest = page.songs.at(-1);
      if (page.songs.length < PAGE || !oldest || Date.parse(oldest.playedAt) < since) break;
    }
    return out;
  }

  async list(auth: AuthContext | null, slug: string, limit: number, offset: number) {
    const sets = groupSets(await this.plays(auth, slug));
    return { sets: sets.slice(offset, offset + limit), total: sets.length };
  }

  async save(auth: AuthContext, slug: string, body: SaveSetBody): Promise<SaveSetRes> {
    const room = await this.rooms().find(slug);
    if (!room) throw fail('ROOM_NOT_FOUND');
    // SET-3: whoever may not enter the room (banned, kicked) may not save from it either.
    requireAccess(auth, 'room.join', { room: { roomRoles: room.roomRoles ?? [] } });
    const now = Date.now();
    let picked: RecentSongDto[];
    if (body.kind === 'set') {
      const at = Date.parse(body.startedAt);
      const set = groupSets(await this.plays(auth, slug)).find(
        (s) => s.djUuid === body.djUuid && Date.parse(s.startedAt) === at,
      );
      if (!set) throw fail('NOT_FOUND', 'This set is not among the room’s last sets.');
      picked = set.songs;
    } else {
      // SET-5: the caller's own window, reaching back at most HEARD_WINDOW_HOURS.
      const from = Math.max(Date.parse(body.from), now - HEARD_WINDOW_HOURS * 3_600_000);
      const to = Math.min(Date.parse(body.to), now);
      if (!(to > from)) {
        throw fail(
          'BAD_REQUEST',
          `from must be before to, within the last ${HEARD_WINDOW_HOURS} h`,
        );
      }
      picked = (await this.plays(auth, slug, from))
        .filter((p) => {
          const t = Date.parse(p.playedAt);
          return t <= to && t + p.song.duration * 1000 >= from;
        })
        .reverse();
    }
    // SET-4: at most SET_SAVE_MAX_SONGS, the latest; nothing to save is refused before a crate is made.
    picked = picked.slice(-SET_SAVE_MAX_SONGS);
    if (picked.length === 0) throw fail('BAD_REQUEST', 'No song was played then.');
    const crate = await this.crates.create(auth, {
      crateName: body.crateName ?? defaultSetName(room.name, new Date(picked[0]!.playedAt)),
    });
    const res = await this.crateSongs.add(auth, crate.crateUuid, {
      songs: picked.map((p) => asCrateSong(p.song)),
    });
    return { crate: res.crate, added: res.added.length };
  }
}
