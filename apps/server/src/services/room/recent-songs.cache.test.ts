import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomHistoryEndpoints as e } from '@tt/protocol';
import { MemoryBus } from '../../platform/bus';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { song } from '../../realtime/test-kit';
import { RecentSongsCache, RECENT_SONGS_KEEP_MS, type RecentSongsPage } from './recent-songs.cache';
import { createRoom, manualClock } from './testing';

const page = (total: number): RecentSongsPage => ({ rows: [], total });

describe('ROOM-RECENT-1: the recent-songs cache (injected clock)', () => {
  it('keeps a page 60 s, then reads again', async () => {
    const clock = manualClock();
    const cache = new RecentSongsCache(RECENT_SONGS_KEEP_MS, clock.now);
    let reads = 0;
    const load = async () => page(++reads);
    expect((await cache.get(1, 20, 0, load)).total).toBe(1);
    clock.advance(RECENT_SONGS_KEEP_MS - 1);
    expect((await cache.get(1, 20, 0, load)).total).toBe(1);
    clock.advance(1);
    expect((await cache.get(1, 20, 0, load)).total).toBe(2);
    expect(reads).toBe(2);
  });

  it('keeps each page (limit, offset) and room apart; a drop forgets only that room', async () => {
    const clock = manualClock();
    const cache = new RecentSongsCache(RECENT_SONGS_KEEP_MS, clock.now);
    let reads = 0;
    const load = async () => page(++reads);
    await cache.get(1, 20, 0, load);
    await cache.get(1, 20, 20, load);
    await cache.get(2, 20, 0, load);
    expect(reads).toBe(3);
    cache.drop(1);
    await cache.get(1, 20, 0, load);
    await cache.get(1, 20, 20, load);
    await cache.get(2, 20, 0, load);
    expect(reads).toBe(5);
  });

  it('does not keep a read that raced a drop (it may predate the play)', async () => {
    const cache = new RecentSongsCache(RECENT_SONGS_KEEP_MS, manualClock().now);
    let reads = 0;
    await cache.get(1, 20, 0, async () => {
      cache.drop(1); // a song starts while the page is read
      return page(++reads);
    });
    await cache.get(1, 20, 0, async () => page(++reads));
    expect(reads).toBe(2);
  });

  it('drops on every process: a change published on the bus', async () => {
    const bus = new MemoryBus();
    const cache = new RecentSongsCache(RECENT_SONGS_KEEP_MS, manualClock().now);
    const off = await cache.follow(bus);
    let reads = 0;
    await cache.get(7, 20, 0, async () => page(++reads));
    await bus.publish('room.recentSongsChanged', { roomId: 7 });
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    await cache.get(7, 20, 0, async () => page(++reads));
    expect(reads).toBe(2);
    await off();
    await bus.close();
  });
});

describe('ROOM-RECENT-1: GET /rooms/{slug}/recent-songs through the cache', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(() => s?.close());

  it('a play shows at once although the list is kept; bad input, missing token, wrong role', async () => {
    const staff = await s.createUser({ roles: ['staff'] });
    const dj = await s.createUser();
    const room = await createRoom(s, dj.token);
    const list = () => s.client.call(e.list, { params: { slug: room.slug }, query: { limit: 5 } });
    expect((await list()).total).toBe(0);
    expect((await list()).total).toBe(0); // kept
    for (const name of ['Opener', 'Closer']) {
      await s.as(staff.token).call(e.add, {
        params: { slug: room.slug },
        body: { song: song(name, 180), djUuid: dj.uuid },
      });
      // The play dropped the kept page: no waiting for the 60 s.
      expect((await list()).songs[0]?.song.trackName).toBe(name);
    }
    expect((await list()).total).toBe(2);
    // Bad input, no token, a role that may not record plays.
    await expectError(
      s.client.call(e.list, { params: { slug: room.slug }, query: { limit: 0 } }),
      400,
    );
    await expectError(
      s.client.call(e.add, {
        params: { slug: room.slug },
        body: { song: song('x'), djUuid: dj.uuid },
      }),
      401,
    );
    await expectError(
      s.as(dj.token).call(e.add, {
        params: { slug: room.slug },
        body: { song: song('x'), djUuid: dj.uuid },
      }),
      403,
    );
    expect((await list()).total).toBe(2);
  });
});
