import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderationEndpoints, roomEndpoints } from '@tt/protocol';
import type { TestServer } from '../../test/harness';
import { ChatClient } from '../services/chat/socket.testing';
import { botText, chatUser, roomWithChat, v3, type User } from '../services/chat/testing';
import {
  eventually,
  giveRole,
  RawSocket,
  RELAXED_RATE_LIMITS,
  RoomClient,
  song,
  startRealtimeServer,
  takeRole,
} from './test-kit';

/**
 * GATEWAY-1..7 (docs/PROTOCOL.md): one socket at /primus carries the room protocol and, for a
 * connection that opens it, the chat and the notifications; an unmodified ttfm-socket client never
 * opens it and sees nothing of it.
 */

let s: TestServer;
const sockets: { close(): void }[] = [];
const track = <T extends { close(): void }>(c: T): T => {
  sockets.push(c);
  return c;
};
const gateway = async (token: string) => track(await ChatClient.ready(s.url, token));
let messageId = 100;

/** joinRoom on a gateway socket (the room protocol, beside the chat); answers the response. */
async function joinOn(c: ChatClient, roomUuid: string): Promise<any> {
  const id = ++messageId;
  c.sendRoom({ event: 'action', params: { action: 'joinRoom', roomUuid }, messageId: id });
  return c.nextOther((f) => f?.context === 'response' && f.messageId === id);
}

const post = (from: User, to: string, text: string, type: 'group' | 'user' = 'group') =>
  v3(s, 'POST', '/messages', { token: from.chat, body: botText(to, text, {}, type) });

beforeAll(async () => {
  s = await startRealtimeServer({ env: { CHAT_RATE_LIMIT: '1000/100' } });
});
afterAll(async () => {
  for (const c of sockets) c.close();
  await s?.close();
});

describe('GATEWAY-1, GATEWAY-2: one socket for the room and the chat', () => {
  it('GATEWAY-2: a gateway socket joins a room and gets the room’s chat, a direct message and a notification; an SDK client in the room gets no chat frame and works as before', async () => {
    const ann = await chatUser(s, { nickname: 'Ann' });
    const bob = await chatUser(s, { nickname: 'Bob' });
    const room = (await roomWithChat(s, ann, [bob])).uuid;

    const gw = await gateway(bob.token);
    const joined = await joinOn(gw, room);
    expect(joined.error).toBeUndefined();
    expect(joined.roomUuid).toBe(room);
    expect(await gw.subscribe(room)).toMatchObject({ type: 'subscribed', guid: room });
    // Bob's second socket, as the SDK opens it: it never opens the chat.
    const sdkLike = track(await RawSocket.open(s, bob.token));
    sdkLike.send({ event: 'action', params: { action: 'joinRoom', roomUuid: room }, messageId: 1 });
    await sdkLike.next((f) => f?.messageId === 1 && !f.error);
    // Ann with the real SDK.
    const sdk = await RoomClient.join(s, ann, room);
    track({ close: () => sdk.disconnect() });
    await gw.nextOther((f) => f?.message?.name === 'userJoined' && f.room === room);

    const inRoom = await post(ann, room, 'hello room');
    await gw.next((f) => f.type === 'message' && f.message.id === inRoom.body.data.id);
    const dm = await post(ann, bob.uuid, 'hello bob', 'user');
    await gw.next((f) => f.type === 'message' && f.message.id === dm.body.data.id);
    const note = await gw.next((f) => f.type === 'notification');
    expect(note.notification).toMatchObject({ kind: 'directMessage', actorUuid: ann.uuid });

    // The room goes on for everyone: Ann's SDK action reaches both of Bob's sockets.
    await sdk.action('addDj', { song: song('Gateway', 300) });
    await gw.nextOther((f) => f?.message?.name === 'addedDj');
    await sdkLike.next((f) => f?.message?.name === 'addedDj');
    expect(sdk.patchErrors).toEqual([]);
    expect(sdk.received.map((r) => r.name)).toContain('addedDj');
    // Nothing of the chat ever reached the sockets that did not open it.
    expect(sdkLike.frames.filter((f: any) => f?.context === 'chat')).toEqual([]);
    expect(sdk.received.filter((r) => !r.name)).toEqual([]);
  });

  it('GATEWAY-2: chat frames before `open` are refused; a second `open` is answered `ready` again', async () => {
    const bob = await chatUser(s);
    const raw = track(await RawSocket.open(s, bob.token));
    raw.send({ event: 'chat', params: { type: 'ping' } });
    expect(await raw.next((f) => f?.context === 'chat' && f.frame.type === 'error')).toMatchObject({
      frame: { code: 'BAD_REQUEST' },
    });
    raw.send({ event: 'chat', params: { type: 'open' } });
    raw.send({ event: 'chat', params: { type: 'open' } });
    await eventually(() =>
      expect(raw.frames.filter((x: any) => x?.frame?.type === 'ready')).toHaveLength(2),
    );
    raw.send({ event: 'chat', params: { type: 'ping' } });
    await raw.next((f) => f?.context === 'chat' && f.frame.type === 'pong');
  });

  it('GATEWAY-2: frames sent right after `open`, without waiting for `ready`, wait for the opening', async () => {
    const ann = await chatUser(s);
    const room = (await roomWithChat(s, ann)).uuid;
    const raw = track(await RawSocket.open(s, ann.token));
    raw.send({ event: 'chat', params: { type: 'open' } });
    raw.send({ event: 'chat', params: { type: 'subscribe', guid: room } });
    await raw.next((f) => f?.context === 'chat' && f.frame.type === 'subscribed');
    const chat = raw.frames.filter((f: any) => f?.context === 'chat').map((f: any) => f.frame.type);
    expect(chat).toEqual(['ready', 'subscribed']);
  });
});

describe('GATEWAY-3: one authentication', () => {
  it('GATEWAY-3: a chat token on /primus carries the chat only: room frames get a coded refusal and the socket stays open', async () => {
    const ann = await chatUser(s);
    const bob = await chatUser(s);
    const room = (await roomWithChat(s, ann, [bob])).uuid;
    const gw = await gateway(bob.chat);
    const refused = await joinOn(gw, room);
    expect(refused).toMatchObject({ code: 'TOKEN_INVALID' });
    expect(refused.error).toMatch(/chat token/);
    expect(await gw.subscribe(room)).toMatchObject({ type: 'subscribed' });
    const m = await post(ann, room, 'for the chat-only socket');
    await gw.next((f) => f.type === 'message' && f.message.id === m.body.data.id);
    expect(gw.closed).toBeNull();
    expect(gw.others).not.toContain('primus::server::close');
  });
});

describe('GATEWAY-5: kicks and rights', () => {
  it('GATEWAY-5: a kick from a room ends a chat-opened socket’s membership, not the socket; the SDK socket of the same user closes as before', async () => {
    const ann = await chatUser(s);
    const bob = await chatUser(s);
    const room = (await roomWithChat(s, ann, [bob])).uuid;
    const gw = await gateway(bob.token);
    expect((await joinOn(gw, room)).error).toBeUndefined();
    const sdk = await RoomClient.join(s, bob, room);
    track({ close: () => sdk.disconnect() });

    await giveRole(s, ann.token, room, bob.uuid, 'kicked');
    await gw.nextOther((f) => f?.message?.name === 'kickedFromRoom' && f.room === room);
    await sdk.waitFor('kickedFromRoom');
    await sdk.waitClosed();
    // The gateway socket is still open: its chat and notifications go on; the room is left.
    gw.send({ type: 'ping' });
    await gw.next((f) => f.type === 'pong');
    const dm = await post(ann, bob.uuid, 'still there?', 'user');
    await gw.next((f) => f.type === 'message' && f.message.id === dm.body.data.id);
    const id = ++messageId;
    gw.sendRoom({
      event: 'action',
      params: { action: 'getRoomUsers', roomUuid: room },
      messageId: id,
    });
    expect(await gw.nextOther((f) => f?.messageId === id)).toMatchObject({
      code: 'ROOM_NOT_JOINED',
    });
    expect(gw.closed).toBeNull();
    expect(gw.others).not.toContain('primus::server::close');
  });

  it('GATEWAY-5, CHAT-TOKEN-3: when the account’s sessions end, its chat-opened socket is told and closed for good, as is its chat-token socket', async () => {
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    const ann = await chatUser(s);
    const bob = await chatUser(s);
    const room = (await roomWithChat(s, ann, [bob])).uuid;
    const gw = await gateway(bob.token);
    expect((await joinOn(gw, room)).error).toBeUndefined();
    const chatOnly = await gateway(bob.chat);
    await s.as(moderator.token).call(moderationEndpoints.kick, {
      body: { userUuid: bob.uuid, reason: 'Spam' },
    });
    expect(
      await gw.nextOther((f) => f?.message?.name === 'kickedFromRoom' && f.room === room),
    ).toMatchObject({ message: { params: { reason: 'Spam' } } });
    await gw.whenClosed();
    expect(gw.others).toContain('primus::server::close');
    expect(await chatOnly.next((f) => f.type === 'error')).toMatchObject({
      code: 'SESSION_REVOKED',
    });
    await chatOnly.whenClosed();
  });

  it('CHAT-SEND-2, GATEWAY-2: a mute, hasChat:false and a ban apply to the very next message sent on the gateway', async () => {
    const ann = await chatUser(s);
    const bob = await chatUser(s);
    const room = (await roomWithChat(s, ann, [bob])).uuid;
    const gw = await gateway(bob.token);
    let n = 0;
    const send = async () => {
      const requestId = `m${++n}`;
      gw.send({ type: 'send', requestId, body: botText(room, requestId) });
      return gw.next((f) => f.requestId === requestId);
    };
    expect(await send()).toMatchObject({ type: 'sent' });
    await giveRole(s, ann.token, room, bob.uuid, 'chatDisabled');
    expect(await send()).toMatchObject({ type: 'error', code: 'CHAT_MUTED' });
    await takeRole(s, ann.token, room, bob.uuid, 'chatDisabled');
    expect(await send()).toMatchObject({ type: 'sent' });
    await s.as(ann.token).call(roomEndpoints.update, {
      params: { id: room },
      body: { hasChat: false },
    });
    expect(await send()).toMatchObject({ type: 'error', code: 'CHAT_OFF' });
    await s.as(ann.token).call(roomEndpoints.update, {
      params: { id: room },
      body: { hasChat: true },
    });
    expect(await send()).toMatchObject({ type: 'sent' });
    await giveRole(s, ann.token, room, bob.uuid, 'banned');
    expect(await send()).toMatchObject({ type: 'error', code: 'ROOM_BANNED' });
  });
});

describe('GATEWAY-4, GATEWAY-6: one flood table, one set of caps', () => {
  let tight: TestServer;
  beforeAll(async () => {
    tight = await startRealtimeServer({
      realtime: {
        rateLimits: { ...RELAXED_RATE_LIMITS, chat: { burst: 3, perSecond: 0.01 } },
        floodMaxRefusals: 5,
        maxSocketsPerUser: 2,
      },
    });
  });
  afterAll(async () => {
    await tight?.close();
  });

  it('GATEWAY-4: chat frames draw from the socket’s `chat` bucket; refusals are CHAT_RATE_LIMITED (a send’s with its requestId) and close a flooding socket', async () => {
    const bob = await chatUser(tight);
    const gw = track(await ChatClient.ready(tight.url, bob.token)); // `open` took one token
    gw.send({ type: 'ping' });
    gw.send({ type: 'ping' });
    gw.send({ type: 'send', requestId: 'r1', body: botText(bob.uuid, 'x', {}, 'user') });
    expect(await gw.next((f) => f.requestId === 'r1')).toMatchObject({
      type: 'error',
      code: 'CHAT_RATE_LIMITED',
    });
    // Room frames draw from their own buckets.
    gw.sendRoom({ event: 'detailsView', messageId: 9 });
    expect((await gw.nextOther((f) => f?.messageId === 9)).error).toBeUndefined();
    for (let i = 0; i < 5; i++) gw.send({ type: 'ping' });
    await gw.whenClosed();
    expect(gw.others).toContainEqual(expect.objectContaining({ code: 'SOCKET_FLOODING' }));
    expect(gw.take('pong')).toHaveLength(2);
  });

  it('GATEWAY-6: chat-token sockets count toward the user’s socket cap with session ones', async () => {
    const bob = await chatUser(tight);
    track(await ChatClient.ready(tight.url, bob.chat));
    track(await ChatClient.ready(tight.url, bob.token));
    const third = track(await ChatClient.open(tight.url, bob.chat));
    expect(await third.next((f) => f.type === 'error')).toMatchObject({
      code: 'SOCKET_USER_LIMIT',
    });
    await third.whenClosed();
  });
});
