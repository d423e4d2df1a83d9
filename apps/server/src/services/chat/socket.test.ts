import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import {
  authEndpoints,
  chatTokenEndpoints,
  friendEndpoints,
  roomRoleEndpoints,
} from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createRoom } from '../room/testing';
import { ChatClient } from './socket.testing';
import { botText, chatUser, roomWithChat, v3, type User } from './testing';

/**
 * The chat on the one socket (/primus, GATEWAY-1): live delivery, catch-up after a reconnect,
 * rights and limits. gateway.test.ts has the room protocol and the chat side by side.
 */

let s: TestServer;
let ann: User;
let bob: User;
let room: string;
const clients: ChatClient[] = [];

const connect = async (token: string) => {
  const c = await ChatClient.ready(s.url, token);
  clients.push(c);
  return c;
};
const post = (u: User, text: string, to = room, type: 'group' | 'user' = 'group') =>
  v3(s, 'POST', '/messages', { token: u.chat, body: botText(to, text, {}, type) });

beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100' });
  ann = await chatUser(s, { nickname: 'Ann' });
  bob = await chatUser(s, { nickname: 'Bob' });
  room = (await roomWithChat(s, ann, [bob])).uuid;
});
afterAll(async () => {
  for (const c of clients) c.close();
  await s?.close();
});

describe('CHAT-LIVE-1: delivery', () => {
  it('CHAT-LIVE-1: two users in a room: a message sent on the socket reaches both, one sent over REST too', async () => {
    const a = await connect(ann.chat);
    const b = await connect(bob.chat);
    expect((await a.subscribe(room)).type).toBe('subscribed');
    expect((await b.subscribe(room)).type).toBe('subscribed');
    a.send({ type: 'send', requestId: 'r1', body: botText(room, 'live hello') });
    const sent = await a.next((f) => f.type === 'sent' && f.requestId === 'r1');
    expect(sent.message.data.text).toBe('live hello');
    const atB = await b.next((f) => f.type === 'message' && f.message.id === sent.message.id);
    expect(atB.message.data.metadata.chatMessage.userName).toBe('Ann');
    await a.next((f) => f.type === 'message' && f.message.id === sent.message.id);

    const rest = await post(bob, 'over rest');
    await a.next((f) => f.type === 'message' && f.message.id === rest.body.data.id);
  });

  it('CHAT-LIVE-1: direct messages reach both people on every socket, without subscribing', async () => {
    const a1 = await connect(ann.chat);
    const a2 = await connect(ann.chat);
    const b = await connect(bob.chat);
    const dm = await post(ann, 'psst', bob.uuid, 'user');
    for (const c of [a1, a2, b]) {
      await c.next((f) => f.type === 'message' && f.message.id === dm.body.data.id);
    }
  });

  it('CHAT-LIVE-1: edits, deletes and reactions are delivered too', async () => {
    const b = await connect(bob.chat);
    await b.subscribe(room);
    const m = await post(ann, 'draft');
    await b.next((f) => f.type === 'message' && f.message.id === m.body.data.id);
    await v3(s, 'PUT', `/messages/${m.body.data.id}`, {
      token: ann.chat,
      body: { data: { text: 'final' } },
    });
    const edited = await b.next((f) => f.type === 'edited' && f.message.id === m.body.data.id);
    expect(edited.message.data.text).toBe('final');
    await v3(s, 'POST', `/messages/${m.body.data.id}/reactions/wave`, { token: ann.chat });
    const reaction = await b.next((f) => f.type === 'reaction' && f.messageId === m.body.data.id);
    expect(reaction).toMatchObject({
      action: 'added',
      reaction: 'wave',
      uid: ann.uuid,
      conversationId: `group_${room}`,
    });
    await v3(s, 'DELETE', `/messages/${m.body.data.id}`, { token: ann.chat });
    const deleted = await b.next((f) => f.type === 'deleted' && f.message.id === m.body.data.id);
    expect(deleted.message.deletedAt).toBeGreaterThan(0);
  });

  it('CHAT-BLOCK-1: a blocker’s sockets do not get what the blocked user writes', async () => {
    const blocker = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: blocker.chat });
    const social = s.app.platform.ports.social;
    s.app.platform.ports.social = {
      isBlocked: async (x, y) => x === blocker.uuid && y === bob.uuid,
      blockedUuids: async (x) => (x === blocker.uuid ? [bob.uuid] : []),
      blockersAmong: async () => [],
    };
    try {
      const c = await connect(blocker.chat);
      await c.subscribe(room);
      const hidden = await post(bob, 'you cannot see me');
      const shown = await post(ann, 'but me');
      await c.next((f) => f.type === 'message' && f.message.id === shown.body.data.id);
      expect(c.take('message').map((f) => f.message.id)).not.toContain(hidden.body.data.id);
    } finally {
      s.app.platform.ports.social = social;
    }
  });
});

describe('SOC-BLOCK-3: a block applies to open sockets', () => {
  /**
   * Bob writes, then Ann writes a marker; answers whether the reader got Bob's message by the time
   * the marker arrived (messages of one room reach a socket in order).
   */
  const round = async (c: ChatClient, i: number) => {
    const probe = await post(bob, `probe ${i}`);
    const marker = await post(ann, `marker ${i}`);
    await c.next((f) => f.type === 'message' && f.message.id === marker.body.data.id);
    return c.take('message').some((f) => f.message.id === probe.body.data.id);
  };

  it('SOC-BLOCK-3: blocking and unblocking over REST changes what an open socket gets, without reconnecting', async () => {
    const blocker = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: blocker.chat });
    const c = await connect(blocker.chat);
    await c.subscribe(room);
    let i = 0;
    expect(await round(c, i++)).toBe(true);
    await s.as(blocker.token).call(friendEndpoints.block, { body: { blockedUserUuid: bob.uuid } });
    // The change reaches the socket over the bus: wait until a probe is hidden, then it stays so.
    await expect.poll(() => round(c, i++), { timeout: 15_000 }).toBe(false);
    expect(await round(c, i++)).toBe(false);
    await s.as(blocker.token).call(friendEndpoints.unblock, { params: { id: bob.uuid } });
    await expect.poll(() => round(c, i++), { timeout: 15_000 }).toBe(true);
    expect(await round(c, i++)).toBe(true);
  });
});

describe('CHAT-LIVE-3: a reconnect in the middle loses nothing', () => {
  it('CHAT-LIVE-3: after reconnecting, REST history from the last id plus the live feed hold every message once', async () => {
    const writer = await connect(ann.chat);
    let reader = await connect(bob.chat);
    await writer.subscribe(room);
    await reader.subscribe(room);
    const seen: string[] = [];
    const expected: string[] = [];
    const say = async (text: string) => {
      writer.send({ type: 'send', requestId: text, body: botText(room, text) });
      const sent = await writer.next((f) => f.type === 'sent' && f.requestId === text);
      expected.push(sent.message.id);
      return sent.message.id as string;
    };
    for (const t of ['r1', 'r2']) {
      const id = await say(t);
      seen.push((await reader.next((f) => f.type === 'message' && f.message.id === id)).message.id);
    }
    reader.close();
    await reader.whenClosed();
    for (const t of ['r3', 'r4', 'r5']) await say(t);

    reader = await connect(bob.chat);
    await reader.subscribe(room);
    // Written after the new subscription, before the catch-up: must come live.
    const racing = await say('r6');
    const history = await v3(s, 'GET', `/groups/${room}/messages`, {
      token: bob.chat,
      query: { id: seen[seen.length - 1], affix: 'append', per_page: 100 },
    });
    for (const m of history.body.data) if (!seen.includes(m.id)) seen.push(m.id);
    const live = await reader.next((f) => f.type === 'message' && f.message.id === racing);
    if (!seen.includes(live.message.id)) seen.push(live.message.id);
    const after = await say('r7');
    seen.push(
      (await reader.next((f) => f.type === 'message' && f.message.id === after)).message.id,
    );
    expect([...seen].sort((x, y) => Number(x) - Number(y))).toEqual(expected);
  });
});

describe('CHAT-LIVE-2: rights and limits on the socket', () => {
  it('CHAT-GUEST-1: a ghost socket receives a room but cannot send', async () => {
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    const ghost = await s.as(guest).call(chatTokenEndpoints.ghostToken, {});
    const c = await ChatClient.open(s.url, ghost.authToken);
    clients.push(c);
    expect(await c.next((f) => f.type === 'ready')).toMatchObject({ readOnly: true });
    await c.subscribe(room);
    const m = await post(ann, 'for everyone');
    await c.next((f) => f.type === 'message' && f.message.id === m.body.data.id);
    c.send({ type: 'send', requestId: 'g1', body: botText(room, 'guest here') });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({
      code: 'CHAT_READ_ONLY',
      requestId: 'g1',
    });
    // A session token works on the socket as well (a guest's is read only).
    const viaSession = await ChatClient.open(s.url, guest);
    clients.push(viaSession);
    expect(await viaSession.next((f) => f.type === 'ready')).toMatchObject({ readOnly: true });
  });

  it('CHAT-LIVE-2, GATEWAY-3: a bad token gets an error frame and the socket closes for good', async () => {
    const c = await ChatClient.open(s.url, 'ttc_wrong');
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'CHAT_TOKEN_INVALID' });
    await c.whenClosed();
    expect(c.others).toContain('primus::server::close');
    const session = await ChatClient.open(s.url, 'not-a-session');
    expect(await session.next((f) => f.type === 'error')).toMatchObject({ code: 'TOKEN_INVALID' });
    await session.whenClosed();
  });

  it('CHAT-LIVE-2: subscribing needs the room’s reading rights; bad frames are answered, not fatal', async () => {
    const c = await connect(bob.chat);
    const quiet = await createRoom(s, ann.token, { hasChat: false });
    expect(await c.subscribe(quiet.uuid)).toMatchObject({ type: 'error', code: 'CHAT_OFF' });
    expect(await c.subscribe('0e0a6f3c-1111-4222-8333-944445555666')).toMatchObject({
      code: 'ROOM_NOT_FOUND',
    });
    c.send('not a frame');
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_REQUEST' });
    c.send({ type: 'nope' });
    expect(await c.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_REQUEST' });
    c.send({ type: 'send', requestId: 'x', body: { receiverType: 'group' } });
    expect(await c.next((f) => f.type === 'error' && f.requestId === 'x')).toMatchObject({
      code: 'VALIDATION',
    });
    c.send({ type: 'ping' });
    await c.next((f) => f.type === 'pong');
  });

  it('SEC-INPUT-1: a message sent on the socket with a control character is refused, naming the field', async () => {
    const c = await connect(ann.chat);
    c.send({ type: 'send', requestId: 'nul', body: botText(room, 'a\u0000b') });
    expect(await c.next((f) => f.type === 'error' && f.requestId === 'nul')).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^body\.data\.\S+: must not contain control characters$/),
    });
  });

  it('CHAT-BAN-1: a ban ends a socket’s subscription to the room', async () => {
    const bad = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: bad.chat });
    const c = await connect(bad.chat);
    await c.subscribe(room);
    await s.as(ann.token).call(roomRoleEndpoints.create, {
      params: { roomId: room },
      body: { userUuid: bad.uuid, role: 'banned' },
    });
    expect(await c.next((f) => f.type === 'unsubscribed')).toMatchObject({ guid: room });
    const after = await post(ann, 'not for the banned');
    const witness = await connect(ann.chat);
    await witness.subscribe(room);
    const marker = await post(ann, 'marker');
    await witness.next((f) => f.type === 'message' && f.message.id === marker.body.data.id);
    expect(c.take('message').map((f) => f.message.id)).not.toContain(after.body.data.id);
  });

  it('CHAT-FLOOD-2, GATEWAY-4: frames beyond a connection’s burst are refused at once', async () => {
    const c = await connect(bob.chat);
    for (let i = 0; i < 30; i++) c.send({ type: 'ping' });
    c.send({ type: 'send', requestId: 'late', body: botText(room, 'too fast') });
    await c.next((f) => f.type === 'error' && f.code === 'CHAT_RATE_LIMITED');
    // A refused send is answered with its requestId.
    await c.next(
      (f) => f.type === 'error' && f.code === 'CHAT_RATE_LIMITED' && f.requestId === 'late',
    );
    const pongs = c.take('pong').length;
    expect(pongs).toBeLessThan(30);
  });

  it('CHAT-LIVE-2, GATEWAY-1: the chat socket’s old path is gone; other paths are refused', async () => {
    for (const path of ['/api/chat-service/socket', '/nowhere']) {
      const other = new WebSocket(`${s.url.replace('http', 'ws')}${path}?token=${ann.chat}`);
      await new Promise<void>((resolve) => {
        other.once('error', () => resolve());
        other.once('close', () => resolve());
      });
      expect(other.readyState).not.toBe(WebSocket.OPEN);
    }
  });
});
