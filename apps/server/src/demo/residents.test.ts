import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../test/harness';
import { createRoom, eventually, RoomClient, song } from '../realtime/test-kit';
import { seedFixtureSongs } from '../services/song/catalogue.fixtures';
import { ResidentDjs } from './residents';

/** Resident DJs keep the demo rooms playing (DEMO-RESIDENT-1..3). */
let s: TestServer;
let residents: ResidentDjs | null = null;
beforeAll(async () => {
  s = await startTestServer({}, { realtime: { leaveGraceMs: 300 } });
  await seedFixtureSongs(s.app.platform.db);
});
afterAll(async () => {
  await residents?.stop();
  await s?.close();
});

describe('resident DJs', () => {
  it('play in an empty room, keep a next song, step down for two humans and come back', async () => {
    const owner = await s.createUser({
      email: 'owner-residents@example.test',
      password: 'owner-pass-123',
    });
    const room = await createRoom(s, owner.token, { name: 'Demo Room' });
    residents = new ResidentDjs({
      url: s.url,
      dataDir: s.dataDir,
      log: s.app.platform.log,
      owner: { email: 'owner-residents@example.test', password: 'owner-pass-123' },
      residents: [
        { slug: room.slug, nickname: 'Resident Test', email: 'resident-test@example.test' },
      ],
      everyMs: 300,
    }).start();
    const state = () =>
      s.as(owner.token).call(roomEndpoints.roomState, { params: { id: room.uuid } });
    // DEMO-RESIDENT-1: a guest arriving finds music playing, by a bot account.
    await eventually(async () => {
      const st = await state();
      expect(st.nowPlaying).not.toBeNull();
      expect(st.djs).toHaveLength(1);
      expect(st.djs[0]!.nextSong).not.toBeNull();
    }, 20_000);
    const resident = (await state()).djs[0]!.uuid;
    const [a, b] = [await s.createUser(), await s.createUser()];
    const ca = await RoomClient.join(s, a, room.uuid);
    const cb = await RoomClient.join(s, b, room.uuid);
    await ca.action('addDj', { song: song('Human One', 300) });
    await cb.action('addDj', { song: song('Human Two', 300) });
    // DEMO-RESIDENT-2: two humans on stage: the resident steps down.
    await eventually(
      async () => expect((await state()).djs.map((d) => d.uuid)).not.toContain(resident),
      20_000,
    );
    // DEMO-RESIDENT-3: the booth empties: the resident comes back.
    await ca.action('removeDj', {});
    await cb.action('removeDj', {});
    await eventually(
      async () => expect((await state()).djs.map((d) => d.uuid)).toEqual([resident]),
      20_000,
    );
    ca.disconnect();
    cb.disconnect();
  });
});
