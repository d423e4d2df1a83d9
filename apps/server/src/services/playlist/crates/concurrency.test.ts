import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CRATE_ADD_MAX,
  CRATE_SONGS_PAGE,
  crateEndpoints as c,
  type CrateSongDto,
} from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../../test/harness';
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
});
