import {
  ROOM_KICK_MINUTES,
  type CreateRoomRoleReq,
  type RoomUserRole,
  type RoomUserRoleDto,
} from '@tt/protocol';
import {
  outranksInRoom,
  ROOM_ROLE_RANK,
  roomRank,
  roomRoleRank,
  roomRolePermission,
} from '@tt/rules';
import { requireAccess } from '../../platform/access';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { ModerationRecord } from '../../platform/events';
import { moderationRecord } from '../../platform/moderation-record';
import { ChangeWork, type WorkWriter } from '../../platform/outbox/change';
import type { RoomRolesRepository } from './roles.repository';
import type { Viewer } from './privacy';
import { accessRoom, hasRole, toRoleDto, type LoadedRoom, type RoomCore } from './core';

/** Roles that hold a user back: given only to someone ranked below the giver, never to oneself. */
const DISCIPLINARY: readonly RoomUserRole[] = ['banned', 'kicked', 'chatDisabled', 'djDisabled'];
/** Roles a holder may drop themselves. */
const RESIGNABLE: readonly RoomUserRole[] = ['coOwner', 'moderator', 'dj'];

/** The highest room role someone held before a change (for the moderation log). */
const previousRoleOf = (loaded: LoadedRoom, userUuid: string): RoomUserRole | null =>
  ROOM_ROLE_RANK.find((role) => hasRole(loaded.roles, userUuid, role)) ?? null;

const BAN_REASON = 'You were banned from this room';
const KICK_REASON = 'You were kicked from this room';

/**
 * Room user roles. Ranks (core.ts): admins 4, owner 3, global moderators 2.5, co-owners 2,
 * moderators 1. Room moderators give dj and the disciplinary roles; co-owners and global
 * moderators also give moderator; only the owner (and admins) give coOwner; owner moves only
 * with change-owner. Nobody disciplines someone of equal or higher room rank, or themselves.
 */
export class RoomRolesService {
  constructor(readonly core: RoomCore) {}

  /** Throws unless the caller may give or take `role` here (RR-ROLE-3, ACCESS-TABLE-1). */
  private assertMayGrant(me: AuthContext, loaded: LoadedRoom, role: RoomUserRole): void {
    if (role === 'owner') throw fail('ROOM_ROLE_OWNER_CHANGE');
    const here = { room: accessRoom(loaded.roles) };
    requireAccess(me, 'room.roles.assign', here);
    requireAccess(me, roomRolePermission(role), here);
  }

  /** ACCESS-RANK-1: nobody disciplines themselves or someone of equal or higher room rank. */
  private assertMayDiscipline(me: AuthContext, loaded: LoadedRoom, target: string) {
    if (target === me.uuid) throw fail('MODERATION_SELF');
    if (!outranksInRoom(me, accessRoom(loaded.roles), target)) throw fail('ROOM_ROLE_RANK');
  }

  /**
   * AUDIT-MOD-1: the role change, its moderation-log event and the work events `change` writes
   * (WORK-OUTBOX-1) commit together; then their live twins go out (BUS-TWIN-1).
   */
  private async recorded<T>(
    record: ModerationRecord,
    change: (roles: RoomRolesRepository, work: WorkWriter) => Promise<T>,
  ): Promise<T> {
    const work = new ChangeWork(this.core.platform);
    const out = await this.core.roles.transaction(async (roles, tx) => {
      const writer = work.in(tx);
      const result = await change(roles, writer);
      await writer('moderation.recorded', record);
      return result;
    });
    await work.committed();
    return out;
  }

  /** A member's room roles changed (work: their chat membership; live: the room refreshes). */
  private async changed(
    work: WorkWriter,
    loaded: LoadedRoom,
    userUuid: string,
    role: RoomUserRole,
    reason?: string,
  ) {
    const roomUuid = loaded.room.uuid;
    await work('room.rolesChanged', { roomUuid, userUuid });
    if (role === 'banned' || role === 'kicked') {
      const fallback = role === 'banned' ? BAN_REASON : KICK_REASON;
      await work('room.userKicked', { roomUuid, userUuid, reason: reason || fallback });
    }
  }

  async create(
    auth: AuthContext | null,
    roomId: string,
    body: CreateRoomRoleReq,
  ): Promise<RoomUserRoleDto> {
    const me = auth!;
    const loaded = await this.core.load(roomId);
    this.assertMayGrant(me, loaded, body.role);
    if (DISCIPLINARY.includes(body.role)) this.assertMayDiscipline(me, loaded, body.userUuid);
    const expiration = body.expirationTime ? new Date(body.expirationTime) : null;
    if (expiration && expiration.getTime() <= Date.now()) throw fail('ROOM_ROLE_EXPIRATION_PAST');
    if (hasRole(loaded.roles, body.userUuid, body.role)) throw fail('ROLE_ALREADY_HELD');
    await this.core.assertUserExists(body.userUuid);
    const record = moderationRecord({
      actorUuid: me.uuid,
      targetUuid: body.userUuid,
      actionType: 'roomRoleAdded',
      roomUuid: loaded.room.uuid,
      previousRole: previousRoleOf(loaded, body.userUuid),
      role: body.role,
      reason: body.reason ?? '',
      until: expiration?.toISOString() ?? null,
    });
    const row = await this.recorded(record, async (roles, work) => {
      const put = await roles.put(loaded.room.id, body.userUuid, body.role, expiration);
      await this.changed(work, loaded, body.userUuid, body.role, body.reason);
      return put;
    });
    return toRoleDto(row);
  }

  async remove(
    auth: AuthContext | null,
    roomId: string,
    userUuid: string,
    role: RoomUserRole,
  ): Promise<{ success: boolean }> {
    const me = auth!;
    const loaded = await this.core.load(roomId);
    const resigning = userUuid === me.uuid && RESIGNABLE.includes(role);
    if (!resigning) {
      this.assertMayGrant(me, loaded, role);
      const staffRole = role === 'coOwner' || role === 'moderator';
      const room = accessRoom(loaded.roles);
      if (staffRole && roomRoleRank(room, userUuid) >= roomRank(me, room)) {
        throw fail('ROOM_ROLE_RANK');
      }
    }
    const record = moderationRecord({
      actorUuid: me.uuid,
      targetUuid: userUuid,
      actionType: 'roomRoleRemoved',
      roomUuid: loaded.room.uuid,
      previousRole: role,
    });
    await this.recorded(record, async (roles, work) => {
      if (!(await roles.remove(loaded.room.id, userUuid, role))) throw fail('ROOM_ROLE_NOT_HELD');
      await work('room.rolesChanged', { roomUuid: loaded.room.uuid, userUuid });
    });
    return { success: true };
  }

  async list(roomId: string): Promise<RoomUserRoleDto[]> {
    return (await this.core.load(roomId)).roles.map(toRoleDto);
  }

  async ofUser(roomId: string, userUuid: string): Promise<RoomUserRoleDto[]> {
    const { roles } = await this.core.load(roomId);
    return roles.filter((r) => r.userUuid === userUuid).map(toRoleDto);
  }

  /** The owner (or an admin) hands the room over; the previous owner stays as co-owner. */
  async changeOwner(
    auth: AuthContext | null,
    roomId: string,
    userUuid: string,
  ): Promise<RoomUserRoleDto[]> {
    const me = auth!;
    const loaded = await this.core.load(roomId);
    requireAccess(me, 'room.owner.change', { room: accessRoom(loaded.roles) });
    if (hasRole(loaded.roles, userUuid, 'owner')) throw fail('ROLE_ALREADY_HELD');
    await this.core.assertUserExists(userUuid);
    const record = moderationRecord({
      actorUuid: me.uuid,
      targetUuid: userUuid,
      actionType: 'roomOwnerChanged',
      roomUuid: loaded.room.uuid,
      previousRole: previousRoleOf(loaded, userUuid),
      role: 'owner',
    });
    await this.recorded(record, async (roles, work) => {
      const removed = await roles.removeRole(loaded.room.id, 'owner');
      for (const r of removed) await roles.put(loaded.room.id, r.userUuid, 'coOwner', null);
      await roles.remove(loaded.room.id, userUuid, 'coOwner');
      await roles.remove(loaded.room.id, userUuid, 'moderator');
      await roles.put(loaded.room.id, userUuid, 'owner', null);
      for (const uuid of [...removed.map((r) => r.userUuid), userUuid]) {
        await work('room.rolesChanged', { roomUuid: loaded.room.uuid, userUuid: uuid });
      }
    });
    return (await this.core.roles.ofRoom(loaded.room.id)).map(toRoleDto);
  }

  /** Out of the room now, back in ROOM_KICK_MINUTES at the earliest. */
  async kick(
    auth: AuthContext | null,
    roomUuid: string,
    userUuid: string,
    reason: string | undefined,
  ): Promise<RoomUserRoleDto> {
    const me = auth!;
    const loaded = await this.core.load(roomUuid);
    requireAccess(me, 'room.kick', { room: accessRoom(loaded.roles) });
    this.assertMayDiscipline(me, loaded, userUuid);
    const until = new Date(Date.now() + ROOM_KICK_MINUTES * 60_000);
    const record = moderationRecord({
      actorUuid: me.uuid,
      targetUuid: userUuid,
      actionType: 'roomKick',
      roomUuid: loaded.room.uuid,
      role: 'kicked',
      reason: reason ?? '',
      until: until.toISOString(),
    });
    const row = await this.recorded(record, async (roles, work) => {
      const put = await roles.put(loaded.room.id, userUuid, 'kicked', until);
      await this.changed(work, loaded, userUuid, 'kicked', reason);
      return put;
    });
    return toRoleDto(row);
  }

  /**
   * Which of these users are not in the room now (everyone, when nobody is connected here). Of a
   * password room, for those inside only (SEC-ROOM-PRIV-1: it tells who is in).
   */
  async notOnDancefloor(
    viewer: Viewer,
    roomUuid: string,
    userUuids: string[],
  ): Promise<{ userUuids: string[] }> {
    const loaded = await this.core.load(roomUuid);
    await this.core.privacy.assertInside(loaded, viewer);
    const { room } = loaded;
    const present = new Set(this.core.presence(room.uuid)?.userUuids ?? []);
    return { userUuids: [...new Set(userUuids)].filter((u) => !present.has(u)) };
  }
}
