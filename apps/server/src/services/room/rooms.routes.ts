import type { FastifyInstance } from 'fastify';
import { roomEndpoints as e, roomListEndpoints as l } from '@tt/protocol';
import { route } from '../../platform/route';
import type { RoomListsService } from './lists.service';
import type { RoomsService } from './rooms.service';

/** Rooms (create, read, update, delete, join, recent songs, live state) and room lists. */
export function registerRoomsRoutes(
  app: FastifyInstance,
  rooms: RoomsService,
  lists: RoomListsService,
): void {
  route(app, e.create, ({ auth, body }) => rooms.create(auth, body));
  route(app, e.update, ({ auth, params, body }) => rooms.update(auth, params.id, body));
  route(app, e.updateInfrastructure, ({ auth, params, body }) =>
    rooms.update(auth, params.id, body),
  );
  route(app, e.delete, ({ auth, params }) => rooms.delete(auth, params.id));
  route(app, e.get, ({ auth, params }) => rooms.get(auth, params.id));
  route(app, e.byUuid, ({ auth, params }) => rooms.get(auth, params.uuid));
  route(app, e.join, ({ auth, params, body, request }) =>
    rooms.join(auth, params.slug, body, request.ip),
  );
  route(app, e.recentSongs, ({ auth, params, query }) =>
    rooms.recentSongs(auth, params.slug, query.limit, query.offset),
  );
  route(app, e.roomState, ({ auth, params }) => rooms.roomState(auth, params.id));
  route(app, e.playedTime, ({ params }) => rooms.playedTime(params.id));

  route(app, l.public, ({ auth, query }) => lists.publicRooms(auth, query.limit, query.offset));
  route(app, l.promoted, ({ auth, query }) => lists.promoted(auth, query.providers));
  route(app, l.privateCount, () => lists.privateCount());
  route(app, l.mine, ({ auth }) => lists.mine(auth));
  route(app, l.owned, ({ auth }) => lists.owned(auth));
  route(app, l.multiple, ({ auth, query }) => lists.multiple(auth, query.room));
  route(app, l.withPasswords, ({ auth, body, request }) =>
    lists.withPasswords(auth, body.rooms, request.ip),
  );
  route(app, l.usersInRoom, ({ auth, params }) => lists.usersInRoom(auth, params.id));
  route(app, l.recordVisit, ({ auth, body }) => lists.recordVisit(auth, body.roomUuid));
  route(app, l.recent, ({ auth, query }) => lists.recent(auth, query.limit, query.offset));
  route(app, l.recentlyVisited, ({ auth, query }) => lists.recent(auth, query.limit, query.offset));
  route(app, l.discord, ({ auth, params }) => lists.discord(auth, params.guildId));
}
