import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatEndpoints, roomRoleEndpoints } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { chatCore } from './core';
import { botText, chatUser, expectComet, roomWithChat, v3, type User } from './testing';

/** Direct messages, conversations, edits, recall, moderator deletes, reactions and reports. */

let s: TestServer;
let ann: User;
let bob: User;
let cid: string;
let room: string;

const send = (u: User, to: string, text: string, type: 'group' | 'user' = 'group') =>
  v3(s, 'POST', '/messages', { token: u.chat, body: botText(to, text, {}, type) });
/** Moves a message back in time (no waiting in tests). */
const age = (id: string, seconds: number) =>
  chatCore(s.app.platform).repo.update(Number(id), {
    sentAt: new Date(Date.now() - seconds * 1000),
  });

beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_LIMIT: '1000/100' });
  ann = await chatUser(s, { nickname: 'Ann' });
  bob = await chatUser(s, { nickname: 'Bob' });
  cid = ann.uuid < bob.uuid ? `${ann.uuid}_user_${bob.uuid}` : `${bob.uuid}_user_${ann.uuid}`;
  room = (await roomWithChat(s, ann, [bob])).uuid;
});
afterAll(() => s?.close());

describe('CHAT-DM-1: direct messages', () => {
  it('CHAT-DM-1: both people read the conversation at /users/{uid}/messages, under one conversation id', async () => {
    const first = await send(ann, bob.uuid, 'hi bob', 'user');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      conversationId: cid,
      receiverType: 'user',
      receiver: bob.uuid,
    });
    expect(first.body.data.data.entities.receiver).toEqual({
      entity: expect.objectContaining({ uid: bob.uuid, name: 'Bob' }),
      entityType: 'user',
    });
    await send(bob, ann.uuid, 'hi ann', 'user');
    const fromBob = await v3(s, 'GET', `/users/${ann.uuid}/messages`, { token: bob.chat });
    const fromAnn = await v3(s, 'GET', `/users/${bob.uuid}/messages`, { token: ann.chat });
    const texts = (r: typeof fromBob) =>
      r.body.data.map((m: { data: { text: string } }) => m.data.text);
    expect(texts(fromBob)).toEqual(['hi bob', 'hi ann']);
    expect(texts(fromAnn)).toEqual(['hi bob', 'hi ann']);
  });

  it('CHAT-DM-1: only the two people read a direct message; nobody messages themselves', async () => {
    const eve = await chatUser(s);
    const m = await send(ann, bob.uuid, 'private', 'user');
    expectComet(
      await v3(s, 'GET', `/messages/${m.body.data.id}`, { token: eve.chat }),
      404,
      'ERR_MESSAGE_NOT_FOUND',
    );
    expectComet(
      await send(ann, ann.uuid, 'me', 'user'),
      400,
      'ERR_BAD_REQUEST',
      'CHAT_SELF_MESSAGE',
    );
    expectComet(
      await v3(s, 'GET', '/users/not-a-uuid/messages', { token: ann.chat }),
      404,
      'ERR_UID_NOT_FOUND',
    );
  });

  it('CHAT-UNREAD-1: conversations list direct and room chats, latest first, with unread counts; reading clears them', async () => {
    const carl = await chatUser(s, { nickname: 'Carl' });
    await send(ann, carl.uuid, 'one', 'user');
    await send(ann, carl.uuid, 'two', 'user');
    const list = await v3(s, 'GET', '/conversations', { token: carl.chat });
    expect(list.status).toBe(200);
    expect(list.body.data).toHaveLength(1);
    expect(list.body.data[0]).toMatchObject({
      conversationType: 'user',
      unreadMessageCount: 2,
      conversationWith: { uid: ann.uuid, name: 'Ann' },
      lastMessage: { data: { text: 'two' } },
    });
    expect(list.body.meta.pagination).toMatchObject({ total: 1, count: 1, current_page: 1 });
    const one = await v3(s, 'GET', `/users/${ann.uuid}/conversation`, { token: carl.chat });
    expect(one.body.data.unreadMessageCount).toBe(2);
    const unread = await v3(s, 'GET', `/users/${ann.uuid}/messages`, {
      token: carl.chat,
      query: { unread: 'true' },
    });
    expect(unread.body.data).toHaveLength(2);
    expect(
      (await v3(s, 'POST', `/users/${ann.uuid}/conversation/read`, { token: carl.chat })).body,
    ).toEqual({ data: { success: true } });
    const after = await v3(s, 'GET', '/conversations', { token: carl.chat });
    expect(after.body.data[0].unreadMessageCount).toBe(0);

    const annList = await v3(s, 'GET', '/conversations', { token: ann.chat });
    const types = annList.body.data.map((c: { conversationType: string }) => c.conversationType);
    expect(types).toContain('group');
    expect(types).toContain('user');
    const groups = await v3(s, 'GET', '/conversations', {
      token: ann.chat,
      query: { conversationType: 'group' },
    });
    expect(
      groups.body.data.map((c: { conversationWith: { guid: string } }) => c.conversationWith.guid),
    ).toEqual([room]);
    await send(bob, room, 'room news');
    const g = await v3(s, 'GET', '/conversations', {
      token: ann.chat,
      query: { conversationType: 'group' },
    });
    expect(g.body.data[0].unreadMessageCount).toBeGreaterThan(0);
    await v3(s, 'POST', `/groups/${room}/conversation/read`, { token: ann.chat });
    const g2 = await v3(s, 'GET', '/conversations', {
      token: ann.chat,
      query: { conversationType: 'group' },
    });
    expect(g2.body.data[0].unreadMessageCount).toBe(0);
  });
});

describe('editing and deleting', () => {
  it('CHAT-EDIT-1: the sender edits a text message within 15 minutes; nobody else does', async () => {
    const m = await send(ann, room, 'typo');
    const id = m.body.data.id;
    const edited = await v3(s, 'PUT', `/messages/${id}`, {
      token: ann.chat,
      body: { data: { text: 'fixed' } },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data.data.text).toBe('fixed');
    expect(edited.body.data.data.metadata.chatMessage.message).toBe('fixed');
    expect(edited.body.data.editedAt).toBeGreaterThan(0);
    expectComet(
      await v3(s, 'PUT', `/messages/${id}`, { token: bob.chat, body: { data: { text: 'mine' } } }),
      403,
      'ERR_NOT_ALLOWED',
      'CHAT_EDIT_FORBIDDEN',
    );
    await age(id, 16 * 60);
    expectComet(
      await v3(s, 'PUT', `/messages/${id}`, { token: ann.chat, body: { data: { text: 'late' } } }),
      403,
      'ERR_NOT_ALLOWED',
    );
    expectComet(
      await v3(s, 'PUT', `/messages/${id}`, { token: ann.chat, body: { data: {} } }),
      400,
      'ERR_BAD_REQUEST',
    );
  });

  it('CHAT-RECALL-1: the sender recalls a text message within 20 s, not after; the content is erased', async () => {
    const m = await send(bob, room, 'oops');
    const del = await v3(s, 'DELETE', `/messages/${m.body.data.id}`, { token: bob.chat });
    expect(del.status).toBe(200);
    expect(del.body.data.deletedAt).toBeGreaterThan(0);
    expect(del.body.data.deletedBy).toBe(bob.uuid);
    expect(del.body.data.data.text).toBeUndefined();
    const row = await chatCore(s.app.platform).repo.byId(Number(m.body.data.id));
    expect(row?.text).toBeNull();
    const late = await send(bob, room, 'too late');
    await age(late.body.data.id, 21);
    expectComet(
      await v3(s, 'DELETE', `/messages/${late.body.data.id}`, { token: bob.chat }),
      403,
      'ERR_NOT_ALLOWED',
      'CHAT_RECALL_FORBIDDEN',
    );
    const other = await send(ann, room, 'not yours');
    expectComet(
      await v3(s, 'DELETE', `/messages/${other.body.data.id}`, { token: bob.chat }),
      403,
      'ERR_NOT_ALLOWED',
    );
    const page = await v3(s, 'GET', `/groups/${room}/messages`, {
      token: ann.chat,
      query: { hideDeleted: 1 },
    });
    expect(page.body.data.map((x: { id: string }) => x.id)).not.toContain(m.body.data.id);
  });

  it('CHAT-MOD-1: the room’s moderators and platform moderators delete any message of the room, any time', async () => {
    const m = await send(bob, room, 'rude');
    await age(m.body.data.id, 3600);
    const owner = await v3(s, 'DELETE', `/messages/${m.body.data.id}`, { token: ann.chat });
    expect(owner.status).toBe(200);
    expect(owner.body.data.deletedBy).toBe(ann.uuid);
    const mod = await chatUser(s);
    await s.as(ann.token).call(roomRoleEndpoints.create, {
      params: { roomId: room },
      body: { userUuid: mod.uuid, role: 'moderator' },
    });
    const m2 = await send(ann, room, 'owner text');
    expect(
      (await v3(s, 'DELETE', `/messages/${m2.body.data.id}`, { token: mod.chat })).status,
    ).toBe(200);
    const global = await chatUser(s, { roles: ['user', 'globalModerator'] });
    const m3 = await send(bob, room, 'again');
    expect(
      (await v3(s, 'DELETE', `/messages/${m3.body.data.id}`, { token: global.chat })).status,
    ).toBe(200);
  });
});

describe('reactions', () => {
  it('CHAT-REACT-1: a user gives a reaction once; removing takes it back; counts and reactedByMe follow', async () => {
    const m = await send(ann, room, 'react to me');
    const id = m.body.data.id;
    const fire = encodeURIComponent('🔥');
    const r1 = await v3(s, 'POST', `/messages/${id}/reactions/${fire}`, { token: bob.chat });
    expect(r1.status).toBe(200);
    expect(r1.body.data.reactions).toEqual([{ reaction: '🔥', count: 1, reactedByMe: true }]);
    await v3(s, 'POST', `/messages/${id}/reactions/${fire}`, { token: bob.chat });
    const r2 = await v3(s, 'POST', `/messages/${id}/reactions/${fire}`, { token: ann.chat });
    expect(r2.body.data.reactions).toEqual([{ reaction: '🔥', count: 2, reactedByMe: true }]);
    expect(r2.body.data.data.metadata.chatMessage.reactions).toEqual({
      '🔥': [bob.uuid, ann.uuid],
    });
    const r3 = await v3(s, 'DELETE', `/messages/${id}/reactions/${fire}`, { token: bob.chat });
    expect(r3.body.data.reactions).toEqual([{ reaction: '🔥', count: 1, reactedByMe: false }]);
  });

  it('CHAT-REACT-2: at most 10 different reactions per user on one message', async () => {
    const m = await send(ann, room, 'many');
    for (let i = 0; i < 10; i++) {
      expect(
        (await v3(s, 'POST', `/messages/${m.body.data.id}/reactions/r${i}`, { token: bob.chat }))
          .status,
      ).toBe(200);
    }
    expectComet(
      await v3(s, 'POST', `/messages/${m.body.data.id}/reactions/r10`, { token: bob.chat }),
      400,
      'ERR_BAD_REQUEST',
      'CHAT_REACTIONS_FULL',
    );
    expect(
      (await v3(s, 'POST', `/messages/${m.body.data.id}/reactions/r3`, { token: bob.chat })).status,
    ).toBe(200);
    const tooLong = 'x'.repeat(33);
    expectComet(
      await v3(s, 'POST', `/messages/${m.body.data.id}/reactions/${tooLong}`, { token: bob.chat }),
      400,
      'ERR_BAD_REQUEST',
    );
  });
});

describe('reports', () => {
  it('CHAT-REPORT-1: a reported message is hidden from its reporter only; moderators list reports', async () => {
    const eve = await chatUser(s);
    await v3(s, 'POST', `/groups/${room}/members`, { token: eve.chat });
    const m = await send(eve, room, 'spam spam');
    const report = await s
      .as(bob.token)
      .call(chatEndpoints.report, { body: { messageId: m.body.data.id, reason: 'spam' } });
    expect(report).toMatchObject({
      messageId: m.body.data.id,
      reportIdentifier: m.body.data.id,
      reporter: bob.uuid,
      reason: 'spam',
    });
    const again = await s
      .as(bob.token)
      .call(chatEndpoints.report, { body: { messageId: m.body.data.id } });
    expect(again.id).toBe(report.id);
    const ids = async (u: User) =>
      (
        await v3(s, 'GET', `/groups/${room}/messages`, { token: u.chat, query: { per_page: 100 } })
      ).body.data.map((x: { id: string }) => x.id);
    expect(await ids(bob)).not.toContain(m.body.data.id);
    expect(await ids(ann)).toContain(m.body.data.id);

    const staff = await s.createUser({ roles: ['user', 'globalModerator'] });
    const list = await s.as(staff.token).call(chatEndpoints.reports, { query: {} });
    expect(list.reports.find((r) => r.id === report.id)?.message?.data.text).toBe('spam spam');
    await expectError(s.as(bob.token).call(chatEndpoints.reports, { query: {} }), 403);
    await expectError(s.as(null).call(chatEndpoints.report, { body: { messageId: '1' } }), 401);
    await expectError(
      s.as(bob.token).call(chatEndpoints.report, { body: { messageId: 'x' } }),
      400,
    );
    await expectError(
      s.as(bob.token).call(chatEndpoints.report, { body: { messageId: '99999999' } }),
      404,
    );
    const dm = await send(ann, eve.uuid, 'secret', 'user');
    await expectError(
      s.as(bob.token).call(chatEndpoints.report, { body: { messageId: dm.body.data.id } }),
      404,
    );
  });
});
