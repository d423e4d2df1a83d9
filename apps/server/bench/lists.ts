/**
 * Busiest list routes (`-- lists`): the lists the web app reads most (the home page's rooms, your
 * recent rooms, communities and yours, the notification bell and its list, friends and friend
 * requests, your crates, a room's recent songs), over BENCH_LIST_ROWS (default 2000) rows per list
 * seeded in bulk, each against the user service's status route measured in the same run. With
 * BENCH_EXPLAIN=1 each route's SQL is captured and EXPLAINed (bench/explain.ts): the nodes that
 * read or sort 100 rows or more are printed. BENCH_LIST_ONLY=<text> runs only the routes whose name
 * holds it (beside the status route), e.g. for a CPU profile of one route.
 */
import { sql } from 'drizzle-orm';
import {
  communityEndpoints as c,
  crateEndpoints,
  friendEndpoints as f,
  notificationCentreEndpoints as n,
  roomEndpoints,
  roomListEndpoints as rl,
} from '@tt/protocol';
import type { TestServer } from '../test/harness';
import { capture, explain } from './explain';
import { load, type LoadResult } from './http';

type Ep = { service: string; path: string };

/** The route's address: its service's prefix, its path with `params`, and `query`. */
function urlOf(s: TestServer, ep: Ep, params: Record<string, string> = {}, query = '') {
  const path = ep.path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(params[k]!));
  return `${s.url}/api/${ep.service}-service${path}${query ? `?${query}` : ''}`;
}

const rowsOf = <T>(res: unknown) => (res as { rows: T[] }).rows;

export async function listScenarios(
  s: TestServer,
  opts: { seconds: number; concurrency: number; rows: number },
): Promise<LoadResult[]> {
  const db = s.app.platform.db;
  const me = await s.createUser();
  const n0 = opts.rows;
  // People, rooms (a third of them live with a listener count), communities, visits, plays.
  const people = rowsOf<{ uuid: string }>(
    await db.execute(sql`
      insert into users (nickname) select 'bench-person-' || g from generate_series(1, ${n0}) g
      returning uuid`),
  ).map((r) => r.uuid);
  await db.execute(sql`
    insert into rooms (slug, name, created_by, created_at)
    select 'bench-room-' || g, 'Bench room ' || g, ${people[0]}::uuid, now() - make_interval(mins => g)
    from generate_series(1, ${n0}) g`);
  const room = rowsOf<{ id: number; slug: string }>(
    await db.execute(sql`select id, slug from rooms where slug = 'bench-room-1'`),
  )[0]!;
  await db.execute(sql`
    insert into room_visits (user_uuid, room_id, visited_at)
    select ${me.uuid}::uuid, id, now() - make_interval(secs => id) from rooms
    where slug like 'bench-room-%'`);
  await db.execute(sql`
    insert into recent_songs (room_id, song, dj_uuid, played_at, played_seconds)
    select ${room.id}, jsonb_build_object('trackName', 'Song ' || g, 'artistName', 'Artist',
      'genre', null, 'duration', 180, 'isrc', null, 'musicProviders', '{}'::jsonb,
      'playbackToken', null, 'thumbnails', '{}'::jsonb),
      ${people[1]}::uuid, now() - make_interval(mins => g * 3), 180
    from generate_series(1, ${n0}) g`);
  await db.execute(sql`
    insert into communities (slug, name, owner_uuid, created_at)
    select 'bench-club-' || g, 'Bench club ' || g, ${people[0]}::uuid, now() - make_interval(mins => g)
    from generate_series(1, ${n0}) g`);
  await db.execute(sql`
    insert into community_members (community_id, user_uuid, role)
    select id, ${me.uuid}::uuid, 'member' from communities where slug like 'bench-club-%'
    order by id limit 100`);
  // The bell: notifications for me, a tenth unread.
  await db.execute(sql`
    insert into notifications (user_uuid, event_id, kind, title, body, created_at, read_at)
    select ${me.uuid}::uuid, 'bench-' || g, 'friendInvitation', 'Someone', 'wants to be friends',
      now() - make_interval(mins => g), case when g % 10 = 0 then null else now() end
    from generate_series(1, ${n0}) g`);
  // Friends both ways, and requests to me.
  await db.execute(sql`
    insert into friendships (user_uuid, friend_uuid, since)
    select ${me.uuid}::uuid, uuid, now() - make_interval(mins => id) from users
    where nickname like 'bench-person-%'
    union all
    select uuid, ${me.uuid}::uuid, now() - make_interval(mins => id) from users
    where nickname like 'bench-person-%'`);
  await db.execute(sql`
    insert into friend_invitations (sender_uuid, receiver_uuid, created_at)
    select uuid, ${me.uuid}::uuid, now() - make_interval(mins => id) from users
    where nickname like 'bench-person-%'`);
  await db.execute(sql`
    insert into crates (short_id, user_uuid, name, created_at)
    select 'bc' || g, ${me.uuid}::uuid, 'Crate ' || g, now() - make_interval(mins => g)
    from generate_series(1, ${n0}) g`);
  await db.execute(sql`analyze`);

  const auth = { authorization: `Bearer ${me.token}` };
  const routes: [string, string, boolean][] = [
    ['GET /rooms/public (home page, 24)', urlOf(s, rl.public, {}, 'limit=24&offset=0'), false],
    [
      'GET /rooms/recent (your recent rooms, 24)',
      urlOf(s, rl.recent, {}, 'limit=24&offset=0'),
      true,
    ],
    ['GET /communities (48)', urlOf(s, c.list, {}, 'limit=48'), false],
    ['GET /user-communities (yours, 100)', urlOf(s, c.mine, {}, 'limit=100'), true],
    ['GET /notifications (20)', urlOf(s, n.list, {}, 'limit=20&unreadOnly=false'), true],
    ['GET /notifications/unread-count (the bell)', urlOf(s, n.unreadCount), true],
    ['GET /friends/{id} (25)', urlOf(s, f.friends, { id: me.uuid }, 'skip=0&take=25'), true],
    ['GET /friend-invitations/user-invitations-for', urlOf(s, f.invitationsFor), true],
    [
      'GET /crate/user (your crates, 50)',
      urlOf(s, crateEndpoints.listMine, {}, 'limit=50&offset=0'),
      true,
    ],
    [
      'GET /rooms/{slug}/recent-songs (20)',
      urlOf(s, roomEndpoints.recentSongs, { slug: room.slug }, 'limit=20'),
      false,
    ],
  ];
  const results: LoadResult[] = [
    await load('GET /info-admin/user-service-status (baseline)', opts, () =>
      fetch(`${s.url}/api/user-service/info-admin/user-service-status`),
    ),
  ];
  const only = process.env.BENCH_LIST_ONLY;
  for (const [name, url, signedIn] of routes) {
    if (only && !name.includes(only)) continue;
    const get = () => fetch(url, signedIn ? { headers: auth } : {});
    const first = await get();
    if (!first.ok) console.log(`${name}: ${first.status} ${await first.text()}`);
    else await first.arrayBuffer();
    if (process.env.BENCH_EXPLAIN === '1') {
      const plans = await explain(s, await capture(s, () => get().then((r) => r.text())));
      console.log(`\n${name}: ${plans.length} reads`);
      for (const p of plans) {
        if (p.flags.length) console.log(`  ${p.sql.slice(0, 160)}\n    ${p.flags.join('\n    ')}`);
      }
    }
    results.push(await load(name, opts, get));
  }
  return results;
}
