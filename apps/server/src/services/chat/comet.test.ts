import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness';
import { botText, chatUser, expectComet, roomWithChat, v3, type User } from './testing';

/** The CometChat REST v3.0 subset, driven the way turntable community bots call it. */

let s: TestServer;
let bot: User;
let fan: User;
let roomUuid: string;

beforeAll(async () => {
  // Flood control has its own tests (rules.test.ts); these bots post a lot.
  s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100' });
  bot = await chatUser(s, { nickname: 'DJ Bot' });
  fan = await chatUser(s, { nickname: 'Fan' });
  roomUuid = (await roomWithChat(s, bot, [fan])).uuid;
});
afterAll(() => s?.close());

describe('CHAT-API-1: paths, headers and envelope', () => {
  it('CHAT-API-1: a bot joins with participants, posts a text with a chat message, and reads it back', async () => {
    const joined = await v3(s, 'POST', `/groups/${roomUuid}/members`, {
      token: bot.chat,
      body: { participants: [bot.uuid] },
    });
    expect(joined.status).toBe(200);
    expect(joined.body.data).toMatchObject({ guid: roomUuid, hasJoined: true, scope: 'admin' });

    const sent = await v3(s, 'POST', '/messages', {
      token: bot.chat,
      body: botText(roomUuid, 'Hello room'),
    });
    expect(sent.status).toBe(200);
    const m = sent.body.data;
    expect(m).toMatchObject({
      conversationId: `group_${roomUuid}`,
      sender: bot.uuid,
      receiver: roomUuid,
      receiverType: 'group',
      category: 'message',
      type: 'text',
      data: { text: 'Hello room' },
      reactions: [],
    });
    expect(m.id).toMatch(/^\d+$/);
    expect(Number.isInteger(m.sentAt)).toBe(true);
    expect(Math.abs(m.sentAt - Date.now() / 1000)).toBeLessThan(3600);
    expect(m.data.entities.sender).toEqual({
      entity: expect.objectContaining({ uid: bot.uuid, name: 'DJ Bot' }),
      entityType: 'user',
    });
    expect(m.data.entities.receiver.entityType).toBe('group');

    const page = await v3(s, 'GET', `/groups/${roomUuid}/messages`, {
      token: fan.chat,
      query: {
        per_page: 50,
        hideMessagesFromBlockedUsers: 0,
        unread: 0,
        undelivered: 1,
        withTags: 0,
        hideDeleted: 0,
        affix: 'append',
        id: 'undefined',
      },
    });
    expect(page.status).toBe(200);
    expect(page.body.data.map((x: { id: string }) => x.id)).toContain(m.id);
    expect(page.body.meta.current).toEqual({ limit: 50, count: page.body.data.length });
  });

  it('CHAT-API-1: the same routes answer at /v3, /v3.0 and /api/chat-service/v3.0', async () => {
    for (const base of ['/v3', '/v3.0', '/api/chat-service/v3.0', '/api/chat-service/v3']) {
      const r = await v3(s, 'GET', `/groups/${roomUuid}/members`, { token: fan.chat, base });
      expect(r.status, base).toBe(200);
      expect(r.body.data.map((x: { uid: string }) => x.uid).sort()).toEqual(
        [bot.uuid, fan.uuid].sort(),
      );
    }
  });

  it('CHAT-IDENTITY-1: the sender, name and badges are the account’s, whatever the bot wrote', async () => {
    const sent = await v3(s, 'POST', '/messages', {
      token: fan.chat,
      body: botText(roomUuid, 'who am i', { avatarId: 'cat-2' }),
    });
    const chat = sent.body.data.data.metadata.chatMessage;
    expect(chat).toMatchObject({
      userUuid: fan.uuid,
      userName: 'Fan',
      avatarId: 'cat-2',
      badges: [],
      type: 'user',
      messageId: sent.body.data.id,
      reportIdentifier: sent.body.data.id,
    });
    expect(typeof chat.date).toBe('string');
  });

  it('CHAT-IDEMP-1: a send retried with the same chat message id answers the first message', async () => {
    const body = botText(roomUuid, 'once');
    const first = await v3(s, 'POST', '/messages', { token: fan.chat, body });
    const again = await v3(s, 'POST', '/messages', { token: fan.chat, body });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const page = await v3(s, 'GET', `/groups/${roomUuid}/messages`, { token: fan.chat });
    expect(
      page.body.data.filter((x: { data: { text?: string } }) => x.data.text === 'once'),
    ).toHaveLength(1);
  });

  it('CHAT-API-1: a JSON body sent without a content type (text/plain) and an empty join body are accepted', async () => {
    const raw = await v3(s, 'POST', '/messages', {
      token: fan.chat,
      raw: JSON.stringify(botText(roomUuid, 'plain')),
      contentType: 'text/plain;charset=UTF-8',
    });
    expect(raw.status).toBe(200);
    const empty = await v3(s, 'POST', `/groups/${roomUuid}/members`, {
      token: fan.chat,
      raw: '',
      contentType: 'application/json',
    });
    expect(empty.status).toBe(200);
  });

  it('CHAT-API-1: image messages carry attachments; the chat message gains imageUrls and media', async () => {
    const sent = await v3(s, 'POST', '/messages', {
      token: bot.chat,
      body: {
        receiver: roomUuid,
        receiverType: 'group',
        category: 'message',
        type: 'image',
        data: {
          attachments: [
            {
              url: 'https://media.example.com/a.gif',
              name: 'a.gif',
              mimeType: 'image/gif',
              extension: 'gif',
              size: 'unknown',
            },
          ],
          metadata: {
            chatMessage: { avatarId: 'bot-1', userName: 'x', userUuid: bot.uuid, mentions: [] },
          },
        },
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.data.attachments[0].url).toBe('https://media.example.com/a.gif');
    expect(sent.body.data.data.metadata.chatMessage).toMatchObject({
      imageUrls: ['https://media.example.com/a.gif'],
      media: { uri: 'https://media.example.com/a.gif' },
    });
  });

  it('CHAT-API-1: custom messages keep their customData', async () => {
    const sent = await v3(s, 'POST', '/messages', {
      token: bot.chat,
      body: {
        receiver: roomUuid,
        receiverType: 'group',
        category: 'custom',
        type: 'djPoll',
        data: { customData: { question: 'next?' } },
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      category: 'custom',
      type: 'djPoll',
      data: { customData: { question: 'next?' } },
    });
  });

  it('CHAT-API-1: GET /messages/{id} answers one message to a reader', async () => {
    const sent = await v3(s, 'POST', '/messages', {
      token: bot.chat,
      body: botText(roomUuid, 'single'),
    });
    const one = await v3(s, 'GET', `/messages/${sent.body.data.id}`, { token: fan.chat });
    expect(one.status).toBe(200);
    expect(one.body.data.data.text).toBe('single');
    expectComet(
      await v3(s, 'GET', '/messages/999999999', { token: fan.chat }),
      404,
      'ERR_MESSAGE_NOT_FOUND',
    );
  });
});

describe('CHAT-PAGE-1: paging with per_page, id, sentAt and affix', () => {
  let pageRoom: string;
  const ids: string[] = [];

  beforeAll(async () => {
    pageRoom = (await roomWithChat(s, bot, [fan])).uuid;
    for (let i = 0; i < 7; i++) {
      const r = await v3(s, 'POST', '/messages', {
        token: bot.chat,
        body: botText(pageRoom, `m${i}`),
      });
      ids.push(r.body.data.id);
    }
    // Spread the messages over time: m0..m2 an hour ago, the rest now.
    const repo = (await import('./core')).chatCore(s.app.platform).repo;
    for (const id of ids.slice(0, 3)) {
      await repo.update(Number(id), { sentAt: new Date(Date.now() - 3600_000) });
    }
  });

  const texts = (r: { body: { data: { data: { text: string } }[] } }) =>
    r.body.data.map((m) => m.data.text);
  const page = (query: Record<string, string | number>) =>
    v3(s, 'GET', `/groups/${pageRoom}/messages`, { token: fan.chat, query });

  it('CHAT-PAGE-1: without a cursor the latest per_page, in ascending order', async () => {
    expect(texts(await page({ per_page: 3 }))).toEqual(['m4', 'm5', 'm6']);
    expect(texts(await page({ limit: 2 }))).toEqual(['m5', 'm6']);
  });

  it('CHAT-PAGE-1: affix=append after an id, oldest first; prepend before it, latest first taken', async () => {
    expect(texts(await page({ id: ids[1], affix: 'append', per_page: 3 }))).toEqual([
      'm2',
      'm3',
      'm4',
    ]);
    expect(texts(await page({ id: ids[5], affix: 'prepend', per_page: 2 }))).toEqual(['m3', 'm4']);
    const tail = await page({ id: ids[6], affix: 'append' });
    expect(tail.body.data).toEqual([]);
    expect(tail.body.meta.current.count).toBe(0);
  });

  it('CHAT-PAGE-1: sentAt in seconds (or milliseconds) with append, and fromTimestamp', async () => {
    const since = Math.floor((Date.now() - 600_000) / 1000);
    expect(texts(await page({ sentAt: since, affix: 'append' }))).toEqual(['m3', 'm4', 'm5', 'm6']);
    expect(texts(await page({ sentAt: since * 1000, affix: 'append' }))).toEqual([
      'm3',
      'm4',
      'm5',
      'm6',
    ]);
    expect(texts(await page({ fromTimestamp: since }))).toEqual(['m3', 'm4', 'm5', 'm6']);
    expect(texts(await page({ sentAt: since, affix: 'prepend' }))).toEqual(['m0', 'm1', 'm2']);
  });

  it('CHAT-PAGE-1: meta names the cursors of the previous and next pages', async () => {
    const r = await page({ id: ids[1], affix: 'append', per_page: 2 });
    expect(r.body.meta.previous).toMatchObject({ affix: 'prepend', id: ids[2] });
    expect(r.body.meta.next).toMatchObject({ affix: 'append', id: ids[3] });
    expect(texts(await page({ id: r.body.meta.next.id, affix: 'append', per_page: 2 }))).toEqual([
      'm4',
      'm5',
    ]);
  });

  it('CHAT-PAGE-1: bad paging values are refused in CometChat’s shape', async () => {
    expectComet(await page({ per_page: 0 }), 400, 'ERR_BAD_REQUEST', 'VALIDATION');
    expectComet(await page({ per_page: 101 }), 400, 'ERR_BAD_REQUEST', 'VALIDATION');
    expectComet(await page({ affix: 'sideways' }), 400, 'ERR_BAD_REQUEST', 'VALIDATION');
    expectComet(await page({ id: 'abc' }), 400, 'ERR_BAD_REQUEST', 'VALIDATION');
  });
});

describe('CHAT-API-2: errors', () => {
  it('CHAT-API-2: no token, a wrong chat token and a wrong session token are 401 in CometChat’s shape', async () => {
    const path = `/groups/${roomUuid}/messages`;
    expectComet(await v3(s, 'GET', path), 401, 'AUTH_ERR_EMPTY_AUTH_TOKEN', 'CHAT_TOKEN_MISSING');
    expectComet(
      await v3(s, 'GET', path, { token: 'ttc_nope' }),
      401,
      'AUTH_ERR_AUTH_TOKEN_NOT_FOUND',
      'CHAT_TOKEN_INVALID',
    );
    expectComet(
      await v3(s, 'GET', path, { bearer: 'x.y.z' }),
      401,
      'AUTH_ERR_AUTH_TOKEN_NOT_FOUND',
      'TOKEN_INVALID',
    );
    expectComet(
      await v3(s, 'POST', '/messages', { body: botText(roomUuid, 'x') }),
      401,
      'AUTH_ERR_EMPTY_AUTH_TOKEN',
    );
  });

  it('CHAT-API-2: unknown rooms, users and bad bodies', async () => {
    const unknown = '0e0a6f3c-1111-4222-8333-944445555666';
    expectComet(
      await v3(s, 'GET', `/groups/${unknown}/messages`, { token: fan.chat }),
      404,
      'ERR_GUID_NOT_FOUND',
      'ROOM_NOT_FOUND',
    );
    expectComet(
      await v3(s, 'GET', '/groups/not-a-room/members', { token: fan.chat }),
      404,
      'ERR_GUID_NOT_FOUND',
    );
    expectComet(
      await v3(s, 'POST', '/messages', {
        token: fan.chat,
        body: botText(unknown, 'hi', {}, 'user'),
      }),
      404,
      'ERR_UID_NOT_FOUND',
    );
    expectComet(
      await v3(s, 'POST', '/messages', { token: fan.chat, body: { receiverType: 'group' } }),
      400,
      'ERR_BAD_REQUEST',
      'VALIDATION',
    );
    expectComet(
      await v3(s, 'POST', '/messages', {
        token: fan.chat,
        body: { ...botText(roomUuid, 'x'), receiverType: 'channel' },
      }),
      400,
      'ERR_BAD_REQUEST',
    );
    expectComet(
      await v3(s, 'POST', '/messages', {
        token: fan.chat,
        raw: '{"receiver":',
        contentType: 'application/json',
      }),
      400,
      'ERR_BAD_REQUEST',
    );
    expectComet(
      await v3(s, 'POST', '/messages', {
        token: fan.chat,
        raw: '{"__proto__":{"polluted":1}}',
        contentType: 'application/json',
      }),
      400,
      'ERR_BAD_REQUEST',
    );
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('CHAT-API-2: a route that is not part of the subset is a 404', async () => {
    const r = await v3(s, 'GET', '/users/me/friends', { token: fan.chat });
    expect(r.status).toBe(404);
  });
});
