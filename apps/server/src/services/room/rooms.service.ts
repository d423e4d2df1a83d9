import { randomUUID } from 'node:crypto';
import {
  MAX_OWNED_ROOMS,
  RESERVED_ROOM_SLUGS,
  RoomMusicProvider,
  type AdminUpdateRoomReq,
  type ClientRoomState,
  type CreateRoomReq,
  type RoomDto,
  type UpdateRoomReq,
} from '@tt/protocol';
import { can, roomSizeRefusal, slugCandidates, slugify } from '@tt/rules';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { ChangeWork } from '../../platform/outbox/change';
import { requireAccessWith } from '../../platform/access';
import { isUniqueViolation } from '../../platform/db/errors';
import { accessRoom, toRoomDto, type RoomCore } from './core';
import { checkEntry } from './join';
import type { Viewer } from './privacy';
import { RoomRolesRepository } from './roles.repository';
import type { NewRoom, RoomRow } from './rooms.repository';

/** Every provider a new room plays from unless told otherwise. */
const DEFAULT_PROVIDERS = [...RoomMusicProvider.options];

/** Rooms: create, settings, delete, read, join, recent songs, live state, played time. */
export class RoomsService {
  constructor(readonly core: RoomCore) {}

  private async assertSlugFree(slug: string, exceptId?: number): Promise<void> {
    if (RESERVED_ROOM_SLUGS.includes(slug)) throw fail('ROOM_SLUG_RESERVED');
    if (await this.core.rooms.slugTaken(slug, exceptId)) throw fail('ROOM_SLUG_TAKEN');
  }

  /** A free slug from the name: the name itself, else with -2, -3… */
  private async freeSlugFor(name: string): Promise<string> {
    const base = slugify(name, 'room');
    for (const slug of slugCandidates(base)) {
      if (RESERVED_ROOM_SLUGS.includes(slug)) continue;
      if (!(await this.core.rooms.slugTaken(slug))) return slug;
    }
    return `${base.slice(0, 55)}-${randomUUID().slice(0, 8)}`;
  }

  /** The columns a settings payload changes (slug checked, password hashed). */
  private async changes(
    body: UpdateRoomReq & Partial<AdminUpdateRoomReq>,
    current?: RoomRow,
  ): Promise<Partial<NewRoom>> {
    const patch: Partial<NewRoom> = {};
    const simple = [
      'name',
      'description',
      'vibe',
      'djType',
      'type',
      'design',
      'numberOfDjs',
      'songsPerDj',
      'roomSize',
      'hasChat',
      'unlisted',
      'promoted',
      'isLive',
      'liveAudio',
      'dislikes',
      'entryFee',
      'freeEntries',
    ] as const;
    for (const key of simple) {
      if (body[key] !== undefined) Object.assign(patch, { [key]: body[key] });
    }
    if (body.musicProviderKeys !== undefined) {
      patch.musicProviderKeys = [...new Set(body.musicProviderKeys)];
    }
    if (body.slug !== undefined && body.slug !== current?.slug) {
      await this.assertSlugFree(body.slug, current?.id);
      patch.slug = body.slug;
    }
    if (body.password !== undefined) {
      patch.passwordHash =
        body.password === null ? null : await this.core.passwords.hash(body.password);
    }
    return patch;
  }

  async create(auth: AuthContext | null, body: CreateRoomReq): Promise<RoomDto> {
    const me = auth!;
    // SEC-UNVERIFIED-1: no rooms until the e-mail address is verified.
    await requireAccessWith(this.core.platform.ports, me, 'room.create');
    if (!can(me, 'room.create.unlimited')) {
      const owned = await this.core.rooms.withRoleOf(me.uuid, ['owner']);
      if (owned.length >= MAX_OWNED_ROOMS) throw fail('ROOM_LIMIT_REACHED');
    }
    const patch = await this.changes(body);
    const slug = patch.slug ?? (await this.freeSlugFor(body.name));
    try {
      const { room, roles } = await this.core.rooms.transaction(async (rooms, tx) => {
        const created = await rooms.insert({
          musicProviderKeys: DEFAULT_PROVIDERS,
          ...patch,
          name: body.name,
          slug,
          createdBy: me.uuid,
        });
        const owner = await new RoomRolesRepository(tx).put(created.id, me.uuid, 'owner', null);
        return { room: created, roles: [owner] };
      });
      return toRoomDto(room, roles);
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('ROOM_SLUG_TAKEN');
      throw err;
    }
  }

  /** Applies settings to a loaded room, emits room.settingsUpdated, answers the room. */
  async applyUpdate(
    room: RoomRow,
    body: UpdateRoomReq & Partial<AdminUpdateRoomReq>,
  ): Promise<RoomDto> {
    const patch = await this.changes(body, room);
    let updated: RoomRow;
    try {
      updated = await this.core.rooms.update(room.id, patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw fail('ROOM_SLUG_TAKEN');
      throw err;
    }
    await this.core.settingsUpdated(updated, updated.slug !== room.slug);
    return this.core.dto(updated);
  }

  /** Owner, co-owners and global moderators. */
  async update(auth: AuthContext | null, id: string, body: UpdateRoomReq): Promise<RoomDto> {
    const { room } = await this.core.loadFor(auth, id, 'room.settings.edit');
    return this.applyUpdate(room, body);
  }

  /** Admins: any field, any room. */
  async adminUpdate(id: string, body: AdminUpdateRoomReq): Promise<RoomDto> {
    return this.applyUpdate(await this.core.find(id), body);
  }

  /** Soft delete by the owner or an admin; the slug becomes free, the live state goes. */
  async delete(auth: AuthContext | null, id: string): Promise<{ success: boolean }> {
    const { room } = await this.core.loadFor(auth, id, 'room.delete');
    await this.remove(room);
    return { success: true };
  }

  async remove(room: RoomRow): Promise<void> {
    const work = new ChangeWork(this.core.platform);
    await this.core.rooms.transaction(async (rooms, tx) => {
      await rooms.update(room.id, { deletedAt: new Date() });
      await work.in(tx)('room.deleted', { roomUuid: room.uuid });
    });
    await this.core.activity.saveLiveState(room.id, null);
    await work.committed();
  }

  /** The room; who is in it and its song only for those who may see inside (SEC-ROOM-PRIV-1). */
  async get(viewer: Viewer, idOrSlug: string): Promise<RoomDto> {
    return this.core.dto(await this.core.find(idOrSlug), { presence: true, viewer });
  }

  /** What a client about to connect needs; refuses with the reason it could not enter. */
  async join(
    auth: AuthContext | null,
    slug: string,
    body: { password?: string; guestPassword?: string } | null | undefined,
    ip: string | null = null,
  ): Promise<RoomDto> {
    const me = auth!;
    const loaded = await this.core.load(slug);
    const { privileged } = await checkEntry(
      this.core,
      loaded,
      { ...me, password: body?.password, guestPassword: body?.guestPassword, ip },
      { onlyGivenPasswords: true },
    );
    const occupancy = this.core.live.occupancy(loaded.room.uuid);
    const refusal =
      occupancy && !privileged
        ? roomSizeRefusal(
            occupancy,
            loaded.room.roomSize,
            this.core.platform.config.ROOM_GUEST_ALLOWANCE_RATIO,
            me,
          )
        : null;
    if (refusal) throw fail(refusal);
    if (!me.isGuest) await this.core.recordVisit(me.uuid, loaded.room.id);
    return toRoomDto(loaded.room, loaded.roles);
  }

  /** Songs played (the one playing included): of a password room, for those inside only. */
  async recentSongs(viewer: Viewer, slug: string, limit: number, offset: number) {
    const room = await this.core.find(slug);
    if (this.core.privacy.isLocked(room, viewer)) {
      await this.core.privacy.assertInside(
        { room, roles: await this.core.roles.ofRoom(room.id) },
        viewer,
      );
    }
    // ROOM-RECENT-1: kept 60 s per process, dropped when a song starts or ends in the room.
    const { rows, total } = await this.core.recentSongs.get(room.id, limit, offset, () =>
      this.core.activity.songs(room.id, limit, offset),
    );
    // VOTE-PLAY-5: private dislikes stay private after the song: the DJ who played it and those
    // who may read them see the count; everybody else none.
    const reads =
      room.dislikes !== 'private' ||
      (viewer !== null &&
        can(viewer, 'room.dislikes.read', {
          room: accessRoom(await this.core.roles.ofRoom(room.id)),
        }));
    const counts = (r: (typeof rows)[number]) =>
      reads || r.djUuid === viewer?.uuid ? r.voteCounts : { ...r.voteCounts, dislikes: 0 };
    return {
      songs: rows.map((r) => ({
        song: r.song,
        voteCounts: counts(r),
        djUuid: r.djUuid,
        playedAt: r.playedAt.toISOString(),
      })),
      total,
    };
  }

  /** The live state: of a password room, only for those who passed its password (403). */
  async roomState(viewer: Viewer, id: string): Promise<ClientRoomState> {
    const loaded = await this.core.load(id);
    await this.core.privacy.assertInside(loaded, viewer);
    const { room } = loaded;
    const state = await this.core.live.roomState(room.uuid);
    if (!state) throw fail('ROOM_EMPTY');
    return state;
  }

  async playedTime(id: string): Promise<{ roomUuid: string; playedSeconds: number }> {
    const room = await this.core.find(id);
    return { roomUuid: room.uuid, playedSeconds: await this.core.activity.playedSeconds(room.id) };
  }
}
