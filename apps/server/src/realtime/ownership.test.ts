import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { TestServer } from '../../test/harness';
import {
  createRoom,
  eventually,
  roomState,
  RoomClient,
  sleep,
  song,
  startRealtimeServer,
} from './test-kit';

/**
 * Room ownership across processes (docs/ROOM-RULES.md, ROOM-OWNER-*): two servers of one
 * deployment (one database, one Redis prefix) in this test process, with ttfm-socket clients on
 * each. The kill -9 failover runs with real processes in cluster.test.ts.
 */
const REDIS_URL = process.env.REDIS_URL;
if (!REDIS_URL)
  console.info(
    'ownership.test.ts skipped: room ownership needs REDIS_URL (one process owns every room without it)',
  );

const servers: TestServer[] = [];
const clients: RoomClient[] = [];
afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  for (const s of servers.splice(0).reverse()) await s.close();
});

async function pair(leaveGraceMs?: number): Promise<[TestServer, TestServer]> {
  const realtime = { leaseMs: 1500, ...(leaveGraceMs ? { leaveGraceMs } : {}) };
  const a = await startRealtimeServer({ realtime });
  servers.push(a);
  const b = await startRealtimeServer({ share: a, realtime });
  servers.push(b);
  return [a, b];
}

async function join(s: TestServer, user: { token: string; uuid: string }, roomUuid: string) {
  const c = await RoomClient.join(s, user, roomUuid);
  clients.push(c);
  return c;
}

const runs = (s: TestServer, roomUuid: string) => s.app.realtime!.engine.runs(roomUuid);

describe.skipIf(!REDIS_URL)('room ownership across processes', () => {
  it('ROOM-OWNER-1, ROOM-OWNER-5: one process runs the room; actions on the other are forwarded and everyone holds the same state', async () => {
    const [a, b] = await pair();
    const owner = await a.createUser();
    const dj = await b.createUser();
    const room = await createRoom(a, owner.token);
    const onA = await join(a, owner, room.uuid);
    const onB = await join(b, dj, room.uuid);
    expect(runs(a, room.uuid)).toBe(true);
    expect(runs(b, room.uuid)).toBe(false);
    expect(onB.joinResult.didCreate).toBe(false);
    await onA.waitFor('userJoined', (r) => JSON.stringify(r.statePatch).includes(dj.uuid));

    // The DJ on B takes a seat and plays; the listener on A votes.
    await onB.action('addDj', { song: song('Forwarded', 30) });
    await onA.waitFor('playedSong');
    await onB.waitFor('playedSong');
    await onA.action('voteOnSong', { songVotes: { like: true } });
    await onB.waitFor('votedOnSong');
    await sleep(200);
    expect(onA.patchErrors).toEqual([]);
    expect(onB.patchErrors).toEqual([]);
    expect(onB.sharedState()).toEqual(onA.sharedState());
    expect(onA.state.nowPlaying?.song.trackName).toBe('Forwarded');
    // A refusal comes back from the owner with its text.
    expect(await onB.actionError('addDj', { song: song('Again') })).toMatch(/already a DJ/);
    // The REST room state is the owner's, whichever process answers.
    const viaB = await roomState(b, dj.token, room.uuid);
    expect(viaB.nowPlaying?.song.trackName).toBe('Forwarded');
    expect(Object.keys(viaB.allUserData).sort()).toEqual([owner.uuid, dj.uuid].sort());
  });

  it('ROOM-OWNER-7: a user with a tab on each process is one user; they leave only when both tabs closed, after the grace', async () => {
    const [a, b] = await pair();
    const owner = await a.createUser();
    const twoTabs = await a.createUser();
    const room = await createRoom(a, owner.token);
    const watcher = await join(a, owner, room.uuid);
    const tabA = await join(a, twoTabs, room.uuid);
    const tabB = await join(b, twoTabs, room.uuid);
    expect(tabB.joinResult.didCreate).toBe(false);
    const present = () =>
      watcher.state.allUsers.filter((u: { uuid: string }) => u.uuid === twoTabs.uuid).length;
    expect(present()).toBe(1);
    tabB.disconnect();
    await sleep(1200); // three times the test grace
    expect(present()).toBe(1);
    const mark = watcher.mark();
    tabA.disconnect();
    await watcher.waitFor('userLeft', undefined, mark);
    expect(present()).toBe(0);
  });

  it('ROOM-OWNER-2, ROOM-OWNER-3, ROOM-OWNER-6: when another process takes the lease, the old owner’s writes are refused, it lets the room go, and its connections rejoin', async () => {
    // A long grace: the DJ whose socket is sent to rejoin keeps the seat (and the room its state).
    const [a, b] = await pair(30_000);
    const owner = await a.createUser();
    const room = await createRoom(a, owner.token);
    const onA = await join(a, owner, room.uuid);
    await onA.action('addDj', { song: song('Before', 30) });
    expect(runs(a, room.uuid)).toBe(true);
    // ROOM-SAVE-1: the live state is written within the save interval; wait until it is.
    await eventually(async () => {
      const saved = await a.app.platform.ports.rooms!.loadLiveState(room.uuid);
      expect(JSON.stringify(saved)).toContain('Before');
    });
    await sleep(600);
    // The lease is taken from A behind its back (as if A had stalled past its expiry).
    const redis = new Redis(REDIS_URL!);
    try {
      await redis.del(`${a.redisPrefix}room-owner:${room.uuid}`);
    } finally {
      redis.disconnect();
    }
    await b.app.realtime!.engine.restoreAll([room.uuid]);
    expect(runs(b, room.uuid)).toBe(true);
    // A finds out (renewal or a refused write) and lets go; its client is sent to rejoin.
    await onA.waitClosed(15_000);
    for (let i = 0; i < 100 && runs(a, room.uuid); i++) await sleep(100);
    expect(runs(a, room.uuid)).toBe(false);
    // A write with an older fence is refused.
    const port = a.app.platform.ports.rooms!;
    expect(await port.saveLiveState(room.uuid, { stale: true }, 0)).toBe(false);
    const state = await roomState(a, owner.token, room.uuid);
    expect(state.djs.map((d: { uuid: string }) => d.uuid)).toEqual([owner.uuid]);
  });
});

describe.skipIf(!REDIS_URL)('presence across processes', () => {
  it('ROOM-OWNER-8: room lists, the room size and HLS key grants see the members of a room another process runs', async () => {
    const [a, b] = await pair();
    const owner = await a.createUser();
    const listener = await a.createUser();
    const room = await createRoom(a, owner.token);
    const onA = await join(a, owner, room.uuid);
    await join(a, listener, room.uuid);
    await onA.action('addDj', { song: song('Heard', 30) });
    expect(runs(b, room.uuid)).toBe(false);
    const realtimeB = b.app.realtime!.live;
    for (let i = 0; i < 50 && realtimeB.occupancy(room.uuid).users < 2; i++) await sleep(100);
    expect(realtimeB.occupancy(room.uuid)).toEqual({ users: 2, guests: 0 });
    expect(realtimeB.presence(room.uuid).djUuids).toEqual([owner.uuid]);
    expect(realtimeB.isInRoom(room.uuid, listener.uuid)).toBe(true);
    // ROOM-LIST-1: the public list's counts, for every room at once.
    expect(realtimeB.headcounts().get(room.uuid)).toEqual({ users: 2, djs: 1 });
    expect(a.app.realtime!.live.headcounts().get(room.uuid)).toEqual({ users: 2, djs: 1 });
    const listeningB = b.app.platform.ports.listening!;
    expect(listeningB.isListening(listener.uuid, 'up-Heard', 5000)).toBe(true);
    expect(listeningB.isListening(listener.uuid, 'up-Other', 5000)).toBe(false);
  });
});
