import { slugify } from '@tt/rules';
import type { Platform } from '../../platform/service';
import { DEMO_DJ_EMAIL, DEMO_ROOMS } from '../room/seed';
import { CommunitiesRepository } from './communities.repository';
import { CommunityCore } from './core';
import { EventsRepository } from './events.repository';

const DEMO_COMMUNITY = { slug: 'residents', name: 'The Residents' };

/** Demo events: each weekday (0 = Sunday) and UTC hour, hours long, in a demo room. */
const DEMO_EVENTS = [
  { name: 'Friday Night House', room: 'late-night-grooves', weekday: 5, hour: 20, hours: 3 },
  { name: 'Sunday Yacht Brunch', room: 'sunset-yacht', weekday: 0, hour: 12, hours: 2 },
  { name: 'B-Sides Wednesday', room: 'indie-garage', weekday: 3, hour: 19, hours: 2 },
];

/** The next start at `weekday`/`hour` UTC that is at least an hour away. */
function nextSlot(weekday: number, hour: number, now = Date.now()): Date {
  const d = new Date(now);
  d.setUTCHours(hour, 0, 0, 0);
  d.setUTCDate(d.getUTCDate() + ((weekday - d.getUTCDay() + 7) % 7));
  if (d.getTime() < now + 3_600_000) d.setUTCDate(d.getUTCDate() + 7);
  return d;
}

/**
 * DEMO-COMMUNITY-1: the demo rooms (seeded by the room service just before) gather in a public
 * community with events coming up (each start of the demo schedules the next one of every demo
 * event that has none ahead).
 */
export async function seedDemoCommunity(platform: Platform): Promise<string[]> {
  const core = new CommunityCore(platform);
  const dj = (await platform.ports.users?.uuidByEmail(DEMO_DJ_EMAIL)) ?? null;
  if (!dj) return [];
  const communities = new CommunitiesRepository(platform.db);
  let community = await communities.find(DEMO_COMMUNITY.slug);
  if (!community) {
    const created = await communities.transaction((repo) =>
      repo.insert({
        ...DEMO_COMMUNITY,
        description: 'The resident DJs of the demo rooms, and what they play next.',
        ownerUuid: dj,
      }),
    );
    community = await communities.find(created.uuid);
  }
  const found = await Promise.all(DEMO_ROOMS.map((r) => core.findRoom(r.slug)));
  const rooms = found.filter((r) => r !== null);
  await communities.addRooms(
    community!.id,
    rooms.map((r) => r.id),
    dj,
  );
  const events = new EventsRepository(platform.db);
  const now = new Date();
  for (const demo of DEMO_EVENTS) {
    const room = rooms.find((r) => r.slug === demo.room);
    if (!room) continue;
    const ahead = await events.list(
      { roomId: room.id, when: 'upcoming', publicOnly: false, now },
      [room.id],
      10,
      0,
    );
    if (ahead.rows.some((e) => e.name === demo.name)) continue;
    const startsAt = nextSlot(demo.weekday, demo.hour);
    const endsAt = new Date(startsAt.getTime() + demo.hours * 3_600_000);
    if (await events.overlapping(room.id, startsAt, endsAt)) continue;
    const slug = `${slugify(demo.name)}-${startsAt.toISOString().slice(0, 10)}`;
    if (await events.slugTaken(slug)) continue;
    const created = await events.insert({
      name: demo.name,
      slug,
      description: `${demo.name} with the residents of ${room.name}.`,
      roomId: room.id,
      communityId: community!.id,
      hostUuid: dj,
      lineup: [dj],
      startsAt,
      endsAt,
    });
    await events.rsvp(created.id, dj, true);
  }
  return [`Community ${DEMO_COMMUNITY.name.padEnd(20)} /communities/${DEMO_COMMUNITY.slug}`];
}
