import type { FastifyInstance } from 'fastify';
import { roomAdminEndpoints as e } from '@tt/protocol';
import { route } from '../../platform/route';
import type { RoomAdminService } from './admin.service';
import type { RoomListsService } from './lists.service';
import type { RoomsService } from './rooms.service';

/** Admin and service-to-service routes, reset, account clean-up, analytics. */
export function registerAdminRoutes(
  app: FastifyInstance,
  admin: RoomAdminService,
  rooms: RoomsService,
  lists: RoomListsService,
): void {
  route(app, e.update, ({ params, body }) => rooms.adminUpdate(params.id, body));
  route(app, e.list, ({ query }) => admin.list(query));
  route(app, e.get, ({ params }) => admin.get(params.id));
  route(app, e.reset, ({ params }) => admin.reset(params.id));
  route(app, e.serviceList, ({ query }) => admin.serviceList(query.take, query.skip));
  route(app, e.serviceRoom, ({ params }) => admin.serviceRoom(params.id));
  route(app, e.serviceUsers, ({ params }) => lists.usersInRoom('service', params.id));
  route(app, e.playedSeconds, () => admin.playedSeconds());
  route(app, e.status, () => admin.status());
  route(app, e.deleteUserRooms, ({ params }) => admin.deleteUserRooms(params.userId));
  route(app, e.reassignUserRooms, ({ params, body }) =>
    admin.reassignUserRooms(params.userId, body.newOwnerUuid),
  );
}
