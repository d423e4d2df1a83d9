import { type RecentRoomDto, type RoomDto, type RoomMusicProvider } from '@tt/protocol';
import { roomRolesGranting } from '@tt/rules';
import type { AuthContext } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { RoomCore } from './core';
import { KeptRooms } from './kept-rooms';
import type { Viewer } from './privacy';
import type { RoomRow } from './rooms.repository';

/** Fullest first (users, then DJs), then newest. */
function byPopularity(a: RoomDto, b: RoomDto): number {
  return (
    (b.numberOfUsersInRoom ?? 0) - (a.numberOfUsersInRoom ?? 0) ||
    (b.numberOfActiveDjs ?? 0) - (a.numberOfActiveDjs ?? 0) ||
    b.createdAt.localeCompare(a.createdAt) ||
    b.id - a.id
  );
}

/** Room lists: browse, promoted, mine, several at once, recently visited, who is in a room. */
export class RoomListsService {
  constructor(readonly core: RoomCore) {
    this.rooms = new KeptRooms(async (ids) => ({
      rows: await core.rooms.byIds(ids),
      roles: await core.roles.everyOfRooms(ids),
    }));
  }

  /** ROOM-LIST-1: the public rooms' ids, newest first, as of the list's version. */
  private kept: { version: number; order: { id: number; uuid: string }[] } | null = null;
  /** ROOM-LIST-3: the listed rooms' rows and roles, as of the content version. */
  private readonly rooms: KeptRooms;

  /**
   * The public rooms (ids and uuids), newest first, and the content version (ROOM-LIST-3) read in
   * the same statement. ROOM-LIST-1: kept while the list's version
   * (bumped by a trigger on every change of the rooms it may hold) stays the same, so a read is
   * one small statement; the version is read before the rooms, so a change committed between the
   * two only makes the next read load them again.
   */
  private async publicOrder(): Promise<{
    order: { id: number; uuid: string }[];
    content: number | null;
  }> {
    const versions = await this.core.rooms.publicListVersion();
    const content = versions?.content ?? null;
    const version = versions?.version ?? null;
    if (version !== null && this.kept?.version === version)
      return { order: this.kept.order, content };
    const order = await this.core.rooms.publicRoomOrder();
    if (version !== null && (!this.kept || this.kept.version < version)) {
      this.kept = { version, order };
    }
    return { order, content };
  }

  /**
   * ROOM-LIST-1: fullest first (users, then DJs), then newest. Who is in a room is known only in
   * memory, so the order is kept as ids alone (newest first); only the rooms with somebody in
   * them are sorted here (a stable sort keeps the newest-first order among equals), the empty ones
   * follow in that order, and only the page's rows are loaded.
   */
  async publicRooms(
    viewer: Viewer,
    limit: number,
    offset: number,
  ): Promise<{ rooms: RoomDto[]; total: number }> {
    const { order, content } = await this.publicOrder();
    const counts = this.core.live.headcounts();
    const occupied: { id: number; users: number; djs: number }[] = [];
    const empty: number[] = [];
    for (const { id, uuid } of order) {
      const count = counts.size ? counts.get(uuid) : undefined;
      if (count) occupied.push({ id, users: count.users, djs: count.djs });
      else empty.push(id);
    }
    occupied.sort((a, b) => b.users - a.users || b.djs - a.djs);
    const ids = [...occupied.map((o) => o.id), ...empty].slice(offset, offset + limit);
    const { rows, roles } = await this.rooms.get(content, ids);
    // A room deleted, hidden or closed since its order was read is left out of the page.
    const page = rows.filter((room) => room.type === 'PUBLIC' && !room.unlisted && room.isLive);
    return {
      rooms: await this.core.dtos(page, { presence: true, viewer, roles }),
      total: order.length,
    };
  }

  async promoted(viewer: Viewer, providers: RoomMusicProvider[]): Promise<RoomDto[]> {
    const rows = await this.core.rooms.promotedRooms(providers);
    return (await this.core.dtos(rows, { presence: true, viewer })).sort(byPopularity);
  }

  async privateCount(): Promise<{ count: number }> {
    return { count: await this.core.rooms.privateCount() };
  }

  async mine(auth: AuthContext | null): Promise<RoomDto[]> {
    const rows = await this.core.rooms.withRoleOf(auth!.uuid, roomRolesGranting('room.kick'));
    return this.core.dtos(rows, { presence: true, viewer: auth });
  }

  async owned(auth: AuthContext | null): Promise<RoomDto[]> {
    const rows = await this.core.rooms.withRoleOf(auth!.uuid, ['owner']);
    return this.core.dtos(rows, { presence: true, viewer: auth });
  }

  /** In the order asked, each room once; unknown slugs left out. */
  async multiple(viewer: Viewer, slugs: string[]): Promise<RoomDto[]> {
    const rows = await this.core.rooms.bySlugs(slugs);
    const bySlug = new Map(rows.map((r) => [r.slug.toLowerCase(), r]));
    const ordered: RoomRow[] = [];
    for (const slug of slugs) {
      const room = bySlug.get(slug.toLowerCase());
      if (room && !ordered.includes(room)) ordered.push(room);
    }
    return this.core.dtos(ordered, { presence: true, viewer });
  }

  /**
   * The remembered rooms that exist and open with the remembered password (or need none). The
   * passwords go through the same throttle as joins (SEC-ROOMPW-1): once over a limit, password
   * rooms are left out. A room opened here shows who is in it, in this answer only.
   */
  async withPasswords(
    viewer: Viewer,
    entries: { slug: string; password?: string | null }[],
    ip: string | null = null,
  ): Promise<RoomDto[]> {
    const rows = await this.core.rooms.bySlugs(entries.map((e) => e.slug));
    const bySlug = new Map(rows.map((r) => [r.slug.toLowerCase(), r]));
    const out: RoomRow[] = [];
    const opened = new Set<number>();
    for (const entry of entries) {
      const room = bySlug.get(entry.slug.toLowerCase());
      if (!room || out.includes(room)) continue;
      if (!room.passwordHash) {
        out.push(room);
      } else if (entry.password && (await this.opens(room, entry.password, viewer, ip))) {
        out.push(room);
        opened.add(room.id);
      }
    }
    return this.core.dtos(out, { presence: true, viewer, opened });
  }

  private async opens(room: RoomRow, password: string, viewer: Viewer, ip: string | null) {
    try {
      const who = { uuid: viewer?.uuid, ip };
      return Boolean(
        await this.core.passwordGuard.verify(room.uuid, who, [password], [room.passwordHash!]),
      );
    } catch (err) {
      if (err instanceof AppError && err.status === 429) return false;
      throw err;
    }
  }

  /** Who is in a room: of a password room, for those inside only (SEC-ROOM-PRIV-1). */
  async usersInRoom(viewer: Viewer | 'service', id: string): Promise<{ userUuids: string[] }> {
    const loaded = await this.core.load(id);
    if (viewer !== 'service') await this.core.privacy.assertInside(loaded, viewer);
    return { userUuids: this.core.presence(loaded.room.uuid)?.userUuids ?? [] };
  }

  async recordVisit(auth: AuthContext | null, roomUuid: string): Promise<{ success: boolean }> {
    const room = await this.core.find(roomUuid);
    await this.core.recordVisit(auth!.uuid, room.id);
    return { success: true };
  }

  async recent(
    auth: AuthContext | null,
    limit: number,
    offset: number,
  ): Promise<{ rooms: RecentRoomDto[]; total: number }> {
    // ROOM-LIST-5: which rooms and how many, as kept for this person since their last visit.
    const { rows, total, content } = await this.core.recentRooms.get(
      auth!.uuid,
      limit,
      offset,
      () => this.core.activity.visits(auth!.uuid, limit, offset),
    );
    // ROOM-LIST-4: the rooms' rows and roles as kept for their content version (ROOM-LIST-3).
    const kept = await this.rooms.get(
      content,
      rows.map((r) => r.roomId),
    );
    const visitedAt = new Map(rows.map((r) => [r.roomId, r.visitedAt]));
    const dtos = await this.core.dtos(kept.rows, {
      presence: true,
      viewer: auth,
      roles: kept.roles,
    });
    return {
      rooms: dtos.map((dto, i) => ({ ...dto, visitedAt: visitedAt.get(kept.rows[i]!.id)! })),
      total,
    };
  }

  async discord(viewer: Viewer, guildId: string): Promise<RoomDto[]> {
    return this.core.dtos(await this.core.rooms.byGuild(guildId), { presence: true, viewer });
  }
}
