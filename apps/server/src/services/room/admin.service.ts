import { ADMIN_ROOM_QB_FIELDS, type AdminRoomDto, type QbQuery } from '@tt/protocol';
import { fail } from '../../platform/errors';
import { ChangeWork } from '../../platform/outbox/change';
import { qbPageOf, qbPlan } from '../../platform/qb';
import { toRoomDto, type RoomCore } from './core';
import { ADMIN_ROOM_FIELDS, type RoomRow } from './rooms.repository';
import { RoomRolesRepository } from './roles.repository';
import type { RoomsService } from './rooms.service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Admin lists, service-to-service reads, reset, account clean-up, analytics. */
export class RoomAdminService {
  constructor(
    readonly core: RoomCore,
    private readonly roomsService: RoomsService,
  ) {}

  private async adminDtos(rows: RoomRow[]): Promise<AdminRoomDto[]> {
    const roles = await this.core.roles.ofRooms(rows.map((r) => r.id));
    return rows.map((r) => ({
      ...toRoomDto(r, roles.get(r.id) ?? []),
      createdBy: r.createdBy,
      deletedAt: iso(r.deletedAt),
      discordGuildId: r.discordGuildId,
      conversationId: r.conversationId,
    }));
  }

  /** (qb) list of every room, deleted ones included: newest first unless sorted otherwise. */
  async list(query: QbQuery) {
    const plan = qbPlan(query, ADMIN_ROOM_FIELDS, {
      selectable: ADMIN_ROOM_QB_FIELDS,
      defaultLimit: 25,
      maxLimit: 100,
      defaultSort: [{ field: 'createdAt', dir: 'DESC' }],
      tiebreaker: 'id',
    });
    const { rows, total } = await this.core.rooms.adminList(plan);
    return qbPageOf(await this.adminDtos(rows), total, plan);
  }

  async get(id: string): Promise<AdminRoomDto> {
    const [dto] = await this.adminDtos([await this.core.find(id, { includeDeleted: true })]);
    return dto;
  }

  /** Clears the persisted live state; the realtime layer sends roomReset and clients rejoin. */
  async reset(id: string): Promise<{ success: boolean }> {
    const room = await this.core.find(id);
    await this.core.activity.saveLiveState(room.id, null);
    await this.core.emit('room.reset', { roomUuid: room.uuid });
    return { success: true };
  }

  async serviceList(take: number, skip: number) {
    const { rows, total } = await this.core.rooms.page(take, skip);
    return { rooms: await this.core.dtos(rows), total };
  }

  async serviceRoom(id: string) {
    return this.core.dto(await this.core.find(id));
  }

  async playedSeconds() {
    const rooms = await this.core.activity.playedSecondsByRoom();
    return { playedSeconds: rooms.reduce((sum, r) => sum + r.playedSeconds, 0), rooms };
  }

  async status() {
    return {
      ...(await this.core.rooms.counts()),
      roomsWithLiveState: (await this.core.activity.liveRoomUuids()).length,
      songsPlayed: await this.core.activity.songsPlayed(),
      realtime: this.core.live.attached,
    };
  }

  /** Deletes the account's rooms and takes away its co-owner, moderator and DJ roles. */
  async deleteUserRooms(userUuid: string): Promise<{ roomUuids: string[] }> {
    const owned = await this.core.rooms.withRoleOf(userUuid, ['owner']);
    for (const room of owned) await this.roomsService.remove(room);
    const work = new ChangeWork(this.core.platform);
    await this.core.rooms.transaction(async (rooms, tx) => {
      const roles = new RoomRolesRepository(tx);
      const removed = await roles.removeUserRoles(userUuid, [
        'owner',
        'coOwner',
        'moderator',
        'dj',
      ]);
      for (const id of new Set(removed.map((r) => r.roomId))) {
        const room = await rooms.byId(id);
        if (room) await work.in(tx)('room.rolesChanged', { roomUuid: room.uuid, userUuid });
      }
    });
    await work.committed();
    return { roomUuids: owned.map((r) => r.uuid) };
  }

  /** Hands every room the account owns to another account. */
  async reassignUserRooms(
    userUuid: string,
    newOwnerUuid: string,
  ): Promise<{ roomUuids: string[] }> {
    if (newOwnerUuid === userUuid) {
      throw fail('BAD_REQUEST', 'newOwnerUuid: must be another account');
    }
    await this.core.assertUserExists(newOwnerUuid);
    const owned = await this.core.rooms.withRoleOf(userUuid, ['owner']);
    const work = new ChangeWork(this.core.platform);
    await this.core.roles.transaction(async (roles, tx) => {
      for (const room of owned) {
        await roles.removeRole(room.id, 'owner');
        await roles.remove(room.id, newOwnerUuid, 'coOwner');
        await roles.remove(room.id, newOwnerUuid, 'moderator');
        await roles.put(room.id, newOwnerUuid, 'owner', null);
        for (const uuid of [userUuid, newOwnerUuid]) {
          await work.in(tx)('room.rolesChanged', { roomUuid: room.uuid, userUuid: uuid });
        }
      }
    });
    await work.committed();
    return { roomUuids: owned.map((r) => r.uuid) };
  }
}
