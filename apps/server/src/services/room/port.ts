import type { RoomsPort } from '../../platform/ports';
import { AppError, fail } from '../../platform/errors';
import { toRoomDto, type RoomCore } from './core';
import { checkEntry } from './join';

/**
 * The RoomsPort the realtime engine calls in-process (platform/ports.ts): rooms by uuid, entry
 * checks for the socket's joinRoom, song plays, the persisted live state, and `attachLive`, through
 * which the engine feeds the room service's read model of live rooms (ROOM-LIVE-1); rooms by id
 * for communities and events, which keep only room ids.
 * Live state for an unknown or deleted room is neither loaded nor saved.
 */
export function createRoomsPort(core: RoomCore): Omit<RoomsPort, 'recentSongs'> {
  const byUuid = (uuid: string) => core.rooms.byUuid(uuid);
  return {
    async get(roomUuid) {
      const room = await byUuid(roomUuid);
      return room ? toRoomDto(room, await core.roles.ofRoom(room.id)) : null;
    },

    async find(idOrSlug) {
      try {
        const { room, roles } = await core.load(idOrSlug);
        return toRoomDto(room, roles);
      } catch (err) {
        if (err instanceof AppError && err.code === 'ROOM_NOT_FOUND') return null;
        throw err;
      }
    },

    async refs(roomIds) {
      const rows = await core.rooms.byIds(roomIds);
      return rows.map((r) => ({
        id: r.id,
        uuid: r.uuid,
        slug: r.slug,
        name: r.name,
        listed: r.type === 'PUBLIC' && !r.unlisted,
      }));
    },

    async views(roomIds, viewer) {
      const byId = new Map((await core.rooms.byIds(roomIds)).map((r) => [r.id, r]));
      const rows = roomIds.map((id) => byId.get(id)).filter((r) => r !== undefined);
      return core.dtos(rows, { presence: true, viewer });
    },

    async canSeeInside(roomUuid, viewer) {
      const room = await byUuid(roomUuid);
      if (!room) return false;
      return core.privacy.canSeeInside(room, await core.roles.ofRoom(room.id), viewer);
    },

    async authorizeJoin(req) {
      const room = await byUuid(req.roomUuid);
      if (!room) throw fail('ROOM_NOT_FOUND');
      const loaded = { room, roles: await core.roles.ofRoom(room.id) };
      await checkEntry(core, loaded, {
        uuid: req.userUuid,
        roles: req.roles,
        isGuest: req.isGuest,
        password: req.password,
        guestPassword: req.guestPassword,
        ip: req.ip,
      });
      if (!req.isGuest) await core.recordVisit(req.userUuid, room.id);
      return toRoomDto(room, loaded.roles);
    },

    async recentVisitors(roomUuid, since, limit) {
      const room = await byUuid(roomUuid);
      return room ? core.activity.visitors(room.id, since, limit) : [];
    },

    async recordVisit(roomUuid, userUuid) {
      const room = await byUuid(roomUuid);
      if (room) await core.recordVisit(userUuid, room.id);
    },

    async songStarted({ roomUuid, song, djUuid, startedAt }) {
      const room = await core.rooms.byUuid(roomUuid, true);
      if (!room) throw fail('ROOM_NOT_FOUND');
      const id = await core.activity.songStarted({
        roomId: room.id,
        song,
        djUuid,
        playedAt: startedAt,
      });
      await core.recentSongsChanged(room.id);
      return id;
    },

    async playedBefore(roomUuid, key) {
      const room = await core.rooms.byUuid(roomUuid, true);
      return room ? core.activity.playedBefore(room.id, key) : false;
    },

    async songEnded({ recentSongId, voteCounts, playedSeconds }) {
      const roomId = await core.activity.songEnded(
        recentSongId,
        voteCounts,
        Math.max(0, Math.round(playedSeconds)),
      );
      if (roomId !== null) await core.recentSongsChanged(roomId);
    },

    async loadLiveState(roomUuid) {
      const room = await byUuid(roomUuid);
      return room ? core.activity.loadLiveState(room.id) : null;
    },

    async saveLiveState(roomUuid, state, fence) {
      const room = await byUuid(roomUuid);
      return room ? core.activity.saveLiveState(room.id, state, fence) : true;
    },

    liveRoomUuids: () => core.activity.liveRoomUuids(),

    presence: (roomUuid) => core.presence(roomUuid),

    attachLive: (source) => core.live.attach(source),
  };
}
