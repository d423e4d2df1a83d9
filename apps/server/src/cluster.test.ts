import { afterAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@tt/api-client';
import { authEndpoints, roomEndpoints } from '@tt/protocol';
import { startCluster, type Cluster } from '../cluster/cluster';
import { findNginx } from '../cluster/nginx';
import { sharedState } from '../cluster/processes';
import type { TestServer } from '../test/harness';
import { RoomClient, sleep, song } from './realtime/test-kit';

/**
 * CLUSTER-1: three real processes behind nginx (round robin, no sticky sessions) on PostgreSQL and
 * Redis, with the unmodified ttfm-socket SDK: one room served from all three, an owner killed with
 * SIGKILL mid-song, and a rolling restart of all three.
 */
const ready = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL && findNginx());
if (!ready) {
  console.info(
    'cluster.test.ts skipped: it needs DATABASE_URL, REDIS_URL and nginx (apt-get install nginx-light)',
  );
}

let cluster: Cluster | null = null;
let drop: (() => Promise<void>) | null = null;
const clients: RoomClient[] = [];
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await cluster?.stop();
  await drop?.();
});

const DEMO = {
  dj: { email: 'dj@turntable.local', password: 'dj-pass-123' },
  listener: { email: 'listener@turntable.local', password: 'listener-pass-123' },
  mod: { email: 'mod@turntable.local', password: 'mod-pass-123' },
  admin: { email: 'admin@turntable.local', password: 'admin-pass-123' },
};

async function login(url: string, who: { email: string; password: string }) {
  const client = createApiClient({ baseUrl: url, getToken: () => null });
  const { accessToken } = await client.call(authEndpoints.login, { body: who });
  const session = await createApiClient({ baseUrl: url, getToken: () => accessToken }).call(
    authEndpoints.session,
    {},
  );
  return { token: accessToken, uuid: session.uuid };
}

/** What one process says about itself at /metrics. */
async function gauge(port: number, name: string): Promise<number> {
  const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
  const m = new RegExp(`^${name} (\\d+)$`, 'm').exec(text);
  return m ? Number(m[1]) : 0;
}

/** Joins through the load balancer, retrying while the room changes hands. */
async function joinVia(url: string, user: { token: string; uuid: string }, roomUuid: string) {
  for (let attempt = 0; ; attempt++) {
    const c = new RoomClient({ url } as TestServer, user.token, user.uuid);
    clients.push(c);
    let timer: NodeJS.Timeout | undefined;
    try {
      // The SDK waits for ever for a socket that never opens: give each attempt 10 s.
      await Promise.race([
        c.joinRoom(roomUuid),
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error('join attempt timed out')), 10_000);
        }),
      ]);
      return c;
    } catch (err) {
      c.disconnect();
      if (attempt >= 20) throw err;
      await sleep(1000);
    } finally {
      clearTimeout(timer);
    }
  }
}

describe.skipIf(!ready)('a cluster behind nginx', () => {
  it('CLUSTER-1: one room over three processes; kill -9 of its owner mid-song and a rolling restart lose nothing', async () => {
    const state = await sharedState();
    drop = state.drop;
    cluster = await startCluster({
      processes: 3,
      env: { ...state.env, ROOM_LEASE_MS: '2000', ROOM_LEAVE_GRACE: '120s' },
      // The demo accounts and rooms, without resident DJs (their sockets would count).
      firstEnv: { SEED_DEMO: 'true', DEMO_RESIDENTS: 'false' },
    });
    const url = cluster.url;
    const users = {
      dj: await login(url, DEMO.dj),
      listener: await login(url, DEMO.listener),
      mod: await login(url, DEMO.mod),
      admin: await login(url, DEMO.admin),
    };
    const room = await createApiClient({ baseUrl: url, getToken: () => users.dj.token }).call(
      roomEndpoints.get,
      { params: { id: 'late-night-grooves' } },
    );
    // Six sockets through round robin: two on each process.
    const joined: RoomClient[] = [];
    for (const u of [users.dj, users.listener, users.mod, users.admin, users.listener, users.mod]) {
      joined.push(await joinVia(url, u, room.uuid));
    }
    // Exact round robin (one nginx worker); a join retried after a timeout leaves a socket that
    // closes a moment later, so wait for the count to settle.
    for (const port of cluster.ports)
      await expect.poll(() => gauge(port, 'tt_socket_connections'), { timeout: 15_000 }).toBe(2);
    const owners = await Promise.all(cluster.ports.map((p) => gauge(p, 'tt_rooms_running')));
    expect(owners.filter((n) => n === 1)).toHaveLength(1);

    // The DJ plays; three listeners on different processes vote.
    const [dj, ...listeners] = joined;
    await dj.action('addDj', { song: song('Cluster Song', 600) });
    await dj.waitFor('playedSong');
    for (const c of listeners.slice(0, 3))
      await c.action('voteOnSong', { songVotes: { like: true } });
    await sleep(1000);
    for (const c of joined) {
      expect(c.patchErrors).toEqual([]);
      expect(c.state.nowPlaying?.song.trackName).toBe('Cluster Song');
    }
    // Every client holds the same state (each one's own votes aside).
    const shared = joined.map((c) => {
      const s = c.sharedState();
      for (const u of Object.values(s.allUserData)) (u as { songVotes: object }).songVotes = {};
      return s;
    });
    for (const s of shared.slice(1)) expect(s).toEqual(shared[0]);
    const playing = dj.state.nowPlaying!;

    // kill -9 of the owner: the room comes back on another process as it was.
    const ownerIndex = owners.indexOf(1);
    const killedAt = Date.now();
    await cluster.kill(ownerIndex);
    for (const c of clients.splice(0)) c.disconnect();
    const back = await joinVia(url, users.listener, room.uuid);
    expect(back.state.nowPlaying).toEqual(playing);
    expect(back.state.djs.map((d) => d.uuid)).toEqual([users.dj.uuid]);
    expect(back.state.voteCounts.likes).toBe(3);
    console.info(
      `CLUSTER-1: rejoined the room ${Date.now() - killedAt} ms after the owner was killed`,
    );
    await cluster.start(ownerIndex);

    // A rolling restart of all three, one after the other.
    back.disconnect();
    for (let i = 0; i < 3; i++) {
      await cluster.stopOne(i);
      await cluster.start(i);
    }
    const after = await joinVia(url, users.mod, room.uuid);
    expect(after.state.nowPlaying).toEqual(playing);
    expect(after.state.djs.map((d) => d.uuid)).toEqual([users.dj.uuid]);
    const running = await Promise.all(cluster.ports.map((p) => gauge(p, 'tt_rooms_running')));
    expect(running.reduce((a, b) => a + b, 0)).toBe(1);
  }, 300_000);
});
