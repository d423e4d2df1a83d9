import {
  type Permission,
  type RoomDto,
  type RoomUserRole,
  type RoomUserRoleDto,
} from '@tt/protocol';
import { requireAccess } from '../../platform/access';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { BusTopic, BusTopics } from '../../platform/bus';
import type { RoomPresence } from '../../platform/ports';
import type { Platform } from '../../platform/service';
import { PasswordHasher } from '../../platform/passwords';
import { RoomActivityRepository } from './activity.repository';
import { RecentRoomsCache } from './recent-rooms.cache';
import { RecentSongsCache } from './recent-songs.cache';
import { LiveRooms } from './live';
import { RoomPasswordGuard } from './password-guard';
import { RoomPrivacy, type Viewer } from './privacy';
import { RoomRolesRepository, type RoleRow } from './roles.repository';
import { isRoomId, RoomsRepository, UUID_RE, type RoomRow } from './rooms.repository';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export function toRoleDto(r: RoleRow): RoomUserRoleDto {
  return {
    id: r.id,
    roomId: r.roomId,
    userUuid: r.userUuid,
    role: r.role,
    expirationTime: iso(r.expirationTime),
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * A room as clients see it; passwords never leave the service. With `presence`, who is in it now:
 * `inside` false (a password room the viewer did not pass, SEC-ROOM-PRIV-1) keeps the counts only —
 * no user uuids, no song.
 */
export function toRoomDto(
  room: RoomRow,
  roles: RoleRow[],
  presence?: RoomPresence,
  inside = true,
): RoomDto {
  return {
    id: room.id,
    uuid: room.uuid,
    slug: room.slug,
    name: room.name,
    description: room.description,
    vibe: room.vibe,
    djType: room.djType,
    type: room.type,
    design: room.design,
    musicProviderKeys: room.musicProviderKeys,
    numberOfDjs: room.numberOfDjs,
    songsPerDj: room.songsPerDj,
    roomSize: room.roomSize,
    entryFee: room.entryFee,
    freeEntries: room.freeEntries,
    isPasswordProtected: Boolean(room.passwordHash),
    isGuestPasswordProtected: Boolean(room.guestPasswordHash),
    isLive: room.isLive,
    liveAudio: room.liveAudio,
    dislikes: room.dislikes,
    ...(room.rules ? { rules: room.rules } : {}),
    promoted: room.promoted,
    hasChat: room.hasChat,
    unlisted: room.unlisted,
    posterUrl: room.posterUrl,
    externalUrl: room.externalUrl,
    pinnedMessages: room.pinnedMessages,
    roomRoles: roles.map(toRoleDto),
    ...(presence && inside ? { song: presence.song, usersInRoomUuids: presence.userUuids } : {}),
    ...(presence
      ? {
          numberOfUsersInRoom: presence.userUuids.length,
          numberOfActiveDjs: presence.djUuids.length,
          // LIVE-AUDIO-11: someone on the live-audio mic now (the setting alone is `liveAudio`).
          liveAudioTalking: room.liveAudio && presence.liveAudioTalking === true,
        }
      : {}),
    createdAt: room.createdAt.toISOString(),
    updatedAt: room.updatedAt.toISOString(),
  };
}

/** The room as the access table reads it: its roles in force (ACCESS-CONTEXT-1). */
export const accessRoom = (roles: RoleRow[]): { roomRoles: RoomUserRoleDto[] } => ({
  roomRoles: roles.map(toRoleDto),
});

export const hasRole = (roles: RoleRow[], userUuid: string, role: RoomUserRole) =>
  roles.some((r) => r.userUuid === userUuid && r.role === role);

/** A room with its roles in force. */
export interface LoadedRoom {
  room: RoomRow;
  roles: RoleRow[];
}

/** What every part of the room service shares: repositories, hashing, events, look-ups, access. */
export class RoomCore {
  readonly rooms: RoomsRepository;
  readonly roles: RoomRolesRepository;
  readonly activity: RoomActivityRepository;
  /** ROOM-RECENT-1: the recent-songs pages this process keeps (60 s, dropped by a play). */
  readonly recentSongs = new RecentSongsCache();
  /** ROOM-LIST-5: the recent-rooms pages this process keeps (10 s, dropped by the person's visit). */
  readonly recentRooms = new RecentRoomsCache();
  readonly passwords: PasswordHasher;
  readonly privacy: RoomPrivacy;
  readonly passwordGuard: RoomPasswordGuard;
  /** Who is in the live rooms, as the realtime engine tells it (ROOM-LIVE-1). */
  readonly live = new LiveRooms();

  constructor(readonly platform: Platform) {
    const { config } = platform;
    this.rooms = new RoomsRepository(platform.db);
    this.roles = new RoomRolesRepository(platform.db);
    this.activity = new RoomActivityRepository(platform.db);
    this.passwords = new PasswordHasher(config.ARGON2_MEMORY_KIB, {
      concurrency: config.PASSWORD_HASH_CONCURRENCY,
      maxQueue: config.PASSWORD_HASH_MAX_QUEUE,
    });
    this.privacy = new RoomPrivacy(this);
    this.passwordGuard = new RoomPasswordGuard(this);
  }

  /** Live fan-out (BUS-TYPES-1); what must last is work, written in the change's transaction. */
  emit<T extends BusTopic>(topic: T, payload: BusTopics[T]): Promise<void> {
    return this.platform.bus.publish(topic, payload);
  }

  /** ROOM-RECENT-1: a song started or ended in the room: every process drops its kept pages. */
  async recentSongsChanged(roomId: number): Promise<void> {
    this.recentSongs.drop(roomId);
    await this.emit('room.recentSongsChanged', { roomId });
  }

  /**
   * The person visited the room (ROOM-LIST-2). ROOM-LIST-5: their kept recent-rooms pages are
   * dropped here at once and on every other process through the bus (not awaited: a join does not
   * wait on it).
   */
  async recordVisit(userUuid: string, roomId: number): Promise<void> {
    await this.activity.recordVisit(userUuid, roomId);
    this.recentRooms.drop(userUuid);
    this.emit('room.visited', { userUuid }).catch((err) =>
      this.platform.log.warn({ err }, 'publishing a visit failed'),
    );
  }

  settingsUpdated(room: RoomRow, slugChanged = false): Promise<void> {
    return this.emit('room.settingsUpdated', { roomUuid: room.uuid, slugChanged });
  }

  /** Who is in the room now; undefined while no live source is attached (ROOM-LIVE-1). */
  presence(roomUuid: string): RoomPresence | undefined {
    return this.live.presence(roomUuid);
  }

  /** A live room by uuid, slug (any case) or numeric id; 404 "Room not found." */
  async find(idOrSlug: string, opts: { includeDeleted?: boolean } = {}): Promise<RoomRow> {
    const room = await this.lookup(idOrSlug, opts.includeDeleted ?? false);
    if (!room) throw fail('ROOM_NOT_FOUND');
    return room;
  }

  private async lookup(key: string, includeDeleted: boolean): Promise<RoomRow | undefined> {
    if (UUID_RE.test(key)) return this.rooms.byUuid(key, includeDeleted);
    const bySlug = await this.rooms.bySlug(key);
    if (bySlug) return bySlug;
    return isRoomId(key) ? this.rooms.byId(Number(key), includeDeleted) : undefined;
  }

  async load(idOrSlug: string): Promise<LoadedRoom> {
    const room = await this.find(idOrSlug);
    return { room, roles: await this.roles.ofRoom(room.id) };
  }

  /**
   * The room as `viewer` may see it. With `presence`, who is in it now — user uuids and the song
   * only for viewers who passed a password room's password (SEC-ROOM-PRIV-1); `opened` rooms were
   * just opened with their password in this very request.
   */
  async dto(
    room: RoomRow,
    opts: { presence?: boolean; viewer?: Viewer; opened?: Set<number> } = {},
  ): Promise<RoomDto> {
    return (await this.dtos([room], opts))[0];
  }

  /** As `dto`, for several; `roles`: the rooms' roles in force, when the caller holds them. */
  async dtos(
    rows: RoomRow[],
    opts: {
      presence?: boolean;
      viewer?: Viewer;
      opened?: Set<number>;
      roles?: Map<number, RoleRow[]>;
    } = {},
  ): Promise<RoomDto[]> {
    const roles = opts.roles ?? (await this.roles.ofRooms(rows.map((r) => r.id)));
    return Promise.all(
      rows.map(async (r) => {
        const rRoles = roles.get(r.id) ?? [];
        if (!opts.presence) return toRoomDto(r, rRoles);
        const inside =
          opts.opened?.has(r.id) ||
          (await this.privacy.canSeeInside(r, rRoles, opts.viewer ?? null));
        return toRoomDto(r, rRoles, this.presence(r.uuid), inside);
      }),
    );
  }

  /** The room, once the caller may do `permission` in it (ACCESS-REQUIRE-1). */
  async loadFor(
    auth: AuthContext | null,
    idOrSlug: string,
    permission: Permission,
  ): Promise<LoadedRoom> {
    const loaded = await this.load(idOrSlug);
    requireAccess(auth, permission, { room: accessRoom(loaded.roles) });
    return loaded;
  }

  /** Does the account exist (and is it active)? Unknown when the user service is not running here. */
  async assertUserExists(uuid: string): Promise<void> {
    const users = this.platform.ports.users;
    if (!users) return;
    const [profile] = await users.profiles([uuid]);
    if (!profile) throw fail('USER_PROFILE_NOT_FOUND');
  }
}
