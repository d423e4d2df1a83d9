import type { FastifyInstance } from 'fastify';
import { crateEndpoints as c, specialCrateEndpoints as s } from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { route } from '../../../platform/route';
import type { CrateService } from './service';
import type { CrateSongsService } from './songs.service';

/** The auth hook has run: routes with auth other than 'public' always have a caller. */
const me = (auth: AuthContext | null): AuthContext => auth!;

/** Crate routes of the playlist service: /crate/*, /crate/special/*, /api/v1/playlists. */
export function registerCrateRoutes(
  app: FastifyInstance,
  crates: CrateService,
  songs: CrateSongsService,
): void {
  route(app, c.create, ({ auth, body }) => crates.create(me(auth), body));
  route(app, c.copy, ({ auth, params, body }) => songs.copy(me(auth), params.id, body.srcCrateId));
  route(app, c.listMine, ({ auth, query }) => crates.list(me(auth).uuid, 'none', query));
  route(app, c.get, ({ auth, params }) => crates.get(me(auth), params.id));
  route(app, c.listOfUser, ({ params, query }) => crates.list(params.userUuid, 'noQueue', query));
  route(app, c.listOfUserService, ({ params, query }) =>
    crates.list(params.userUuid, 'all', query),
  );
  route(app, c.songs, async ({ auth, params, query }) =>
    crates.songs(await crates.readable(me(auth), params.id), query.limit, query.offset),
  );
  route(app, c.addSongs, ({ auth, params, body }) => songs.add(me(auth), params.id, body));
  route(app, c.currentPosition, ({ auth, params, body }) =>
    songs.setCurrentPosition(me(auth), params.id, body.currentPosition),
  );
  route(app, c.removeSong, ({ auth, params }) =>
    songs.removeSong(me(auth), params.id, params.crateSongUuid),
  );
  route(app, c.moveSong, ({ auth, params, body }) =>
    songs.moveSong(me(auth), params.id, params.crateSongUuid, body.newPosition),
  );
  route(app, c.remove, ({ auth, params }) => crates.remove(me(auth), params.id));
  route(app, c.update, ({ auth, params, body }) => crates.update(me(auth), params.id, body));
  route(app, c.shuffle, ({ auth, params }) => songs.shuffle(me(auth), params.id));
  route(app, c.clear, ({ auth, params }) => songs.clear(me(auth), params.id));
  route(app, c.serviceAll, ({ query }) => crates.list(null, 'all', query));
  route(app, c.serviceSongs, ({ params, query }) =>
    crates.songsByShortId(params.crateShortId, query.limit, query.offset),
  );
  route(app, c.addTrackV1, ({ auth, params, body }) =>
    songs.addTrack(me(auth), params.crateUuid, body),
  );

  /** The uuid of the caller's queue or starred list (made on first use). */
  const special = async (auth: AuthContext | null, which: 'queue' | 'likes') =>
    (await crates.special(me(auth).uuid, which)).uuid;

  route(app, s.get, ({ auth, params }) => crates.getSpecial(me(auth), params.special));
  route(app, s.songs, async ({ auth, params, query }) =>
    crates.songs(await crates.special(me(auth).uuid, params.special), query.limit, query.offset),
  );
  route(app, s.addSongs, async ({ auth, params, body }) =>
    songs.add(me(auth), await special(auth, params.special), body),
  );
  route(app, s.currentPosition, async ({ auth, params, body }) =>
    songs.setCurrentPosition(me(auth), await special(auth, params.special), body.currentPosition),
  );
  route(app, s.removeSong, async ({ auth, params }) =>
    songs.removeSong(me(auth), await special(auth, params.special), params.crateSongUuid),
  );
  route(app, s.moveSong, async ({ auth, params, body }) =>
    songs.moveSong(
      me(auth),
      await special(auth, params.special),
      params.crateSongUuid,
      body.newPosition,
    ),
  );
  route(app, s.shuffle, async ({ auth, params }) =>
    songs.shuffle(me(auth), await special(auth, params.special)),
  );
  route(app, s.clear, async ({ auth, params }) =>
    songs.clear(me(auth), await special(auth, params.special)),
  );
}
