import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEndpoints } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botText, chatUser, roomWithChat, v3, type User } from './testing';

/** CHAT-ANALYTICS-1: chat messages and reactions reach the audit service's analytics topics. */

let s: TestServer;
let u: User;
let other: User;
let admin: string;
let room: string;

beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100' });
  u = await chatUser(s);
  other = await chatUser(s);
  admin = (await s.createUser({ roles: ['user', 'admin'] })).token;
  room = (await roomWithChat(s, u)).uuid;
});
afterAll(() => s?.close());

const events = (topic: 'chatMessage' | 'chatMessageReaction', userUuid: string) =>
  s.as(admin).call(analyticsEndpoints.list, { query: { topic, userUuid } });

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
  for (let i = 0; i < 600; i++) {
    const v = await read();
    if (ok(v)) return v;
    await new Promise((r) => setTimeout(r, 50));
  }
  return read();
}

describe('chat analytics', () => {
  it('CHAT-ANALYTICS-1: a sent message is a chatMessage event with its shape and no words', async () => {
    const sent = await v3(s, 'POST', '/messages', {
      token: u.chat,
      body: botText(room, 'the secret words', {
        mentions: [{ userNickname: 'x', start: 0, userUuid: other.uuid }],
      }),
    });
    expect(sent.status).toBe(200);
    const res = await until(
      () => events('chatMessage', u.uuid),
      (r) => r.total >= 1,
    );
    expect(res.total).toBe(1);
    const [e] = res.events;
    expect(e.userUuid).toBe(u.uuid);
    expect(e.payload).toMatchObject({
      messageId: sent.body.data.id,
      roomUuid: room,
      type: 'text',
      mentions: 1,
      length: 'the secret words'.length,
    });
    expect(JSON.stringify(e.payload)).not.toContain('secret');
    // CHAT-SEND-3: the id and the time come from the stored row.
    expect(Math.floor(Date.parse(e.occurredAt) / 1000)).toBe(sent.body.data.sentAt);
  });

  it('CHAT-SEND-3: sends stored together each make one event naming their own message', async () => {
    const sends = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        v3(s, 'POST', '/messages', { token: u.chat, body: botText(room, `together ${i}`) }),
      ),
    );
    expect(sends.map((r) => r.status)).toEqual(sends.map(() => 200));
    const ids = sends.map((r) => r.body.data.id as string);
    const res = await until(
      () => events('chatMessage', u.uuid),
      (r) => r.total >= 13, // with the first test's message
    );
    expect(res.total).toBe(13);
    const named = res.events
      .map((e) => String(e.payload.messageId))
      .filter((id) => ids.includes(id));
    expect(named.sort()).toEqual([...ids].sort());
  });

  it('CHAT-ANALYTICS-1: adding and removing a reaction are two chatMessageReaction events', async () => {
    const sent = await v3(s, 'POST', '/messages', {
      token: u.chat,
      body: botText(room, 'react to me'),
    });
    const id = sent.body.data.id as string;
    await v3(s, 'POST', `/groups/${room}/members`, { token: other.chat });
    expect(
      (await v3(s, 'POST', `/messages/${id}/reactions/🔥`, { token: other.chat })).status,
    ).toBe(200);
    // Adding it again changes nothing (CHAT-REACT-1) and is no event.
    await v3(s, 'POST', `/messages/${id}/reactions/🔥`, { token: other.chat });
    await v3(s, 'DELETE', `/messages/${id}/reactions/🔥`, { token: other.chat });
    const res = await until(
      () => events('chatMessageReaction', other.uuid),
      (r) => r.total >= 2,
    );
    expect(res.events.map((e) => e.payload.action).sort()).toEqual(['added', 'removed']);
    expect(res.events.every((e) => e.payload.messageId === id && e.payload.reaction === '🔥')).toBe(
      true,
    );
    expect(res.total).toBe(2);
  });
});
