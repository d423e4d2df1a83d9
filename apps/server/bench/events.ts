/**
 * Communities and events (`-- events`): BENCH_EVENTS (default 2000) events over up to 20
 * rooms of one community, half of them over; then the upcoming list (home and rooms pages), one
 * room's upcoming event (the room banner), a community page and its room list, the calendar file,
 * and remind-me writes. The status route of the room service is the bare baseline.
 */
import { sql } from 'drizzle-orm';
import { communityEndpoints, eventEndpoints, roomEndpoints, type RoomDto } from '@tt/protocol';
import type { TestServer } from '../test/harness';
import { load, type LoadResult } from './http';

export async function eventScenarios(
  s: TestServer,
  opts: { seconds: number; concurrency: number; events: number },
): Promise<LoadResult[]> {
  const host = await s.createUser({ roles: ['admin'] });
  const fan = await s.createUser();
  const as = s.as(host.token);
  const community = await as.call(communityEndpoints.create, { body: { name: 'Bench Club' } });
  const roomCount = Math.max(1, Math.floor(opts.events / 10));
  const rooms: RoomDto[] = [];
  for (let i = 0; i < Math.min(roomCount, 20); i++) {
    rooms.push(await as.call(roomEndpoints.create, { body: { name: `Bench Room ${i}` } }));
  }
  await as.call(communityEndpoints.addRooms, {
    params: { id: community.uuid },
    body: { rooms: rooms.map((r) => r.uuid) },
  });
  // Events an hour long, one room after another, from a week ago to weeks ahead.
  await s.app.platform.db.execute(sql`
    insert into room_events (slug, name, room_id, community_id, host_uuid, starts_at, ends_at)
    select 'bench-' || g, 'Bench set ' || g,
      (select id from rooms where uuid = (${JSON.stringify(rooms.map((r) => r.uuid))}::jsonb ->> (g % ${rooms.length}))::uuid),
      ${community.id}, ${host.uuid},
      now() + make_interval(hours => g - ${Math.floor(opts.events / 2)}),
      now() + make_interval(hours => g - ${Math.floor(opts.events / 2)} + 1)
    from generate_series(1, ${opts.events}) g`);
  // Statistics, as autovacuum keeps them on PostgreSQL (PGlite has no autovacuum).
  await s.app.platform.db.execute(sql`analyze room_events`);
  const next = await s.client.call(eventEndpoints.upcoming, { query: { limit: 1 } });
  const eventUuid = next.events[0]!.uuid;
  const base = `${s.url}/api/room-service`;
  const fanAuth = { authorization: `Bearer ${fan.token}` };
  return [
    await load('GET /info-admin/room-service-status (baseline)', opts, () =>
      fetch(`${base}/info-admin/room-service-status`),
    ),
    await load(`GET /events/upcoming (6 of ${opts.events / 2} ahead)`, opts, () =>
      fetch(`${base}/events/upcoming?limit=6`),
    ),
    await load('GET /events/upcoming?roomId= (the room banner)', opts, (i) =>
      fetch(`${base}/events/upcoming?limit=1&roomId=${rooms[i % rooms.length]!.uuid}`),
    ),
    await load('GET /communities/{id} (a community page)', opts, () =>
      fetch(`${base}/communities/${community.slug}`, { headers: fanAuth }),
    ),
    await load(`GET /communities/{id}/rooms (${rooms.length} rooms)`, opts, () =>
      fetch(`${base}/communities/${community.uuid}/rooms?limit=20`),
    ),
    await load('GET /events/{id}/calendar.ics', opts, () =>
      fetch(`${base}/events/${eventUuid}/calendar.ics`),
    ),
    await load('POST/DELETE /events/{id}/rsvp (remind me, and not)', opts, (i) =>
      fetch(`${base}/events/${eventUuid}/rsvp`, {
        method: i % 2 ? 'DELETE' : 'POST',
        headers: fanAuth,
      }),
    ),
  ];
}
