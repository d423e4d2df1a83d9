import { RoomMusicProvider, type RoomDesign } from '@tt/protocol';
import type { Platform } from '../../platform/service';
import { RoomCore } from './core';
import { RoomRolesRepository } from './roles.repository';

/** The demo DJ (seeded by the user service), who owns the demo rooms and community. */
export const DEMO_DJ_EMAIL = 'dj@turntable.local';

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
