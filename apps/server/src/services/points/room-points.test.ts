import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { pointsEndpoints as p, seasonEndpoints as se } from '@tt/protocol';
import { createRoom, RoomClient, song, startRealtimeServer } from '../../realtime/test-kit';
import type { TestServer } from '../../../test/harness';

/**
 * PTS-DJ-1, PTS-LISTEN-1 end to end over the room socket: a song liked and starred in a live room
 * credits its DJ and its listeners once the song ends (plays of 2 s count here:
 * POINTS_MIN_PLAYED_SECONDS=0).
 */
let s: TestServer;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  s = await startRealtimeServer({ env: { POINTS_MIN_PLAYED_SECONDS: '0' } });
  const admin = await s.createUser({ roles: ['admin'] });
  await s.as(admin.token).call(se.create, {
    body: {
      name: 'Room Season',
      startDate: new Date(Date.now() - DAY).toISOString(),
      endDate: new Date(Date.now() + DAY).toISOString(),
    },
  });
});
afterAll(() => s?.close());

async function settled(nickname: string) {
  const u = await s.createUser({ nickname });
  await s.app.platform.db.execute(
    sql`update users set created_at = now() - interval '3 days' where uuid = ${u.uuid}`,
  );
  return u;
}

describe('points from a live room', () => {
  it('the DJ earns from the likes and star on their song; listeners for hearing it', async () => {
    const dj = await settled('Spinner');
    const fan = await settled('Fan');
    const quiet = await settled('Quiet');
    const room = await createRoom(s, dj.token, { songsPerDj: 1 });
    const a = await RoomClient.join(s, dj, room.uuid);
    const b = await RoomClient.join(s, fan, room.uuid);
    const c = await RoomClient.join(s, quiet, room.uuid);
    const mark = c.mark();
    await a.action('addDj', { song: song('Liked', 3) });
    await c.waitFor('playedSong', undefined, mark);
    const voted = c.mark();
    await b.action('voteOnSong', { songVotes: { like: true, star: true } });
    // PTS-DJ-2: the room refuses a DJ's vote on their own song to begin with.
    expect(await a.actionError('voteOnSong', { songVotes: { like: true } })).toMatch(/own song/);
    await c.waitFor('playedSong', undefined, voted); // the song ended
    const board = async () =>
      (await s.client.call(p.seasonRanking, { query: {} })).entries.map((e) => [
        e.nickname,
        e.balance,
      ]);
    await expect.poll(board, { timeout: 20_000 }).toEqual([
      ['Spinner', 5],
      ['Fan', 1],
      ['Quiet', 1],
    ]);
    for (const x of [a, b, c]) x.disconnect();
  });
});
