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
  route(app, e.get, ({ params }) => rooms.get(params.id));
  route(app, e.byUuid, ({ params }) => rooms.get(params.uuid));
  route(app, e.join, ({ auth, params, body }) => rooms.join(auth, params.slug, body));
  route(app, e.recentSongs, ({ params, query }) =>
    rooms.recentSongs(params.slug, query.limit, query.offset),
  );
  route(app, e.roomState, ({ params }) => rooms.roomState(params.id));
  route(app, e.playedTime, ({ params }) => rooms.playedTime(params.id));

  route(app, l.public, ({ query }) => lists.publicRooms(query.limit, query.offset));
  route(app, l.promoted, ({ query }) => lists.promoted(query.providers));
  route(app, l.privateCount, () => lists.privateCount());
  route(app, l.mine, ({ auth }) => lists.mine(auth));
  route(app, l.owned, ({ auth }) => lists.owned(auth));
  route(app, l.multiple, ({ query }) => lists.multiple(query.room));
  route(app, l.withPasswords, ({ body }) => lists.withPasswords(body.rooms));
  route(app, l.usersInRoom, ({ params }) => lists.usersInRoom(params.id));
  route(app, l.recordVisit, ({ auth, body }) => lists.recordVisit(auth, body.roomUuid));
  route(app, l.recent, ({ auth, query }) => lists.recent(auth, query.limit, query.offset));
  route(app, l.recentlyVisited, ({ auth, query }) => lists.recent(auth, query.limit, query.offset));
  route(app, l.discord, ({ params }) => lists.discord(params.guildId));
}
