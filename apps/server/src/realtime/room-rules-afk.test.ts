import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERRORS, roomSettingsEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import { botText, chatUser, v3 } from '../services/chat/testing';
import { createRoom, expectInSync, RoomClient, song, startRealtimeServer } from './test-kit';

/**
 * docs/ROOM-RULES.md ROOM-RULES-7, with the unmodified ttfm-socket SDK. Only the clock moves (the
 * server runs in this process): Date is faked, timers stay real; the sweep runs every 50 ms.
 */
let s: TestServer;
beforeAll(async () => {
  s = await startRealtimeServer({ realtime: { afkSweepMs: 50, idleTimeoutMs: 3_600_000 } });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await s?.close();
});

const MIN = 60_000;

describe('ROOM-RULES-7: DJs away too long leave the stage', () => {
  it('ROOM-RULES-7: warned at N−1 minutes, off the stage at N; acting (a vote, a chat message) cancels; the DJ playing stays until the song ends', async () => {
    const people = await Promise.all([1, 2, 3, 4, 5].map(() => chatUser(s)));
    const [owner, playing, active, away, chatter] = people;
    const room = await createRoom(s, owner.token, { numberOfDjs: 5 });
    await s.as(owner.token).call(roomSettingsEndpoints.rules, {
      params: { id: room.uuid },
      body: { rules: { afkDjMinutes: 5 } },
    });
    const clients: RoomClient[] = [];
    for (const p of people) clients.push(await RoomClient.join(s, p, room.uuid));
    const [o, p, a, w, c] = clients;
    await p.action('addDj', { song: song('Long', 600) });
    await a.action('addDj', { song: song('Active', 30) });
    await w.action('addDj', { song: song('Away', 30) });
    await c.action('addDj', { song: song('Chatty', 30) });
    await expect.poll(() => o.state.djs.length).toBe(4);
    const joinedChat = await v3(s, 'POST', `/groups/${room.uuid}/members`, { token: chatter.chat });
    expect(joinedChat.status).toBe(200);
    const t0 = Date.now();

    // N − 1 minutes without an action: each DJ is warned on their own connections only.
    vi.useFakeTimers({ toFake: ['Date'], now: t0 + 4 * MIN + 5_000 });
    const warned = await w.waitFor('afkDjWarning');
    expect(warned.params?.removeAt).toBeGreaterThanOrEqual(t0 + 5 * MIN);
    await a.waitFor('afkDjWarning');
    await p.waitFor('afkDjWarning');
    expect(o.received.some((r) => r.name === 'afkDjWarning')).toBe(false);
    await c.waitFor('afkDjWarning');
    await a.action('voteOnSong', { songVotes: { like: true } }); // cancels a's warning
    const said = await v3(s, 'POST', '/messages', {
      token: chatter.chat,
      body: botText(room.uuid, 'still here'),
    });
    expect(said.status).toBe(200); // a chat message in the room cancels c's

    // N minutes: the DJ away leaves the stage (everybody sees it) and is told why; the one who
    // acted stays, and so does the DJ playing now.
    vi.setSystemTime(t0 + 6 * MIN + 5_000);
    const removed = await w.waitFor('afkDjRemoved');
    expect(removed.params).toEqual({
      code: 'ROOM_RULE_AFK_REMOVED',
      reason: ERRORS.ROOM_RULE_AFK_REMOVED.message,
    });
    await expect
      .poll(() => o.state.djs.map((d) => d.uuid))
      .toEqual([playing.uuid, active.uuid, chatter.uuid]);
    expect(o.state.nowPlaying?.song.trackName).toBe('Long');

    // The song playing ends (the owner skips it): now its DJ, still away, leaves the stage.
    await o.action('skipSong');
    await p.waitFor('afkDjRemoved');
    await expect.poll(() => o.state.djs.map((d) => d.uuid)).toEqual([active.uuid, chatter.uuid]);
    expect(a.received.some((r) => r.name === 'afkDjRemoved')).toBe(false);
    expect(c.received.some((r) => r.name === 'afkDjRemoved')).toBe(false);
    expect(o.received.some((r) => r.name === 'afkDjRemoved')).toBe(false);
    expect(away.uuid in o.state.allUserData).toBe(true); // still in the room, off the stage
    await expectInSync(clients, room.uuid);
    clients.forEach((c) => c.disconnect());
  });

  it('ROOM-RULES-7: a DJ away long is warned before leaving; in a room without the rule never', async () => {
    const people = await Promise.all([1, 2, 3, 4].map(() => s.createUser()));
    const ruled = await createRoom(s, people[0].token, { numberOfDjs: 5 });
    const free = await createRoom(s, people[2].token, { numberOfDjs: 5 });
    await s.as(people[0].token).call(roomSettingsEndpoints.rules, {
      params: { id: ruled.uuid },
      body: { rules: { afkDjMinutes: 5 } },
    });
    const o = await RoomClient.join(s, people[0], ruled.uuid);
    const dj = await RoomClient.join(s, people[1], ruled.uuid);
    const o2 = await RoomClient.join(s, people[2], free.uuid);
    const dj2 = await RoomClient.join(s, people[3], free.uuid);
    await dj.action('addDj');
    await dj2.action('addDj');
    const t0 = Date.now();
    // Long past N at once: a warning first, saying the removal comes a minute after it. (The jump
    // stays under the sockets' idle timeout, an hour here, which reads the same clock.)
    vi.useFakeTimers({ toFake: ['Date'], now: t0 + 30 * MIN });
    const warned = await dj.waitFor('afkDjWarning');
    expect(warned.params?.removeAt).toBe(Date.now() + MIN);
    vi.setSystemTime(t0 + 31 * MIN);
    await dj.waitFor('afkDjRemoved');
    await expect.poll(() => o.state.djs).toEqual([]);
    expect(dj2.received.some((r) => r.name.startsWith('afkDj'))).toBe(false);
    expect(o2.state.djs.map((d) => d.uuid)).toEqual([people[3].uuid]);
    [o, dj, o2, dj2].forEach((c) => c.disconnect());
  });
});
