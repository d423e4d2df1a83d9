import { RoomMusicProvider, type RoomDesign } from '@tt/protocol';
import type { Platform } from '../../platform/service';
import { RoomCore } from './core';
import { slugify } from '@tt/rules';
import { CommunitiesRepository } from '../community/communities.repository';
import { EventsRepository } from '../community/events.repository';
import { RoomRolesRepository } from './roles.repository';

const DEMO_DJ_EMAIL = 'dj@turntable.local';

/** Demo rooms, owned by the demo DJ (seeded by the user service just before). */
export const DEMO_ROOMS: {
  slug: string;
  name: string;
  description: string;
  vibe: string;
  design: RoomDesign;
}[] = [
  {
    slug: 'late-night-grooves',
    name: 'Late Night Grooves',
    description: 'Deep house and nu-disco until the sun comes up.',
    vibe: 'house',
    design: 'CLUB',
  },
  {
    slug: 'indie-garage',
    name: 'Indie Garage',
    description: 'Guitars, fuzz and bedroom pop. Bring your B-sides.',
    vibe: 'indie',
    design: 'UNDERGROUND',
  },
  {
    slug: 'sunset-yacht',
    name: 'Sunset Yacht',
    description: 'Yacht rock, soft soul and smooth jazz on the water.',
    vibe: 'yacht rock',
    design: 'YACHT',
  },
];

/** Creates the demo rooms that do not exist yet; answers the lines printed at start. */
export async function seedDemoRooms(platform: Platform): Promise<string[]> {
  const core = new RoomCore(platform);
  const dj = (await platform.ports.users?.uuidByEmail(DEMO_DJ_EMAIL)) ?? null;
  if (!dj) return [`Demo rooms skipped: no account ${DEMO_DJ_EMAIL}`];
  const lines: string[] = [];
  for (const demo of DEMO_ROOMS) {
    if (!(await core.rooms.bySlug(demo.slug))) {
      await core.rooms.transaction(async (rooms, tx) => {
        const room = await rooms.insert({
          ...demo,
          musicProviderKeys: [...RoomMusicProvider.options],
          promoted: demo.design === 'CLUB',
          createdBy: dj,
        });
        await new RoomRolesRepository(tx).put(room.id, dj, 'owner', null);
      });
    }
    lines.push(`Room      ${demo.name.padEnd(20)} /rooms/${demo.slug}  (owner: DJ Nova)`);
  }
  return lines;
}

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
 * DEMO-COMMUNITY-1: the demo rooms gather in a public community with events coming up (each start
 * of the demo schedules the next one of every demo event that has none ahead).
 */
export async function seedDemoCommunity(platform: Platform): Promise<string[]> {
  const core = new RoomCore(platform);
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
  const rooms = await Promise.all(DEMO_ROOMS.map((r) => core.rooms.bySlug(r.slug)));
  const roomIds = rooms.filter((r) => r !== undefined).map((r) => r.id);
  await communities.addRooms(community!.id, roomIds, dj);
  const events = new EventsRepository(platform.db);
  const now = new Date();
  for (const demo of DEMO_EVENTS) {
    const room = rooms.find((r) => r?.slug === demo.room);
    if (!room) continue;
    const ahead = await events.list(
      { roomId: room.id, when: 'upcoming', publicOnly: false, now },
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
