import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roomListEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import {
  createRoom,
  eventually,
  giveRole,
  guest,
  RawSocket,
  RoomClient,
  song,
  startRealtimeServer,
} from './test-kit';

/**
 * The join path under a crowd (ROOM-JOIN-1…3) and the throttled live-state writes (ROOM-SAVE-1).
 * Counts, never timings: how often the room service is asked, how many messages and writes.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer({ env: { ROOM_SAVE_INTERVAL_MS: '300' } });
});
afterAll(async () => {
  await s?.close();
});

/**
 * Counts the room service's join checks and live-state writes for one room; `slowMs` makes each
 * join check take that long (a busy room service).
 */
function countPort(roomUuid: string, slowMs = 0) {
  const port = s.app.platform.ports.rooms!;
  const { authorizeJoin, saveLiveState } = port;
  const counts = { authorize: 0, saves: 0 };
  port.authorizeJoin = (req) => {
    if (req.roomUuid === roomUuid) counts.authorize++;
    const answer = authorizeJoin.call(port, req);
    return slowMs ? new Promise((r) => setTimeout(r, slowMs)).then(() => answer) : answer;
  };
  port.saveLiveState = (uuid, state, fence) => {
    if (uuid === roomUuid) counts.saves++;
    return saveLiveState.call(port, uuid, state, fence);
  };
  const restore = () => Object.assign(port, { authorizeJoin, saveLiveState });
  return { counts, restore };
}

/** Opens `n` raw sockets and sends all their joinRoom frames at once; answers the answers. */
async function joinAtOnce(tokens: string[], roomUuid: string) {
  const sockets = await Promise.all(tokens.map((t) => RawSocket.open(s, t)));
  for (const raw of sockets) {
    raw.send({ event: 'action', params: { action: 'joinRoom', roomUuid }, messageId: 1 });
  }
  const answers = await Promise.all(
    sockets.map((raw) => raw.next((f) => f?.context === 'response' && f.messageId === 1)),
  );
  return { sockets, answers };
}

describe('join storms', () => {
  it('ROOM-JOIN-1: a live room without passwords admits from its own settings; a ban still refuses; a password goes to the room service', async () => {
    const [owner, banned, visitor] = await Promise.all([
      s.createUser(),
      s.createUser(),
      s.createUser(),
    ]);
    const room = await createRoom(s, owner.token);
    const co = await RoomClient.join(s, owner, room.uuid); // the room is live here now
    await giveRole(s, owner.token, room.uuid, banned.uuid, 'banned');
    const { counts, restore } = countPort(room.uuid);
    try {
      const guests = await Promise.all([guest(s), guest(s), guest(s)]);
      const { sockets, answers } = await joinAtOnce(
        guests.map((g) => g.token),
        room.uuid,
      );
      expect(answers.every((a) => a.status === 'OK')).toBe(true);
      const cv = await RoomClient.join(s, visitor, room.uuid);
      expect(counts.authorize).toBe(0);
      const refused = new RoomClient(s, banned.token, banned.uuid);
      await expect(refused.joinRoom(room.uuid)).rejects.toThrow('You are banned from this room.');
      expect(counts.authorize).toBe(0);
      // The visit of a user admitted this way is still recorded (their recent rooms).
      await eventually(async () => {
        const recent = await s.as(visitor.token).call(roomListEndpoints.recent, {});
        expect(JSON.stringify(recent)).toContain(room.uuid);
      });
      sockets.forEach((r) => r.close());
      cv.disconnect();
      refused.disconnect();
    } finally {
      restore();
      co.disconnect();
    }
  });

  it('ROOM-JOIN-1: a storm on a room not yet loaded asks the room service far less than once per join', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const guests = await Promise.all(Array.from({ length: 20 }, () => guest(s)));
    const { counts, restore } = countPort(room.uuid, 1000);
    try {
      const { sockets, answers } = await joinAtOnce(
        guests.map((g) => g.token),
        room.uuid,
      );
      sockets.forEach((r) => r.close());
      expect(answers.every((a) => a.status === 'OK')).toBe(true);
      expect(counts.authorize).toBeGreaterThanOrEqual(1);
      expect(counts.authorize).toBeLessThan(20);
    } finally {
      restore();
    }
  });

  it('ROOM-JOIN-1: with a room password the room service checks every join', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token, { password: 'open-sesame' });
    const co = await RoomClient.join(s, owner, room.uuid);
    const { counts, restore } = countPort(room.uuid);
    try {
      const g = await guest(s);
      const c = new RoomClient(s, g.token, g.uuid);
      await expect(c.joinRoom(room.uuid)).rejects.toThrow('This room needs a password.');
      await c.joinRoom(room.uuid, { password: 'open-sesame' });
      expect(counts.authorize).toBe(2);
      c.disconnect();
    } finally {
      restore();
      co.disconnect();
    }
  });

  it('ROOM-JOIN-2: joins that arrive together enter together; everyone ends with every member, and listeners get fewer userJoined messages than joiners', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const co = await RoomClient.join(s, owner, room.uuid);
    const mark = co.mark();
    const guests = await Promise.all(Array.from({ length: 30 }, () => guest(s)));
    // The room is busy (as it is in a storm) while the joins arrive: they wait for it together.
    let release!: () => void;
    const busy = new Promise<void>((r) => (release = r));
    void s.app.realtime!.engine.enqueue(room.uuid, () => busy);
    const joining = joinAtOnce(
      guests.map((g) => g.token),
      room.uuid,
    );
    await new Promise((r) => setTimeout(r, 1500));
    release();
    const { sockets, answers } = await joining;
    expect(answers.every((a) => a.status === 'OK')).toBe(true);
    // Each joiner's state holds itself.
    answers.forEach((a, i) => expect(a.state.allUserData).toHaveProperty(guests[i].uuid));
    await eventually(() => expect(Object.keys(co.state.allUserData)).toHaveLength(31));
    const joinedMessages = co.received.slice(mark).filter((m) => m.name === 'userJoined');
    expect(joinedMessages.length).toBeLessThanOrEqual(10);
    expect(co.patchErrors).toEqual([]);
    // The shared view agrees with a fresh join.
    const late = await RoomClient.join(s, await s.createUser(), room.uuid);
    expect(late.state.allUsers.map((u) => u.uuid).sort()).toEqual(
      [owner.uuid, late.uuid, ...guests.map((g) => g.uuid)].sort(),
    );
    sockets.forEach((r) => r.close());
    late.disconnect();
    co.disconnect();
  });

  it('ROOM-JOIN-3: a burst of frames to one connection arrives whole and in order', async () => {
    const owner = await s.createUser();
    const room = await createRoom(s, owner.token);
    const co = await RoomClient.join(s, owner, room.uuid);
    const raw = await RawSocket.open(s, owner.token);
    raw.send({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 0,
    });
    await raw.next((f) => f?.messageId === 0);
    for (let i = 1; i <= 20; i++) raw.send({ event: 'detailsView', messageId: i });
    const ids: number[] = [];
    for (let i = 1; i <= 20; i++) ids.push((await raw.next((f) => f?.messageId === i)).messageId);
    expect(ids).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    raw.close();
    co.disconnect();
  });
});

describe('live-state writes', () => {
  it('ROOM-SAVE-1: a burst of votes is written a few times, not once per vote, and the last count is what is stored', async () => {
    const dj = await s.createUser();
    const room = await createRoom(s, dj.token);
    const cd = await RoomClient.join(s, dj, room.uuid);
    await cd.action('addDj', { song: song('Saved', 600) });
    const voters = await Promise.all(Array.from({ length: 12 }, () => s.createUser()));
    const clients = await Promise.all(voters.map((v) => RoomClient.join(s, v, room.uuid)));
    const { counts, restore } = countPort(room.uuid);
    try {
      await Promise.all(clients.map((c) => c.action('voteOnSong', { songVotes: { like: true } })));
      await eventually(async () => {
        const stored = await s.app.platform.ports.rooms!.loadLiveState(room.uuid);
        expect(JSON.stringify(stored)).toContain('"like":true');
        const likes = Object.values(
          (stored as { votes: Record<string, { like?: boolean }> }).votes,
        ).filter((v) => v.like).length;
        expect(likes).toBe(12);
      });
      expect(counts.saves).toBeGreaterThan(0);
      expect(counts.saves).toBeLessThan(12);
    } finally {
      restore();
    }
    clients.forEach((c) => c.disconnect());
    cd.disconnect();
  });
});
