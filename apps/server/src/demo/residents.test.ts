import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../test/harness';
import { createRoom, eventually, RoomClient, song } from '../realtime/test-kit';
import { seedFixtureSongs } from '../services/song/catalogue.fixtures';
import { SongRepository } from '../services/song/repository';
import { coverPath, demoSongShortId } from '../services/song/short-id';
import { ResidentDjs, type Resident, type ResidentOptions } from './residents';

/** Resident DJs keep the demo rooms playing (DEMO-RESIDENT-1..3). */
let s: TestServer;
const started: ResidentDjs[] = [];
beforeAll(async () => {
  s = await startTestServer({}, { realtime: { leaveGraceMs: 300 } });
  await seedFixtureSongs(s.app.platform.db);
});
afterAll(async () => {
  for (const r of started) await r.stop();
  await s?.close();
});

/** An owner account and its residents, started (stopped after the file). */
async function startResidents(
  tag: string,
  rooms: (owner: { token: string }) => Promise<Resident[]>,
  opts: Partial<ResidentOptions> = {},
) {
  const login = { email: `owner-${tag}@example.test`, password: 'owner-pass-123' };
  const owner = await s.createUser(login);
  const residents = await rooms(owner);
  const opt = { url: s.url, dataDir: s.dataDir, log: s.app.platform.log, owner: login };
  started.push(new ResidentDjs({ ...opt, residents, everyMs: 300, ...opts }).start());
  return owner;
}

describe('resident DJs', () => {
  it('play in an empty room, keep a next song, step down for two humans and come back', async () => {
    let room!: { uuid: string; slug: string };
    const owner = await startResidents('residents', async (o) => {
      room = await createRoom(s, o.token, { name: 'Demo Room' });
      return [{ slug: room.slug, nickname: 'Resident Test', email: 'resident-test@example.test' }];
    });
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

describe('resident looks', () => {
  it('DEMO-RESIDENT-6: a resident looks at its room one look at a time, however slow a look is', async () => {
    const login = { email: 'owner-slow@example.test', password: 'owner-pass-123' };
    const owner = await s.createUser(login);
    const room = await createRoom(s, owner.token, { name: 'Slow Room' });
    const residents = new ResidentDjs({
      url: s.url,
      dataDir: s.dataDir,
      log: s.app.platform.log,
      owner: login,
      residents: [{ slug: room.slug, nickname: 'Resident Slow', email: 'rs@example.test' }],
      everyMs: 20,
    });
    // Every look takes 300 ms longer than the server makes it: fifteen ticks per look.
    const inner = residents as unknown as { look: (...args: unknown[]) => Promise<void> };
    const look = inner.look.bind(residents);
    let running = 0;
    let most = 0;
    let looks = 0;
    inner.look = async (...args) => {
      running++;
      looks++;
      most = Math.max(most, running);
      try {
        await new Promise((r) => setTimeout(r, 300));
        await look(...args);
      } finally {
        running--;
      }
    };
    started.push(residents.start());
    await eventually(() => expect(looks).toBeGreaterThanOrEqual(3), 30_000);
    expect(most).toBe(1);
  });
});

describe('resident rotation', () => {
  it('DEMO-RESIDENT-4, DEMO-RESIDENT-5: each room plays its own genre, no repeat within a round, and songs that get ready join', async () => {
    let techno!: { uuid: string; slug: string };
    let polka!: { uuid: string; slug: string };
    const owner = await startResidents(
      'rotation',
      async (o) => {
        techno = await createRoom(s, o.token, { name: 'Techno Room' });
        polka = await createRoom(s, o.token, { name: 'Polka Room' });
        return [
          {
            slug: techno.slug,
            nickname: 'Resident T',
            email: 'rt@example.test',
            genres: ['techno'],
          },
          { slug: polka.slug, nickname: 'Resident P', email: 'rp@example.test', genres: ['Polka'] },
        ];
      },
      { everyMs: 200, catalogueMs: 0 },
    );
    const mod = await RoomClient.join(s, owner, techno.uuid);
    const modPolka = await RoomClient.join(s, owner, polka.uuid);
    const state = (uuid: string) =>
      s.as(owner.token).call(roomEndpoints.roomState, { params: { id: uuid } });
    /** Waits for a song with a next one queued, answers it, and skips it (as the room's owner). */
    const playAndSkip = async (
      uuid: string,
      client: RoomClient,
      previous: number | null,
      picked = false,
    ) => {
      let playing = { trackName: '', genre: null as string | null, startTime: 0 };
      await eventually(async () => {
        const st = await state(uuid);
        expect(st.nowPlaying).not.toBeNull();
        expect(st.nowPlaying!.startTime).not.toBe(previous);
        expect(st.djs[0]?.nextSong).toBeTruthy();
        // `picked`: the resident has picked its next song for this play (until then its next is
        // the song that just started, and a skip would play that again).
        if (picked) expect(st.djs[0]!.nextSong!.trackName).not.toBe(st.nowPlaying!.song.trackName);
        playing = { ...st.nowPlaying!.song, startTime: st.nowPlaying!.startTime };
      }, 20_000);
      await client.action('skipSong', {});
      return playing;
    };
    // The techno room: the three techno songs of the catalogue, each once, then a new round.
    const plays: { trackName: string; genre: string | null }[] = [];
    let last: number | null = null;
    for (let i = 0; i < 4; i++) {
      const p = await playAndSkip(techno.uuid, mod, last, true);
      last = p.startTime;
      plays.push(p);
    }
    expect(plays.every((p) => p.genre === 'Techno')).toBe(true);
    expect(new Set(plays.slice(0, 3).map((p) => p.trackName)).size).toBe(3);
    expect(plays[3]!.trackName).not.toBe(plays[2]!.trackName);
    // The polka room: no polka song is ready, so it plays what is; a polka song gets ready
    // (the catalogue still rendering) and the room moves to it.
    const first = await playAndSkip(polka.uuid, modPolka, null);
    expect(first.genre).not.toBe('Polka');
    const shortId = demoSongShortId('Accordion Sunrise');
    await new SongRepository(s.app.platform.db).insertNew([
      {
        shortId,
        trackName: 'Accordion Sunrise',
        artistName: 'The Test Polkas',
        genre: 'Polka',
        duration: 150,
        status: 'VERIFIED',
        musicProviders: { uploadService: shortId },
        thumbnails: { uploadService: coverPath(shortId) },
      },
    ]);
    let prev = first.startTime;
    await eventually(async () => {
      const p = await playAndSkip(polka.uuid, modPolka, prev);
      prev = p.startTime;
      expect(p.trackName).toBe('Accordion Sunrise');
    }, 30_000);
    mod.disconnect();
    modPolka.disconnect();
  });
});
