import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  crateEndpoints as crates,
  roomHistoryEndpoints as history,
  roomRoleEndpoints as roles,
  roomSetEndpoints as e,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { createRoom, song } from '../../room/testing';

/** SET-1..6: a room's last sets, and saving a set or what one heard as a crate. */
let s: TestServer;
let staff: { token: string };
beforeAll(async () => {
  s = await startTestServer();
  staff = await s.createUser({ roles: ['staff'] });
});
afterAll(() => s?.close());

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Records plays (3-minute songs) as the realtime engine would, `minutesAgo` each. */
async function play(slug: string, djUuid: string, name: string, minutesAgo: number) {
  await s.as(staff.token).call(history.add, {
    params: { slug },
    body: { song: song(name, 180), djUuid, playedAt: ago(minutesAgo) },
  });
}

async function crateSongNames(token: string, crateUuid: string) {
  const page = await s.as(token).call(crates.songs, { params: { id: crateUuid } });
  return page.songs.map((x) => x.trackName);
}

describe('room sets', () => {
  it('SET-1 SET-2: one DJ’s plays make a set across a rotation, a 30-minute gap ends it', async () => {
    const a = await s.createUser();
    const b = await s.createUser();
    const room = await createRoom(s, a.token);
    await play(room.slug, a.uuid, 'A1', 300);
    await play(room.slug, a.uuid, 'A2', 296);
    await play(room.slug, b.uuid, 'B1', 293);
    await play(room.slug, a.uuid, 'A3', 290);
    await play(room.slug, a.uuid, 'A4', 200);
    await play(room.slug, a.uuid, 'A5', 20);
    await play(room.slug, a.uuid, 'A6', 17);

    const page = await s.client.call(e.list, { params: { slug: room.slug } });
    expect(page.total).toBe(4);
    expect(page.sets.map((x) => [x.djUuid, x.songs.map((p) => p.song.trackName)])).toEqual([
      [a.uuid, ['A5', 'A6']],
      [a.uuid, ['A4']],
      [a.uuid, ['A1', 'A2', 'A3']],
      [b.uuid, ['B1']],
    ]);
    const first = page.sets[0]!;
    expect(first.songCount).toBe(2);
    // Two 3-minute songs 3 minutes apart (the plays were recorded a few ms apart).
    const span = Date.parse(first.endedAt) - Date.parse(first.startedAt);
    expect(Math.abs(span - 6 * 60_000)).toBeLessThan(5_000);
    const second = await s.client.call(e.list, {
      params: { slug: room.slug },
      query: { limit: 1, offset: 1 },
    });
    expect(second.sets.map((x) => x.songCount)).toEqual([1]);
  });

  it('SET-4 SET-6: a listener saves a set as a crate, named after the room and the day', async () => {
    const dj = await s.createUser();
    const listener = await s.createUser();
    const room = await createRoom(s, dj.token);
    await play(room.slug, dj.uuid, 'Opening', 40);
    await play(room.slug, dj.uuid, 'Closing', 37);
    const [set] = (await s.client.call(e.list, { params: { slug: room.slug } })).sets;

    const saved = await s.as(listener.token).call(e.saveAsCrate, {
      params: { slug: room.slug },
      body: { kind: 'set', djUuid: set!.djUuid, startedAt: set!.startedAt },
    });
    expect(saved.added).toBe(2);
    expect(saved.crate.userUuid).toBe(listener.uuid);
    expect(saved.crate.crateName).toBe(`${room.name} — ${set!.startedAt.slice(0, 10)}`);
    expect(await crateSongNames(listener.token, saved.crate.crateUuid)).toEqual([
      'Opening',
      'Closing',
    ]);

    const named = await s.as(listener.token).call(e.saveAsCrate, {
      params: { slug: room.slug },
      body: { kind: 'set', djUuid: dj.uuid, startedAt: set!.startedAt, crateName: 'Mi noche' },
    });
    expect(named.crate.crateName).toBe('Mi noche');
  });

  it('SET-5: "what I heard" keeps the plays of the caller’s window, bounded to 24 h', async () => {
    const dj = await s.createUser();
    const other = await s.createUser();
    const listener = await s.createUser();
    const room = await createRoom(s, dj.token);
    await play(room.slug, dj.uuid, 'Before', 120);
    await play(room.slug, dj.uuid, 'Heard one', 25);
    await play(room.slug, other.uuid, 'Heard two', 22);

    const saved = await s.as(listener.token).call(e.saveAsCrate, {
      params: { slug: room.slug },
      body: { kind: 'heard', from: ago(24), to: ago(0), crateName: 'My evening' },
    });
    expect(await crateSongNames(listener.token, saved.crate.crateUuid)).toEqual([
      'Heard one',
      'Heard two',
    ]);
    // Only plays of the last 24 h: a window before that holds nothing to save.
    await expectError(
      s.as(listener.token).call(e.saveAsCrate, {
        params: { slug: room.slug },
        body: { kind: 'heard', from: ago(60 * 30), to: ago(60 * 25) },
      }),
      400,
    );
  });

  it('bad input 400, no token 401, unknown room or set 404', async () => {
    const dj = await s.createUser();
    const room = await createRoom(s, dj.token);
    await play(room.slug, dj.uuid, 'Only', 10);
    const me = s.as(dj.token);
    const slug = room.slug;
    await expectError(s.client.call(e.list, { params: { slug }, query: { limit: 21 } }), 400);
    await expectError(
      me.call(e.saveAsCrate, { params: { slug }, body: { kind: 'nope' } as never }),
      400,
    );
    await expectError(
      me.call(e.saveAsCrate, {
        params: { slug },
        body: { kind: 'heard', from: ago(1), to: ago(5) },
      }),
      400,
    );
    await expectError(
      me.call(e.saveAsCrate, {
        params: { slug },
        body: { kind: 'heard', from: ago(20), to: ago(0), crateName: ' ' },
      }),
      400,
    );
    await expectError(
      s.client.call(e.saveAsCrate, {
        params: { slug },
        body: { kind: 'heard', from: ago(20), to: ago(0) },
      }),
      401,
    );
    await expectError(s.client.call(e.list, { params: { slug: 'no-such-room-here' } }), 404);
    await expectError(
      me.call(e.saveAsCrate, {
        params: { slug: 'no-such-room-here' },
        body: { kind: 'heard', from: ago(20), to: ago(0) },
      }),
      404,
    );
    await expectError(
      me.call(e.saveAsCrate, {
        params: { slug },
        body: { kind: 'set', djUuid: dj.uuid, startedAt: ago(500) },
      }),
      404,
    );
  });

  it('SET-3: a password room’s sets only for those inside; the banned may not save', async () => {
    const owner = await s.createUser();
    const outsider = await s.createUser();
    const locked = await createRoom(s, owner.token, { password: 'secret-door' });
    await play(locked.slug, owner.uuid, 'Hidden', 10);
    await expectError(s.as(outsider.token).call(e.list, { params: { slug: locked.slug } }), 403);
    await expectError(
      s.as(outsider.token).call(e.saveAsCrate, {
        params: { slug: locked.slug },
        body: { kind: 'heard', from: ago(20), to: ago(0) },
      }),
      403,
    );

    const open = await createRoom(s, owner.token);
    await play(open.slug, owner.uuid, 'Open song', 10);
    const banned = await s.createUser();
    await s.as(owner.token).call(roles.create, {
      params: { roomId: open.uuid },
      body: { userUuid: banned.uuid, role: 'banned' },
    });
    await expectError(
      s.as(banned.token).call(e.saveAsCrate, {
        params: { slug: open.slug },
        body: { kind: 'heard', from: ago(20), to: ago(0) },
      }),
      403,
      'You are banned from this room.',
    );
    const mine = await s.as(banned.token).call(crates.listMine, {});
    expect(mine.crates.filter((c) => c.crateName.startsWith(open.name))).toEqual([]);
  });
});

describe('without the room service', () => {
  let alone: TestServer;
  beforeAll(async () => {
    alone = await startTestServer({ SERVICES: 'user,playlist' });
  });
  afterAll(() => alone?.close());

  it('sets and saving them answer 503 SERVICE_UNAVAILABLE (the plays are the room service’s)', async () => {
    const u = await alone.createUser();
    await expectError(alone.client.call(e.list, { params: { slug: 'anywhere' } }), 503);
    await expectError(
      alone.as(u.token).call(e.saveAsCrate, {
        params: { slug: 'anywhere' },
        body: { kind: 'heard', from: ago(20), to: ago(0) },
      }),
      503,
    );
  });
});
