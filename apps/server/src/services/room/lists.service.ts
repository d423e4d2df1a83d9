import {
  ROOM_MODERATOR_ROLES,
  type RecentRoomDto,
  type RoomDto,
  type RoomMusicProvider,
} from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import type { RoomCore } from './core';
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
  constructor(readonly core: RoomCore) {}

  /** Who is in a room is known only in memory, so the page is cut after sorting. */
  async publicRooms(limit: number, offset: number): Promise<{ rooms: RoomDto[]; total: number }> {
    const rows = await this.core.rooms.publicRooms();
    const withPresence = rows.map((room) => {
      const presence = this.core.presence(room.uuid);
      return {
        room,
        users: presence?.userUuids.length ?? 0,
        djs: presence?.djUuids.length ?? 0,
      };
    });
    withPresence.sort(
      (a, b) =>
        b.users - a.users ||
        b.djs - a.djs ||
        b.room.createdAt.getTime() - a.room.createdAt.getTime() ||
        b.room.id - a.room.id,
    );
    const page = withPresence.slice(offset, offset + limit).map((p) => p.room);
    return { rooms: await this.core.dtos(page, { presence: true }), total: rows.length };
  }

  async promoted(providers: RoomMusicProvider[]): Promise<RoomDto[]> {
    const rows = await this.core.rooms.promotedRooms(providers);
    return (await this.core.dtos(rows, { presence: true })).sort(byPopularity);
  }

  async privateCount(): Promise<{ count: number }> {
    return { count: await this.core.rooms.privateCount() };
  }

  async mine(auth: AuthContext | null): Promise<RoomDto[]> {
    const rows = await this.core.rooms.withRoleOf(auth!.uuid, [...ROOM_MODERATOR_ROLES]);
    return this.core.dtos(rows, { presence: true });
  }

  async owned(auth: AuthContext | null): Promise<RoomDto[]> {
    const rows = await this.core.rooms.withRoleOf(auth!.uuid, ['owner']);
    return this.core.dtos(rows, { presence: true });
  }

  /** In the order asked, each room once; unknown slugs left out. */
  async multiple(slugs: string[]): Promise<RoomDto[]> {
    const rows = await this.core.rooms.bySlugs(slugs);
    const bySlug = new Map(rows.map((r) => [r.slug.toLowerCase(), r]));
    const ordered: RoomRow[] = [];
    for (const slug of slugs) {
      const room = bySlug.get(slug.toLowerCase());
      if (room && !ordered.includes(room)) ordered.push(room);
    }
    return this.core.dtos(ordered, { presence: true });
  }

  /** The remembered rooms that exist and open with the remembered password (or need none). */
  async withPasswords(entries: { slug: string; password?: string | null }[]): Promise<RoomDto[]> {
    const rows = await this.core.rooms.bySlugs(entries.map((e) => e.slug));
    const bySlug = new Map(rows.map((r) => [r.slug.toLowerCase(), r]));
    const out: RoomRow[] = [];
    for (const entry of entries) {
      const room = bySlug.get(entry.slug.toLowerCase());
      if (!room || out.includes(room)) continue;
      const opens =
        !room.passwordHash ||
        (Boolean(entry.password) &&
          (await this.core.passwords.verify(room.passwordHash, entry.password!)));
      if (opens) out.push(room);
    }
    return this.core.dtos(out, { presence: true });
  }

  async usersInRoom(id: string): Promise<{ userUuids: string[] }> {
    const room = await this.core.find(id);
    return { userUuids: this.core.presence(room.uuid)?.userUuids ?? [] };
  }

  async recordVisit(auth: AuthContext | null, roomUuid: string): Promise<{ success: boolean }> {
    const room = await this.core.find(roomUuid);
    await this.core.activity.recordVisit(auth!.uuid, room.id);
    return { success: true };
  }

  async recent(
    auth: AuthContext | null,
    limit: number,
    offset: number,
  ): Promise<{ rooms: RecentRoomDto[]; total: number }> {
    const { rows, total } = await this.core.activity.visits(auth!.uuid, limit, offset);
    const dtos = await this.core.dtos(
      rows.map((r) => r.room),
      { presence: true },
    );
    return {
      rooms: dtos.map((dto, i) => ({ ...dto, visitedAt: rows[i].visitedAt.toISOString() })),
      total,
    };
  }

  async discord(guildId: string): Promise<RoomDto[]> {
    return this.core.dtos(await this.core.rooms.byGuild(guildId), { presence: true });
  }
}
