/**
 * Crates on a 10,000-song crate (BENCH_CRATE_SONGS): page reads at 300 and reorders (moves
 * across the crate, each one a locked transaction shifting a range of positions).
 */
import { CRATE_ADD_MAX, crateEndpoints as c } from '@tt/protocol';
import { providerSong } from '../src/services/playlist/crates/test-kit';
import type { TestServer } from '../test/harness';
import { load, type LoadResult } from './http';

export async function crateScenarios(
  s: TestServer,
  token: string,
  opts: { seconds: number; concurrency: number; songs: number },
): Promise<LoadResult[]> {
  const api = s.as(token);
  const crate = await api.call(c.create, { body: { crateName: 'Bench crate' } });
  const id = crate.crateUuid;
  const uuids: string[] = [];
  for (let done = 0; done < opts.songs; done += CRATE_ADD_MAX) {
    const n = Math.min(CRATE_ADD_MAX, opts.songs - done);
    const res = await api.call(c.addSongs, {
      params: { id },
      body: { songs: Array.from({ length: n }, (_, i) => providerSong(done + i)) },
    });
    uuids.push(...res.added.map((x) => x.crateSongUuid));
  }
  const base = `${s.url}/api/playlist-service/crate/${id}`;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const pages = Math.ceil(opts.songs / 300);
  return [
    await load(`GET /crate/{id}/songs (page of 300, ${opts.songs} songs)`, opts, (i) =>
      fetch(`${base}/songs?offset=${(i % pages) * 300}`, { headers }),
    ),
    await load('GET /crate/{id} (crate + first page)', opts, () => fetch(base, { headers })),
    await load(`PUT /crate/{id}/songs/{crateSongUuid}/position (one crate)`, opts, (i) =>
      fetch(`${base}/songs/${uuids[(i * 7919) % uuids.length]}/position`, {
        method: 'PUT',
        headers,
        body: JSON.stringify({ newPosition: (i * 104_729) % opts.songs }),
      }),
    ),
  ];
}
