import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authEndpoints, chatTokenEndpoints, roomEndpoints, roomRoleEndpoints } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { createRoom } from '../room/testing';
import { botText, chatUser, expectComet, roomWithChat, v3, type User } from './testing';

/** Who may read and write a room's chat (docs/CHAT-RULES.md). */

let s: TestServer;
let owner: User;
let fan: User;
let room: string;

const send = (u: { chat: string }, text: string, to = room, extra: Record<string, unknown> = {}) =>
  v3(s, 'POST', '/messages', { token: u.chat, body: botText(to, text, extra) });
const read = (token: string, to = room) => v3(s, 'GET', `/groups/${to}/messages`, { token });
const give = (
  uuid: string,
  role: 'chatDisabled' | 'banned' | 'moderator',
  expirationTime?: string,
) =>
  s.as(owner.token).call(roomRoleEndpoints.create, {
    params: { roomId: room },
    body: { userUuid: uuid, role, expirationTime },
  });

/** Waits for what a domain event does in the background (bounded). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
}

beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100', CHAT_MESSAGE_MAX_LENGTH: '20' });
  owner = await chatUser(s, { nickname: 'Owner' });
  fan = await chatUser(s, { nickname: 'Fan' });
  room = (await roomWithChat(s, owner, [fan])).uuid;
});
afterAll(() => s?.close());

describe('guests and joining', () => {
  it('CHAT-GUEST-1: a ghost token and a guest session read a room chat but never write', async () => {
    await send(owner, 'welcome');
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    const ghost = await s.as(guest).call(chatTokenEndpoints.ghostToken, {});
    expect(ghost.readOnly).toBe(true);
    expect((await read(ghost.authToken)).status).toBe(200);
    const bearer = await v3(s, 'GET', `/groups/${room}/messages`, { bearer: guest });
    expect(bearer.status).toBe(200);
    expectComet(
      await v3(s, 'POST', `/groups/${room}/members`, { token: ghost.authToken }),
      403,
      'AUTH_ERR_NO_ACCESS',
      'CHAT_READ_ONLY',
    );
    expectComet(
      await send({ chat: ghost.authToken }, 'hi'),
      403,
      'AUTH_ERR_NO_ACCESS',
      'CHAT_READ_ONLY',
    );
    expectComet(
      await v3(s, 'POST', '/messages', { bearer: guest, body: botText(room, 'hi') }),
      403,
      'AUTH_ERR_NO_ACCESS',
    );
    expectComet(
      await v3(s, 'GET', '/conversations', { token: ghost.authToken }),
      403,
      'AUTH_ERR_NO_ACCESS',
    );
  });

  it('CHAT-SEND-1: writing needs joining first; joining again changes nothing', async () => {
    const late = await chatUser(s);
    expectComet(await send(late, 'hello'), 403, 'ERR_GROUP_NOT_JOINED', 'CHAT_NOT_JOINED');
    const j1 = await v3(s, 'POST', `/groups/${room}/members`, { token: late.chat });
    const j2 = await v3(s, 'POST', `/groups/${room}/members`, {
      token: late.chat,
      body: { participants: [late.uuid] },
    });
    expect(j1.body.data.joinedAt).toBe(j2.body.data.joinedAt);
    expect(j2.body.data.scope).toBe('participant');
    expect((await send(late, 'hello')).status).toBe(200);
  });

  it('CHAT-JOIN-2: nobody adds anybody else', async () => {
    const other = await chatUser(s);
    expectComet(
      await v3(s, 'POST', `/groups/${room}/members`, {
        token: fan.chat,
        body: { participants: [other.uuid] },
      }),
      403,
      'AUTH_ERR_NO_ACCESS',
      'CHAT_MEMBERS_SELF_ONLY',
    );
  });

  it('CHAT-OFF-1: a room with hasChat false has no chat at all', async () => {
    const quiet = await createRoom(s, owner.token, { hasChat: false });
    expectComet(
      await v3(s, 'POST', `/groups/${quiet.uuid}/members`, { token: owner.chat }),
      403,
      'ERR_GROUP_CHAT_DISABLED',
      'CHAT_OFF',
    );
    expectComet(await read(owner.chat, quiet.uuid), 403, 'ERR_GROUP_CHAT_DISABLED');
    // Turned off later: members can no longer write.
    const later = await roomWithChat(s, owner, [fan]);
    await s
      .as(owner.token)
      .call(roomEndpoints.update, { params: { id: later.uuid }, body: { hasChat: false } });
    expectComet(await send(fan, 'still?', later.uuid), 403, 'ERR_GROUP_CHAT_DISABLED');
  });

  it('CHAT-READ-1: a password room’s chat is for those who passed its password', async () => {
    const locked = await createRoom(s, owner.token, { password: 'open sesame' });
    const visitor = await chatUser(s);
    expectComet(
      await read(visitor.chat, locked.uuid),
      403,
      'ERR_GROUP_JOIN_NOT_ALLOWED',
      'ROOM_PASSWORD_REQUIRED',
    );
    expectComet(
      await v3(s, 'POST', `/groups/${locked.uuid}/members`, { token: visitor.chat }),
      403,
      'ERR_GROUP_JOIN_NOT_ALLOWED',
    );
    expect((await read(owner.chat, locked.uuid)).status).toBe(200);
    await s.as(visitor.token).call(roomEndpoints.join, {
      params: { slug: locked.slug },
      body: { password: 'open sesame' },
    });
    expect((await read(visitor.chat, locked.uuid)).status).toBe(200);
    expect(
      (await v3(s, 'POST', `/groups/${locked.uuid}/members`, { token: visitor.chat })).status,
    ).toBe(200);
  });
});

describe('room roles', () => {
  it('CHAT-MUTE-1: chatDisabled stops sending until its expirationTime; removing it lifts it', async () => {
    const muted = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: muted.chat });
    await give(muted.uuid, 'chatDisabled', new Date(Date.now() + 3600_000).toISOString());
    expectComet(await send(muted, 'hey'), 403, 'ERR_GROUP_MEMBER_MUTED', 'CHAT_MUTED');
    expect((await read(muted.chat)).status).toBe(200);
    // The mute's time passes: judged at each send, also with the room's rights held in memory
    // (CHAT-SEND-2; ACCESS-ROLE-1). Only the clock moves (this server runs in this process).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600_000 });
    try {
      expect((await send(muted, 'back')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const unmute = () =>
      s.as(owner.token).call(roomRoleEndpoints.remove, {
        params: { roomId: room },
        body: { userUuid: muted.uuid, role: 'chatDisabled' },
      });
    await unmute();
    await give(muted.uuid, 'chatDisabled');
    expectComet(await send(muted, 'again'), 403, 'ERR_GROUP_MEMBER_MUTED');
    await unmute();
    expect((await send(muted, 'free')).status).toBe(200);
  });

  it('CHAT-BAN-1: a ban stops reading and writing and takes the member out of the chat', async () => {
    const bad = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: bad.chat });
    await give(bad.uuid, 'banned');
    expectComet(await send(bad, 'x'), 403, 'ERR_GROUP_JOIN_NOT_ALLOWED', 'ROOM_BANNED');
    expectComet(await read(bad.chat), 403, 'ERR_GROUP_JOIN_NOT_ALLOWED', 'ROOM_BANNED');
    expectComet(
      await v3(s, 'POST', `/groups/${room}/members`, { token: bad.chat }),
      403,
      'ERR_GROUP_JOIN_NOT_ALLOWED',
    );
    await eventually(async () => {
      const members = await v3(s, 'GET', `/groups/${room}/members`, {
        token: owner.chat,
        query: { per_page: 100 },
      });
      return !members.body.data.some((m: { uid: string }) => m.uid === bad.uuid);
    });
  });

  it('CHAT-BAN-1: a kick stops writing while it lasts', async () => {
    const kicked = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: kicked.chat });
    await s
      .as(owner.token)
      .call(roomRoleEndpoints.kick, { body: { roomUuid: room, userUuid: kicked.uuid } });
    expectComet(await send(kicked, 'x'), 403, 'ERR_GROUP_JOIN_NOT_ALLOWED', 'ROOM_KICKED');
  });

  it('CHAT-SYNC-1: scopes follow room roles (moderator, co-owner)', async () => {
    const mod = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: mod.chat });
    await give(mod.uuid, 'moderator');
    const scopeOf = async () =>
      (
        await v3(s, 'GET', `/groups/${room}/members`, {
          token: owner.chat,
          query: { per_page: 100 },
        })
      ).body.data.find((m: { uid: string }) => m.uid === mod.uuid)?.scope;
    await eventually(async () => (await scopeOf()) === 'moderator');
    expect(
      (await v3(s, 'GET', `/groups/${room}/members`, { token: owner.chat })).body.data[0],
    ).toMatchObject({
      uid: owner.uuid,
      scope: 'admin',
    });
  });
});

describe('message rules', () => {
  it('CHAT-LEN-1: texts up to CHAT_MESSAGE_MAX_LENGTH; longer ones are refused, not cut', async () => {
    expect((await send(fan, 'x'.repeat(20))).status).toBe(200);
    const long = expectComet(
      await send(fan, 'x'.repeat(21)),
      400,
      'ERR_BAD_REQUEST',
      'CHAT_TOO_LONG',
    );
    expect(long.message).toBe('A message is at most 20 characters.');
  });

  it('CHAT-TEXT-1: text is stored and answered exactly as sent (no markup is interpreted)', async () => {
    const html = `<i>&amp;"'</i>`;
    const sent = await send(fan, html);
    expect(sent.body.data.data.text).toBe(html);
    const page = await read(owner.chat);
    expect(page.body.data.at(-1).data.text).toBe(html);
  });

  it('CHAT-VALID-1..3: empty messages and mentions without their fields are refused', async () => {
    const empty = {
      receiver: room,
      receiverType: 'group',
      category: 'message',
      type: 'text',
      data: {},
    };
    expectComet(
      await v3(s, 'POST', '/messages', { token: fan.chat, body: empty }),
      400,
      'ERR_BAD_REQUEST',
      'CHAT_INVALID_MESSAGE',
    );
    const blank = await send(fan, '   ');
    expect(expectComet(blank, 400, 'ERR_BAD_REQUEST').message).toMatch(/needs text/);
    const mention = await send(fan, '@bo hi', room, {
      mentions: [{ userNickname: 'bo', start: 0 }],
    });
    expect(expectComet(mention, 400, 'ERR_BAD_REQUEST').message).toMatch(
      /mentions.0 needs userNickname, start and userUuid/,
    );
    const good = await send(fan, '@bo hi', room, {
      mentions: [{ userNickname: 'bo', start: 0, userUuid: owner.uuid }],
    });
    expect(good.status).toBe(200);
    const image = {
      receiver: room,
      receiverType: 'group',
      category: 'message',
      type: 'image',
      data: {},
    };
    expectComet(
      await v3(s, 'POST', '/messages', { token: fan.chat, body: image }),
      400,
      'ERR_BAD_REQUEST',
    );
  });

  it('CHAT-IMAGE-1/2: images travel as http(s) URLs; imageBase64 is not stored', async () => {
    const bad = {
      receiver: room,
      receiverType: 'group',
      category: 'message',
      type: 'image',
      data: { attachments: [{ url: 'javascript:alert(1)' }] },
    };
    expectComet(
      await v3(s, 'POST', '/messages', { token: fan.chat, body: bad }),
      400,
      'ERR_BAD_REQUEST',
      'CHAT_INVALID_MESSAGE',
    );
    const inline = await send(fan, 'pic', room, { imageBase64: 'iVBORw0KGgo=' });
    expect(inline.body.data.data.metadata.chatMessage.imageBase64).toBeUndefined();
    const urls = await send(fan, 'pic', room, { imageUrls: ['data:image/png;base64,AAAA'] });
    expectComet(urls, 400, 'ERR_BAD_REQUEST');
  });

  it('CHAT-ROOMMSG-1: room-type messages only from the room’s moderators', async () => {
    expectComet(
      await send(fan, 'system!', room, { type: 'room' }),
      403,
      'ERR_NOT_ALLOWED',
      'CHAT_ROOM_MESSAGE_FORBIDDEN',
    );
    const sys = await send(owner, 'DJ changed', room, { type: 'room' });
    expect(sys.body.data.data.metadata.chatMessage.type).toBe('room');
  });

  it('CHAT-BLOCK-1: a blocker sees nothing from whom they blocked, and gets no direct messages from them', async () => {
    const blocker = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: blocker.chat });
    const social = s.app.platform.ports.social;
    s.app.platform.ports.social = {
      isBlocked: async (a, b) => a === blocker.uuid && b === fan.uuid,
      blockedUuids: async (a) => (a === blocker.uuid ? [fan.uuid] : []),
      blockersAmong: async () => [],
    };
    try {
      const m = await send(fan, 'can you see');
      const seen = (await read(blocker.chat)).body.data.map((x: { id: string }) => x.id);
      expect(seen).not.toContain(m.body.data.id);
      expect((await read(owner.chat)).body.data.map((x: { id: string }) => x.id)).toContain(
        m.body.data.id,
      );
      const dm = await v3(s, 'POST', '/messages', {
        token: fan.chat,
        body: botText(blocker.uuid, 'psst', {}, 'user'),
      });
      expectComet(dm, 403, 'ERR_BLOCKED_BY_USER', 'CHAT_BLOCKED');
    } finally {
      s.app.platform.ports.social = social;
    }
    const dm = await v3(s, 'POST', '/messages', {
      token: fan.chat,
      body: botText(blocker.uuid, 'psst', {}, 'user'),
    });
    expect(dm.status).toBe(200);
  });
});

describe('flood control', () => {
  it('CHAT-FLOOD-1: a burst, then refused at once (429) and never queued', async () => {
    const f = await startTestServer({ CHAT_RATE_LIMIT: '3/0.01' });
    try {
      const u = await chatUser(f);
      const r = await createRoom(f, u.token);
      await v3(f, 'POST', `/groups/${r.uuid}/members`, { token: u.chat });
      const answers = [];
      for (let i = 0; i < 5; i++) {
        answers.push(
          await v3(f, 'POST', '/messages', { token: u.chat, body: botText(r.uuid, `n${i}`) }),
        );
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429, 429]);
      const err = expectComet(answers[3], 429, 'ERR_TOO_MANY_REQUESTS', 'CHAT_RATE_LIMITED');
      expect(err.message).toBe('You are sending messages too fast, please wait a moment.');
      const page = await v3(f, 'GET', `/groups/${r.uuid}/messages`, { token: u.chat });
      expect(page.body.data.map((m: { data: { text: string } }) => m.data.text)).toEqual([
        'n0',
        'n1',
        'n2',
      ]);
      // Another user has a bucket of their own.
      const other = await chatUser(f);
      await v3(f, 'POST', `/groups/${r.uuid}/members`, { token: other.chat });
      expect(
        (await v3(f, 'POST', '/messages', { token: other.chat, body: botText(r.uuid, 'mine') }))
          .status,
      ).toBe(200);
    } finally {
      await f.close();
    }
  });
});
