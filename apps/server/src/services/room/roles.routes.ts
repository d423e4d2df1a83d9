import type { FastifyInstance } from 'fastify';
import { roomRoleEndpoints as e } from '@tt/protocol';
import { route } from '../../platform/route';
import type { RoomRolesService } from './roles.service';

/** /roomUserRoles/*: give, take, read, change owner, kick, who is not on the dance floor. */
export function registerRolesRoutes(app: FastifyInstance, roles: RoomRolesService): void {
  route(app, e.create, ({ auth, params, body }) => roles.create(auth, params.roomId, body));
  route(app, e.remove, ({ auth, params, body }) =>
    roles.remove(auth, params.roomId, body.userUuid, body.role),
  );
  route(app, e.list, ({ params }) => roles.list(params.roomId));
  route(app, e.ofUser, ({ params }) => roles.ofUser(params.roomId, params.userId));
  route(app, e.changeOwner, ({ auth, params, body }) =>
    roles.changeOwner(auth, params.roomId, body.userUuid),
  );
  route(app, e.kick, ({ auth, body }) =>
    roles.kick(auth, body.roomUuid, body.userUuid, body.reason),
  );
  route(app, e.noDancefloor, ({ auth, body }) =>
    roles.notOnDancefloor(auth, body.roomUuid, body.userUuids),
  );
}
