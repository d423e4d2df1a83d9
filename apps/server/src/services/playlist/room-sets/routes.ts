import type { FastifyInstance } from 'fastify';
import { roomSetEndpoints as e } from '@tt/protocol';
import { route } from '../../../platform/route';
import type { RoomSetsService } from './service';

/** `GET /rooms/{slug}/sets` (public, like recent songs) and `POST /rooms/{slug}/sets/crate`. */
export function registerRoomSetRoutes(app: FastifyInstance, sets: RoomSetsService): void {
  route(app, e.list, ({ auth, params, query }) =>
    sets.list(auth, params.slug, query.limit, query.offset),
  );
  route(app, e.saveAsCrate, ({ auth, params, body }) => sets.save(auth!, params.slug, body));
}
