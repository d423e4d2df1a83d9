import { randomBytes } from 'node:crypto';
import {
  CRATE_SONGS_PAGE,
  type CrateDto,
  type CratesPage,
  type CrateSongsPage,
  type SpecialCrate,
} from '@tt/protocol';
import { defaultCrateName, LIKES_CRATE_NAME, QUEUE_CRATE_NAME } from '@tt/rules';
import type { AuthContext } from '../../../platform/auth';
import { requireAccessWith } from '../../../platform/access';
import { fail } from '../../../platform/errors';
import type { Platform } from '../../../platform/service';
import { CrateRepository, type SpecialFilter } from './repository';
import type { CrateRow } from './schema';
import { songArt, toCrateSongDto } from './snapshots';

/** Crates shown with art of up to this many songs: the first four (CRATE-THUMB-1). */
const THUMBNAILS = 4;

const SPECIAL_NAMES: Record<SpecialCrate, string> = {
  queue: QUEUE_CRATE_NAME,
  likes: LIKES_CRATE_NAME,
};

/** A short id naming a crate in service routes. */
export function newCrateShortId(): string {
  return randomBytes(9).toString('base64url');
}

/** The crates themselves: create, read, list, rename, delete; the songs are in CrateSongsService. */
export class CrateService {
  readonly repo: CrateRepository;

  constructor(private readonly platform: Platform) {
    this.repo = new CrateRepository(platform.db);
  }

  /** Whether an account exists (so special crates are never made for a made-up uuid). */
  private async isAccount(uuid: string): Promise<boolean> {
    const users = this.platform.ports.users;
    return users ? (await users.profiles([uuid])).length > 0 : false;
  }

  /** CrateDtos of crate rows, with their thumbnails (art of the first songs). */
  async toDtos(rows: CrateRow[], count?: number): Promise<CrateDto[]> {
    const heads = await this.repo.headThumbnails(rows.map((r) => r.id));
    return rows.map((row) => {
      const art: string[] = [];
      for (const thumbs of heads.get(row.id) ?? []) {
        const url = songArt(thumbs);
        if (url && !art.includes(url)) art.push(url);
        if (art.length === THUMBNAILS) break;
      }
      return {
        crateUuid: row.uuid,
        crateShortId: row.shortId,
        crateName: row.name,
        description: row.description,
        userUuid: row.userUuid,
        thumbnails: art,
        crateSongsNumber: row.songsCount,
        currentPosition: row.currentPosition,
        importStatus: row.importStatus,
        importProgress:
          row.importStatus === null
            ? null
            : { done: row.importDone ?? 0, total: row.importTotal ?? 0 },
        special: row.special,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
        ...(count === undefined ? {} : { count }),
      };
    });
  }

  async toDto(row: CrateRow): Promise<CrateDto> {
    const [dto] = await this.toDtos([row]);
    return dto!;
  }

  /** The user's queue or starred list, made on first use (concurrent first uses make one). */
  async special(userUuid: string, special: SpecialCrate): Promise<CrateRow> {
    const found = await this.repo.special(userUuid, special);
    if (found) return found;
    const made = await this.repo.insert({
      userUuid,
      special,
      name: SPECIAL_NAMES[special],
      shortId: newCrateShortId(),
    });
    return made ?? (await this.repo.special(userUuid, special))!;
  }

  /** Both special crates of a new account. */
  async ensureSpecials(userUuid: string): Promise<void> {
    await this.special(userUuid, 'queue');
    await this.special(userUuid, 'likes');
  }

  /** A new crate of the caller; accounts with an unverified e-mail are refused (SEC-UNVERIFIED-1). */
  async create(auth: AuthContext, body: { crateName?: string; description?: string | null }) {
    await requireAccessWith(this.platform.ports, auth, 'crate.create');
    const name = body.crateName ?? defaultCrateName(await this.repo.namesOf(auth.uuid));
    const row = await this.repo.insert({
      userUuid: auth.uuid,
      name,
      description: body.description ?? null,
      shortId: newCrateShortId(),
    });
    return this.toDto(row!);
  }

  /** A crate this user may read: any crate but another user's queue. */
  async readable(auth: AuthContext, uuid: string): Promise<CrateRow> {
    const row = await this.repo.byUuid(uuid);
    if (!row) throw fail('CRATE_NOT_FOUND');
    if (row.special === 'queue' && row.userUuid !== auth.uuid) throw fail('CRATE_QUEUE_PRIVATE');
    return row;
  }

  async get(auth: AuthContext, uuid: string): Promise<CrateDto> {
    const row = await this.readable(auth, uuid);
    const dto = await this.toDto(row);
    const songs = await this.repo.songsPage(row.id, CRATE_SONGS_PAGE, 0);
    return { ...dto, songs: songs.map(toCrateSongDto) };
  }

  async getSpecial(auth: AuthContext, special: SpecialCrate): Promise<CrateDto> {
    return this.get(auth, (await this.special(auth.uuid, special)).uuid);
  }

  async songs(row: CrateRow, limit: number, offset: number): Promise<CrateSongsPage> {
    const songs = await this.repo.songsPage(row.id, limit, offset);
    const total = row.songsCount;
    return {
      songs: songs.map(toCrateSongDto),
      total,
      next: offset + songs.length < total ? offset + limit : null,
    };
  }

  async songsByShortId(shortId: string, limit: number, offset: number) {
    const row = await this.repo.byShortId(shortId);
    if (!row) throw fail('CRATE_NOT_FOUND');
    return this.songs(row, limit, offset);
  }

  async list(
    userUuid: string | null,
    specials: SpecialFilter,
    page: { limit: number; offset: number },
  ): Promise<CratesPage> {
    if (userUuid && specials !== 'none' && (await this.isAccount(userUuid))) {
      await this.ensureSpecials(userUuid);
    }
    const { rows, total } = await this.repo.list(userUuid, specials, page.limit, page.offset);
    return { crates: await this.toDtos(rows, total), count: total };
  }

  /** A crate the user owns, read inside the lock of `locked`; 404 unknown, 403 another's. */
  static owned(auth: AuthContext, row: CrateRow | null): CrateRow {
    if (!row) throw fail('CRATE_NOT_FOUND');
    if (row.userUuid !== auth.uuid) throw fail('CRATE_NOT_OWNED');
    return row;
  }

  async update(
    auth: AuthContext,
    uuid: string,
    body: { crateName?: string; description?: string | null },
  ): Promise<CrateDto> {
    const row = await this.repo.locked(uuid, async (repo, found) => {
      const crate = CrateService.owned(auth, found);
      if (crate.special && body.crateName !== undefined && body.crateName !== crate.name) {
        throw fail('CRATE_SPECIAL_LOCKED');
      }
      return repo.update(crate.id, {
        ...(body.crateName === undefined ? {} : { name: body.crateName }),
        ...(body.description === undefined ? {} : { description: body.description }),
      });
    });
    return this.toDto(row);
  }

  async remove(auth: AuthContext, uuid: string): Promise<{ success: true }> {
    await this.repo.locked(uuid, async (repo, found) => {
      const crate = CrateService.owned(auth, found);
      if (crate.special) throw fail('CRATE_SPECIAL_LOCKED');
      await repo.delete(crate.id);
    });
    return { success: true };
  }
}
