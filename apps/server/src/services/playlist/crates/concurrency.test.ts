import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CRATE_ADD_MAX,
  CRATE_SONGS_PAGE,
  crateEndpoints as c,
  type CrateSongDto,
} from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../../test/harness';
import { RANK_GAP, ranksBetween } from './repository';
import { crateSongs } from './schema';
import { providerSong } from './test-kit';

let s: TestServer;
let token: string;

beforeAll(async () => {
  s = await startTestServer();
  token = (await s.createUser()).token;
});
afterAll(() => s.close());

async function allSongs(id: string): Promise<CrateSongDto[]> {
  const out: CrateSongDto[] = [];
  for (let offset = 0; ; offset += CRATE_SONGS_PAGE) {
    const page = await s.as(token).call(c.songs, { params: { id }, query: { offset } });
    out.push(...page.songs);
    if (page.next === null) return out;
    expect(page.next).toBe(offset + CRATE_SONGS_PAGE);
  }
}

describe('crate positions', () => {
  it('stay exactly 0..n-1 under parallel adds, moves and removals', async () => {
    const api = s.as(token);
    const crate = await api.call(c.create, { body: {} });
    const id = crate.crateUuid;
    const { added } = await api.call(c.addSongs, {
      params: { id },
      body: { songs: Array.from({ length: 30 }, (_, i) => providerSong(i)) },
    });
    const ops: Promise<unknown>[] = [];
    for (let i = 0; i < 20; i++) {
      ops.push(
        api.call(c.addSongs, {
          params: { id },
          body: { songs: [providerSong(1000 + i), providerSong(2000 + i)], position: i % 7 },
        }),
      );
      ops.push(
        api.call(c.moveSong, {
          params: { id, crateSongUuid: added[i]!.crateSongUuid },
          body: { newPosition: (i * 13) % 40 },
        }),
      );
      if (i % 2 === 0) {
        ops.push(
          api.call(c.removeSong, {
            params: { id, crateSongUuid: added[20 + i / 2]!.crateSongUuid },
          }),
        );
      }
    }
    ops.push(api.call(c.shuffle, { params: { id } }));
    await Promise.all(ops);
    const songs = await allSongs(id);
    expect(songs).toHaveLength(30 + 40 - 10);
    expect(songs.map((x) => x.position)).toEqual(songs.map((_, i) => i));
    expect(new Set(songs.map((x) => x.crateSongUuid)).size).toBe(songs.length);
    const again = await allSongs(id);
    expect(again.map((x) => x.crateSongUuid)).toEqual(songs.map((x) => x.crateSongUuid));
    expect((await api.call(c.get, { params: { id } })).crateSongsNumber).toBe(songs.length);
  });

  it('holds 10,000 songs and pages them at 300', async () => {
    const api = s.as(token);
    const crate = await api.call(c.create, { body: { crateName: 'Ten thousand' } });
    const id = crate.crateUuid;
    for (let batch = 0; batch < 20; batch++) {
      const songs = Array.from({ length: CRATE_ADD_MAX }, (_, i) =>
        providerSong(100_000 + batch * CRATE_ADD_MAX + i),
      );
      const res = await api.call(c.addSongs, { params: { id }, body: { songs } });
      expect(res.added).toHaveLength(CRATE_ADD_MAX);
    }
    const songs = await allSongs(id);
    expect(songs).toHaveLength(10_000);
    expect(songs.map((x) => x.position)).toEqual(songs.map((_, i) => i));
    expect(songs.map((x) => x.trackName)).toEqual(songs.map((_, i) => `Track ${100_000 + i}`));
    const page = await api.call(c.songs, { params: { id }, query: { offset: 9_900 } });
    expect(page).toMatchObject({ total: 10_000, next: null });
    expect(page.songs).toHaveLength(100);
    // A move across the whole crate keeps it dense.
    await api.call(c.moveSong, {
      params: { id, crateSongUuid: songs[9_999]!.crateSongUuid },
      body: { newPosition: 0 },
    });
    const first = await api.call(c.songs, { params: { id }, query: { limit: 2 } });
    expect(first.songs.map((x) => x.trackName)).toEqual(['Track 109999', 'Track 100000']);
    const dup = await api.call(c.addSongs, {
      params: { id },
      body: { songs: [providerSong(100_123)] },
    });
    expect(dup).toMatchObject({ added: [], duplicates: 1 });
  }, 120_000);

  it('CRATE-RANK-1: a move writes one row; inserts at one spot until its ranks run out spread them and keep the order', async () => {
    const api = s.as(token);
    const crate = await api.call(c.create, { body: { crateName: 'Ranks' } });
    const id = crate.crateUuid;
    await api.call(c.addSongs, {
      params: { id },
      body: { songs: Array.from({ length: 50 }, (_, i) => providerSong(300_000 + i)) },
    });
    const ranks = async () => {
      const rows = await s.app.platform.db
        .select({ uuid: crateSongs.uuid, rank: crateSongs.rank })
        .from(crateSongs);
      return new Map(rows.map((r) => [r.uuid, r.rank]));
    };
    const before = await ranks();
    const songs = await allSongs(id);
    await api.call(c.moveSong, {
      params: { id, crateSongUuid: songs[40]!.crateSongUuid },
      body: { newPosition: 3 },
    });
    const after = await ranks();
    const changed = [...after].filter(([uuid, rank]) => before.get(uuid) !== rank);
    expect(changed.map(([uuid]) => uuid)).toEqual([songs[40]!.crateSongUuid]);
    const moved = await allSongs(id);
    expect(moved[3]!.crateSongUuid).toBe(songs[40]!.crateSongUuid);
    expect(moved.map((x) => x.position)).toEqual(moved.map((_, i) => i));

    // 80 songs, each inserted at place 1: the gap there halves every time until it runs out.
    for (let i = 0; i < 80; i++) {
      await api.call(c.addSongs, {
        params: { id },
        body: { songs: [providerSong(310_000 + i)], position: 1 },
      });
    }
    const all = await allSongs(id);
    expect(all).toHaveLength(130);
    expect(all.slice(1, 81).map((x) => x.trackName)).toEqual(
      Array.from({ length: 80 }, (_, i) => `Track ${310_000 + 79 - i}`),
    );
    expect(all[0]!.crateSongUuid).toBe(moved[0]!.crateSongUuid);
    expect(all.slice(81).map((x) => x.crateSongUuid)).toEqual(
      moved.slice(1).map((x) => x.crateSongUuid),
    );
  }, 120_000);
});

describe('ranksBetween', () => {
  it('CRATE-RANK-1: spaced ranks at the ends, midpoints inside, null when they do not fit', () => {
    expect(ranksBetween(null, null, 2)).toEqual([RANK_GAP, 2 * RANK_GAP]);
    expect(ranksBetween(RANK_GAP, null, 1)).toEqual([2 * RANK_GAP]);
    expect(ranksBetween(null, RANK_GAP, 2)).toEqual([-RANK_GAP, 0]);
    expect(ranksBetween(0, 3, 2)).toEqual([1, 2]);
    expect(ranksBetween(1, 1 + Number.EPSILON, 1)).toBeNull();
  });
});
