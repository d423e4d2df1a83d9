import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { friendEndpoints, roomEndpoints, roomRoleEndpoints } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botText, chatUser, expectComet, roomWithChat, v3, type User } from './testing';

/** The send path at crowd scale keeps every rule immediate (docs/CHAT-RULES.md). */

let s: TestServer;
let owner: User;
let fan: User;
let room: string;

const send = (u: { chat: string }, text: string, extra: Record<string, unknown> = {}) =>
  v3(s, 'POST', '/messages', { token: u.chat, body: botText(room, text, extra) });
const role = (userUuid: string, r: 'chatDisabled' | 'banned', add: boolean) =>
  s.as(owner.token).call(add ? roomRoleEndpoints.create : roomRoleEndpoints.remove, {
    params: { roomId: room },
    body: { userUuid, role: r },
  } as never);

beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100' });
  owner = await chatUser(s, { nickname: 'Owner' });
  fan = await chatUser(s, { nickname: 'Fan' });
  room = (await roomWithChat(s, owner, [fan])).uuid;
});
afterAll(() => s?.close());

describe('CHAT-SEND-2: rights held in memory still apply to the very next message', () => {
  it('a mute, hasChat false and a ban refuse the next message; lifting them lets the next one through', async () => {
    // The room's rights are now in this process's memory.
    expect((await send(fan, 'one')).status).toBe(200);
    await role(fan.uuid, 'chatDisabled', true);
    expectComet(await send(fan, 'two'), 403, 'ERR_GROUP_MEMBER_MUTED', 'CHAT_MUTED');
    await role(fan.uuid, 'chatDisabled', false);
    expect((await send(fan, 'three')).status).toBe(200);

    const settings = (hasChat: boolean) =>
      s.as(owner.token).call(roomEndpoints.update, { params: { id: room }, body: { hasChat } });
    await settings(false);
    expectComet(await send(fan, 'four'), 403, 'ERR_GROUP_CHAT_DISABLED', 'CHAT_OFF');
    await settings(true);
    expect((await send(fan, 'five')).status).toBe(200);

    await role(fan.uuid, 'banned', true);
    expectComet(await send(fan, 'six'), 403, 'ERR_GROUP_JOIN_NOT_ALLOWED', 'ROOM_BANNED');
  });

  it('CHAT-BLOCK-1: a block refuses the very next direct message', async () => {
    const a = await chatUser(s);
    const b = await chatUser(s);
    const dm = (text: string) =>
      v3(s, 'POST', '/messages', { token: a.chat, body: botText(b.uuid, text, {}, 'user') });
    expect((await dm('hello')).status).toBe(200);
    await s.as(b.token).call(friendEndpoints.block, { body: { blockedUserUuid: a.uuid } });
    expectComet(await dm('again'), 403, 'ERR_BLOCKED_BY_USER', 'CHAT_BLOCKED');
  });
});

describe('CHAT-SEND-3: sends stored together', () => {
  it('answers each of many concurrent sends with its own stored message, ids in the order stored', async () => {
    const others = await Promise.all([chatUser(s), chatUser(s), chatUser(s)]);
    const crowd = (await roomWithChat(s, owner, others)).uuid;
    const texts = Array.from({ length: 30 }, (_, i) => `crowd ${i}`);
    const answers = await Promise.all(
      texts.map((t, i) =>
        v3(s, 'POST', '/messages', { token: others[i % 3].chat, body: botText(crowd, t) }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(texts.map(() => 200));
    expect(answers.map((a) => a.body.data.data.text)).toEqual(texts);
    const ids = answers.map((a) => a.body.data.id);
    expect(new Set(ids).size).toBe(texts.length);
    const page = await v3(s, 'GET', `/groups/${crowd}/messages`, {
      token: owner.chat,
      query: { per_page: 100 },
    });
    const stored = page.body.data.map((m: { id: string }) => m.id);
    expect([...stored].sort()).toEqual([...ids].sort());
    expect(stored.map(Number)).toEqual([...stored.map(Number)].sort((x, y) => x - y));
  });

  it('CHAT-IDEMP-1: the same client id sent twice at once is stored once and both answers name it', async () => {
    const muid = crypto.randomUUID();
    const body = { ...botText(room, 'twice'), muid };
    const [a, b] = await Promise.all([
      v3(s, 'POST', '/messages', { token: owner.chat, body }),
      v3(s, 'POST', '/messages', { token: owner.chat, body }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.id).toBe(b.body.data.id);
  });
});
