import type { FastifyInstance } from 'fastify';
import { roomHistoryEndpoints as e } from '@tt/protocol';
import { fail } from '../../../platform/errors';
import { route } from '../../../platform/route';
import type { Platform } from '../../../platform/service';

/**
 * `GET/POST /rooms/{slug}/recent-songs` on the playlist service: the room's history through the
 * rooms port (the room service keeps the plays and decides who may see a password room's).
 */
export function registerRoomHistoryRoutes(app: FastifyInstance, platform: Platform): void {
  const rooms = () => {
    const port = platform.ports.rooms;
    if (!port) throw fail('SERVICE_UNAVAILABLE');
    return port;
  };
  route(app, e.list, ({ auth, params, query }) =>
    rooms().recentSongs(auth, params.slug, query.limit, query.offset),
  );
  route(app, e.add, async ({ params, body }) => {
    const room = await rooms().find(params.slug);
    if (!room) throw fail('ROOM_NOT_FOUND');
    const playedAt = body.playedAt ? new Date(body.playedAt) : new Date();
    const voteCounts = body.voteCounts ?? { likes: 0, dislikes: 0, stars: 0 };
    const id = await rooms().songStarted({
      roomUuid: room.uuid,
      song: body.song,
      djUuid: body.djUuid,
      startedAt: playedAt,
    });
    await rooms().songEnded({
      recentSongId: id,
      voteCounts,
      playedSeconds: body.playedSeconds ?? body.song.duration,
    });
    return { song: body.song, voteCounts, djUuid: body.djUuid, playedAt: playedAt.toISOString() };
  });
}
