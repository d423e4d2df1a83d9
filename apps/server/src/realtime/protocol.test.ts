import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SocketClient } from 'ttfm-socket';
import type { TestServer } from '../../test/harness';
import { createRoom, RawSocket, RoomClient, song, startRealtimeServer } from './test-kit';

/** The wire protocol of docs/PROTOCOL.md: Primus heartbeat, Actionhero envelopes, errors. */
let s: TestServer;
let user: { uuid: string; token: string };
let roomUuid: string;
beforeAll(async () => {
  s = await startRealtimeServer();
  user = await s.createUser();
  roomUuid = (await createRoom(s, user.token)).uuid;
});
afterAll(async () => {
  await s?.close();
});

describe('transport', () => {
  it('sends the heartbeat as a JSON string primus::ping::<server ms>; pongs are accepted silently', async () => {
    const raw = await RawSocket.open(s, user.token);
    const before = Date.now();
    const ping = await raw.next((f) => typeof f === 'string' && f.startsWith('primus::ping::'));
    expect(ping).toMatch(/^primus::ping::\d+$/);
    expect(Number(ping.slice('primus::ping::'.length))).toBeGreaterThan(before - 60_000);
    raw.send(`primus::pong::${ping.slice(14)}`);
    const count = raw.frames.length;
    raw.send({ event: 'detailsView', messageId: 1 });
    const details = await raw.next((f) => f?.messageId === 1);
    expect(details).toMatchObject({ context: 'response', data: { rooms: [] } });
    expect(raw.frames.slice(count).filter((f) => f === 'primus::pong::' + ping.slice(14))).toEqual(
      [],
    );
    // Pings keep coming at the configured interval.
    await raw.next((f) => typeof f === 'string' && f.startsWith('primus::ping::') && f !== ping);
    raw.close();
  });

  it('the SDK takes its clock offset from the heartbeat and joinRoom serverTime', async () => {
    const client = new SocketClient(s.url);
    const joined = (await client.joinRoom(user.token, { roomUuid })) as any;
    expect(Math.abs(joined.serverTime - Date.now())).toBeLessThan(60_000);
    expect(Number.isFinite(client.serverTimeOffset)).toBe(true);
    client.disconnect();
  });

  it('answers an action with {…result, context: response, messageId}', async () => {
    const raw = await RawSocket.open(s, user.token);
    raw.send({ event: 'action', params: { action: 'joinRoom', roomUuid }, messageId: 7 });
    const answer = await raw.next((f) => f?.messageId === 7);
    expect(answer).toMatchObject({
      roomUuid,
      allowedRooms: [roomUuid],
      context: 'response',
      messageId: 7,
    });
    expect(answer.error).toBeUndefined();
    expect(Object.keys(answer.state).sort()).toEqual(
      [
        'allUserData',
        'allUsers',
        'audienceUsers',
        'djs',
        'floorUsers',
        'nowPlaying',
        'settings',
        'songsRemainingForDj',
        'vibeMeter',
        'visibleDjs',
        'voteCounts',
      ].sort(),
    );
    // then updatedUserData for this connection: a broadcast envelope of the room
    const own = await raw.next((f) => f?.message?.name === 'updatedUserData');
    expect(own).toMatchObject({ room: roomUuid, from: 'server', context: 'user' });
    expect(typeof own.sentAt).toBe('number');
    expect(own.message.statePatch).toEqual([
      { op: 'replace', path: `/allUserData/${user.uuid}/songVotes`, value: {} },
    ]);
    raw.close();
  });

  it('PROTO-ERR-1: an unknown action, an unknown event or a bad frame answers an error with its code and keeps the connection', async () => {
    const raw = await RawSocket.open(s, user.token);
    raw.send({ event: 'action', params: { action: 'dance' }, messageId: 1 });
    expect(await raw.next((f) => f?.messageId === 1)).toEqual({
      error: 'Unknown action: dance',
      code: 'SOCKET_UNKNOWN_ACTION',
      context: 'response',
      messageId: 1,
    });
    raw.send('!raw:{not json');
    raw.send({ event: 'say', room: roomUuid, messageId: 2 });
    expect(await raw.next((f) => f?.messageId === 2)).toEqual({
      error: 'Unknown event: say',
      code: 'SOCKET_UNKNOWN_EVENT',
      context: 'response',
      messageId: 2,
    });
    raw.send({ event: 'action', messageId: 3 });
    expect(await raw.next((f) => f?.messageId === 3)).toMatchObject({
      error: 'Unknown action: undefined',
      code: 'SOCKET_UNKNOWN_ACTION',
    });
    raw.send({ event: 'action', params: { action: 'skipSong', roomUuid }, messageId: 5 });
    expect(await raw.next((f) => f?.messageId === 5)).toMatchObject({
      error: 'Join the room first',
      code: 'ROOM_NOT_JOINED',
    });
    raw.send({ event: 'action', params: { action: 'voteOnSong', roomUuid }, messageId: 6 });
    expect(await raw.next((f) => f?.messageId === 6)).toMatchObject({
      error: expect.stringMatching(/^Invalid params: songVotes: /),
      code: 'SOCKET_INVALID_PARAMS',
    });
    raw.send({ event: 'detailsView', messageId: 4 });
    expect((await raw.next((f) => f?.messageId === 4)).data.id).toEqual(expect.any(String));
    expect(raw.closed).toBe(false);
    raw.close();
  });

  it('an action before joinRoom, or for another room, answers Join the room first', async () => {
    const c = new RoomClient(s, user.token, user.uuid);
    await (c.client as any).connect(user.token);
    (c.client as any).roomUuid = roomUuid;
    expect(await c.actionError('addDj')).toBe('Join the room first');
    c.disconnect();
  });

  it('invalid params answer the first failing field', async () => {
    const c = await RoomClient.join(s, user, roomUuid);
    expect(await c.actionError('addDj', { song: { ...song('x'), duration: -1 } })).toMatch(
      /^Invalid params: song\.duration: /,
    );
    expect(await c.actionError('voteOnSong', { songVotes: {} })).toBe(
      'Invalid params: songVotes: songVotes needs like or star',
    );
    expect(await c.actionError('playOneTimeAnimation', { animation: 'wave' })).toMatch(
      /^Invalid params: animation: /,
    );
    c.disconnect();
  });

  it('SEC-INPUT-1: control characters in any param are refused before the action runs', async () => {
    const c = await RoomClient.join(s, user, roomUuid);
    expect(await c.actionError('addDj', { song: { ...song('x'), trackName: 'a\u0000b' } })).toBe(
      'Invalid params: params.song.trackName: must not contain control characters',
    );
    expect(c.state.djs).toEqual([]);
    c.disconnect();
  });

  it('a bad token: the first frame answers the token error, then the server closes for good', async () => {
    const client = new SocketClient(s.url);
    let disconnected = false;
    client.on('disconnected', () => (disconnected = true));
    await expect(client.joinRoom('not-a-token', { roomUuid })).rejects.toBe(
      'Invalid or expired token',
    );
    const deadline = Date.now() + 10_000;
    while (!disconnected && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(client.state).toBe('disconnected');
    client.disconnect();
  });

  it('answers primus::id:: with the connection id, and detailsView with the rooms joined', async () => {
    const raw = await RawSocket.open(s, user.token);
    raw.send('primus::id::');
    const id = await raw.next((f) => typeof f === 'string' && f.startsWith('primus::id::'));
    const c = await RoomClient.join(s, user, roomUuid);
    const details = (await (c.client as any).detailsView()) as any;
    expect(details).toMatchObject({ context: 'response', data: { rooms: [roomUuid] } });
    expect(details.data.id).toEqual(details.data.fingerprint);
    expect(id.length).toBeGreaterThan('primus::id::'.length);
    c.disconnect();
    raw.close();
  });

  it('drops a connection that stopped answering the heartbeat', async () => {
    const options = s.app.realtime!.options;
    const saved = options.idleTimeoutMs;
    options.idleTimeoutMs = 300;
    try {
      const raw = await RawSocket.open(s, user.token);
      await raw.waitClosed();
    } finally {
      options.idleTimeoutMs = saved;
    }
  });

  it('GATEWAY-7: a step of the wall clock drops no connection (silence is timed on the monotonic clock)', async () => {
    const options = s.app.realtime!.options;
    const saved = options.idleTimeoutMs;
    options.idleTimeoutMs = 30_000;
    const raw = await RawSocket.open(s, user.token);
    const jumped = Date.now() + 10 * 60_000;
    vi.useFakeTimers({ toFake: ['Date'], now: jumped });
    try {
      // The heartbeat after the step pings this socket (it would have closed it instead).
      await raw.next((f) => f === `primus::ping::${jumped}`);
      raw.send({ event: 'detailsView', messageId: 7 });
      expect(await raw.next((f) => f?.messageId === 7)).toMatchObject({ context: 'response' });
      expect(raw.closed).toBe(false);
    } finally {
      vi.useRealTimers();
      options.idleTimeoutMs = saved;
      raw.close();
    }
  });

  it('roomLeave leaves the room at once', async () => {
    const other = await s.createUser();
    const watcher = await RoomClient.join(s, user, roomUuid);
    const raw = await RawSocket.open(s, other.token);
    raw.send({ event: 'action', params: { action: 'joinRoom', roomUuid }, messageId: 1 });
    await raw.next((f) => f?.messageId === 1);
    await watcher.waitFor('userJoined', (m) => JSON.stringify(m.statePatch).includes(other.uuid));
    raw.send({ event: 'roomLeave', room: roomUuid, messageId: 2 });
    expect(await raw.next((f) => f?.messageId === 2)).toMatchObject({ context: 'response' });
    await watcher.waitFor('userLeft');
    expect(watcher.state.allUsers.map((u) => u.uuid)).not.toContain(other.uuid);
    raw.close();
    watcher.disconnect();
  });
});
