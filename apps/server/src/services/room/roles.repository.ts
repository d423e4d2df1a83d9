import { and, asc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import type { RoomUserRole } from '@tt/protocol';
import type { Db } from '../../platform/db/index';
import { UUID_RE } from './rooms.repository';
import { roomUserRoles } from './schema';

export type RoleRow = typeof roomUserRoles.$inferSelect;

/** A role counts until its expirationTime (RR-ROLE-2, CHAT-MUTE-1). */
const inForce = (now: Date) =>
  or(isNull(roomUserRoles.expirationTime), gt(roomUserRoles.expirationTime, now));

/** The roles among `rows` in force at `now` (as `inForce` in SQL). */
export function inForceAt(rows: RoleRow[], now: Date): RoleRow[] {
  return rows.filter((r) => r.expirationTime === null || r.expirationTime > now);
}

/** SQL for the roles of users in rooms. */
export class RoomRolesRepository {
  constructor(private readonly db: Db) {}

  /** Roles in force of these rooms, by room id, oldest first. */
  ofRooms(roomIds: number[]): Promise<Map<number, RoleRow[]>> {
    return this.byRoom(roomIds, true);
  }

  /**
   * ROOM-LIST-3: every role of these rooms, expired or not, by room id, oldest first: what a list
   * keeps, choosing those in force when it answers (`inForceAt`).
   */
  everyOfRooms(roomIds: number[]): Promise<Map<number, RoleRow[]>> {
    return this.byRoom(roomIds, false);
  }

  private async byRoom(roomIds: number[], inForceOnly: boolean) {
    const out = new Map<number, RoleRow[]>(roomIds.map((id) => [id, []]));
    if (roomIds.length === 0) return out;
    const ofThese = inArray(roomUserRoles.roomId, roomIds);
    const rows = await this.db
      .select()
      .from(roomUserRoles)
      .where(inForceOnly ? and(ofThese, inForce(new Date())) : ofThese)
      .orderBy(asc(roomUserRoles.id));
    for (const r of rows) out.get(r.roomId)?.push(r);
    return out;
  }

  async ofRoom(roomId: number): Promise<RoleRow[]> {
    return (await this.ofRooms([roomId])).get(roomId) ?? [];
  }

  /** The row of (room, user, role), expired or not. */
  async find(roomId: number, userUuid: string, role: RoomUserRole): Promise<RoleRow | undefined> {
    if (!UUID_RE.test(userUuid)) return undefined;
    const [row] = await this.db
      .select()
      .from(roomUserRoles)
      .where(
        and(
          eq(roomUserRoles.roomId, roomId),
          eq(roomUserRoles.userUuid, userUuid),
          eq(roomUserRoles.role, role),
        ),
      );
    return row;
  }

  /** Gives the role (or renews an expired one) with this expiration. */
  async put(
    roomId: number,
    userUuid: string,
    role: RoomUserRole,
    expirationTime: Date | null,
  ): Promise<RoleRow> {
    const now = new Date();
    const [row] = await this.db
      .insert(roomUserRoles)
      .values({ roomId, userUuid, role, expirationTime, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [roomUserRoles.roomId, roomUserRoles.userUuid, roomUserRoles.role],
        set: { expirationTime, updatedAt: now },
      })
      .returning();
    return row;
  }

  /** Removes (room, user, role); answers whether a role in force was removed. */
  async remove(roomId: number, userUuid: string, role: RoomUserRole): Promise<boolean> {
    if (!UUID_RE.test(userUuid)) return false;
    const removed = await this.db
      .delete(roomUserRoles)
      .where(
        and(
          eq(roomUserRoles.roomId, roomId),
          eq(roomUserRoles.userUuid, userUuid),
          eq(roomUserRoles.role, role),
        ),
      )
      .returning();
    const now = new Date();
    return removed.some((r) => !r.expirationTime || r.expirationTime > now);
  }

  /** Removes every row of a role in a room (e.g. the owner before a new one is set). */
  async removeRole(roomId: number, role: RoomUserRole): Promise<RoleRow[]> {
    return this.db
      .delete(roomUserRoles)
      .where(and(eq(roomUserRoles.roomId, roomId), eq(roomUserRoles.role, role)))
      .returning();
  }

  /** Removes these roles of a user in every room; answers the rows removed. */
  async removeUserRoles(userUuid: string, roles: RoomUserRole[]): Promise<RoleRow[]> {
    if (!UUID_RE.test(userUuid)) return [];
    return this.db
      .delete(roomUserRoles)
      .where(and(eq(roomUserRoles.userUuid, userUuid), inArray(roomUserRoles.role, roles)))
      .returning();
  }

  async transaction<T>(work: (repo: RoomRolesRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      work(new RoomRolesRepository(tx as unknown as Db), tx as unknown as Db),
    );
  }
}
