import {
  ROOM_KICK_MINUTES,
  type CreateRoomRoleReq,
  type RoomUserRole,
  type RoomUserRoleDto,
} from '@tt/protocol';
import { ROOM_ROLE_RANK } from '@tt/rules';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { ModerationRecord } from '../../platform/events';
import { moderationRecord } from '../../platform/moderation-record';
import type { RoomRolesRepository } from './roles.repository';
import type { Viewer } from './privacy';
import {
  callerRank,
  hasRole,
  isAdmin,
  RANK,
  roomRankOf,
  toRoleDto,
  type LoadedRoom,
  type RoomCore,
} from './core';

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

  /** Throws unless a caller of `rank` may give or take `role`. */
  private assertMayGrant(rank: number, role: RoomUserRole): void {
    if (role === 'owner') throw fail('ROOM_ROLE_OWNER_CHANGE');
    if (rank < RANK.moderator) throw fail('ROOM_MODERATE_FORBIDDEN');
    if (role === 'coOwner' && rank < RANK.owner) throw fail('ROOM_ROLE_COOWNER_OWNER_ONLY');
    if (role === 'moderator' && rank < RANK.coOwner) throw fail('ROOM_MANAGE_FORBIDDEN');
  }

  private assertMayDiscipline(me: AuthContext, rank: number, loaded: LoadedRoom, target: string) {
    if (target === me.uuid) throw fail('MODERATION_SELF');
    if (roomRankOf(loaded.roles, target) >= rank) throw fail('ROOM_ROLE_RANK');
  }

  /** AUDIT-MOD-1: the role change and its moderation-log event commit together. */
  private async recorded<T>(
    record: ModerationRecord,
    change: (roles: RoomRolesRepository) => Promise<T>,
  ): Promise<T> {
    const { outbox } = this.core.platform;
    const out = await this.core.roles.transaction(async (roles, tx) => {
      const result = await change(roles);
      await outbox.add(tx, 'moderation.recorded', record);
      return result;
    });
    outbox.kick();
    return out;
  }

  private async changed(loaded: LoadedRoom, userUuid: string, role: RoomUserRole, reason?: string) {
    const roomUuid = loaded.room.uuid;
    await this.core.emit('room.rolesChanged', { roomUuid, userUuid });
    if (role === 'banned' || role === 'kicked') {
      const fallback = role === 'banned' ? BAN_REASON : KICK_REASON;
      await this.core.emit('room.userKicked', { roomUuid, userUuid, reason: reason || fallback });
    }
  }

  async create(
    auth: AuthContext | null,
    roomId: string,
    body: CreateRoomRoleReq,
  ): Promise<RoomUserRoleDto> {
    const me = auth!;
    const loaded = await this.core.load(roomId);
    const rank = callerRank(me, loaded.roles);
    this.assertMayGrant(rank, body.role);
    if (DISCIPLINARY.includes(body.role)) this.assertMayDiscipline(me, rank, loaded, body.userUuid);
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
    const row = await this.recorded(record, (roles) =>
      roles.put(loaded.room.id, body.userUuid, body.role, expiration),
    );
    await this.changed(loaded, body.userUuid, body.role, body.reason);
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
      const rank = callerRank(me, loaded.roles);
      this.assertMayGrant(rank, role);
      const staffRole = role === 'coOwner' || role === 'moderator';
      if (staffRole && roomRankOf(loaded.roles, userUuid) >= rank) throw fail('ROOM_ROLE_RANK');
    }
    const record = moderationRecord({
      actorUuid: me.uuid,
      targetUuid: userUuid,
      actionType: 'roomRoleRemoved',
      roomUuid: loaded.room.uuid,
      previousRole: role,
    });
    await this.recorded(record, async (roles) => {
      if (!(await roles.remove(loaded.room.id, userUuid, role))) throw fail('ROOM_ROLE_NOT_HELD');
    });
    await this.core.emit('room.rolesChanged', { roomUuid: loaded.room.uuid, userUuid });
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
    if (!hasRole(loaded.roles, me.uuid, 'owner') && !isAdmin(me.roles)) {
      throw fail('ROOM_OWNER_ONLY');
    }
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
    const previous = await this.recorded(record, async (roles) => {
      const removed = await roles.removeRole(loaded.room.id, 'owner');
      for (const r of removed) await roles.put(loaded.room.id, r.userUuid, 'coOwner', null);
      await roles.remove(loaded.room.id, userUuid, 'coOwner');
      await roles.remove(loaded.room.id, userUuid, 'moderator');
      await roles.put(loaded.room.id, userUuid, 'owner', null);
      return removed.map((r) => r.userUuid);
    });
    for (const uuid of [...previous, userUuid]) {
      await this.core.emit('room.rolesChanged', { roomUuid: loaded.room.uuid, userUuid: uuid });
    }
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
    const rank = callerRank(me, loaded.roles);
    if (rank < RANK.moderator) throw fail('ROOM_MODERATE_FORBIDDEN');
    this.assertMayDiscipline(me, rank, loaded, userUuid);
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
    const row = await this.recorded(record, (roles) =>
      roles.put(loaded.room.id, userUuid, 'kicked', until),
    );
    await this.changed(loaded, userUuid, 'kicked', reason);
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
