import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  djFanEndpoints as d,
  friendEndpoints as f,
  notificationCentreEndpoints as c,
  sendingEndpoints as s,
  type NotificationDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { ChatClient } from '../chat/socket.testing';
import { botText, chatUser, roomWithChat, v3 } from '../chat/testing';
import { createRoom, eventually, RoomClient, sleep, song } from '../../realtime/test-kit';

/** The notification centre and what sends what (docs/NOTIFICATION-RULES.md, NOTIFY-*). */
let srv: TestServer;
type U = { uuid: string; token: string };
const users = (n: number): Promise<U[]> =>
  Promise.all(Array.from({ length: n }, () => srv.createUser()));
const as = (u: U) => srv.as(u.token);
const items = async (u: U): Promise<NotificationDto[]> =>
  (await as(u).call(c.list, { query: { limit: 100 } })).notifications;
/** Waits for a notification of this kind; answers it. */
const arrives = async (u: U, kind: NotificationDto['kind']) => {
  let found: NotificationDto | undefined;
  await eventually(async () => {
    found = (await items(u)).find((n) => n.kind === kind);
    expect(found).toBeDefined();
  });
  return found!;
};
/** Lets the outbox run what is pending, then answers the notifications. */
const settled = async (u: U) => {
  await srv.app.platform.outbox.relayOnce();
  await new Promise((r) => setTimeout(r, 300));
  return items(u);
};

let staff: U;
let admin: U;

beforeAll(async () => {
  srv = await startTestServer({}, { realtime: { leaveGraceMs: 300 } });
  staff = await srv.createUser({ roles: ['staff'] });
  admin = await srv.createUser({ roles: ['admin'] });
});
afterAll(() => srv?.close());

describe('notification centre', () => {
  it('NOTIFY-FRIEND-1/2: an invitation and its acceptance each reach the other person', async () => {
    const [a, b] = await users(2);
    const inv = await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    const got = await arrives(b, 'friendInvitation');
    expect(got).toMatchObject({ actorUuid: a.uuid, link: '/friends', readAt: null });
    expect(got.title).toMatch(/wants to be your friend/);
    expect(await as(b).call(c.unreadCount, {})).toEqual({ unread: 1 });
    await as(b).call(f.handle, { body: { invitationId: inv.id, invitationStatus: 'accepted' } });
    const back = await arrives(a, 'friendAccepted');
    expect(back.link).toBe(`/profile/${b.uuid}`);
  });

  it('NOTIFY-CENTRE-1/2: pages newest first; mark some or all read; only your own', async () => {
    const [u, other] = await users(2);
    const sent = [];
    // One at a time: with Redis, queued sends may be delivered in any order.
    for (let i = 0; i < 5; i++) {
      sent.push(
        await as(staff).call(s.user, { body: { userUuid: u.uuid, title: `T${i}`, body: 'B' } }),
      );
      await eventually(async () => expect((await items(u)).length).toBe(i + 1));
    }
    const first = await as(u).call(c.list, { query: { limit: 2 } });
    expect(first.notifications.map((n) => n.title)).toEqual(['T4', 'T3']);
    expect(first.unread).toBe(5);
    const second = await as(u).call(c.list, { query: { limit: 2, before: first.next! } });
    expect(second.notifications.map((n) => n.title)).toEqual(['T2', 'T1']);
    // Someone else's ids change nothing.
    await as(other).call(c.markRead, { body: { ids: [first.notifications[0]!.id] } });
    expect((await as(u).call(c.unreadCount, {})).unread).toBe(5);
    expect(await as(u).call(c.markRead, { body: { ids: [first.notifications[0]!.id] } })).toEqual({
      unread: 4,
    });
    const unreadOnly = await as(u).call(c.list, { query: { unreadOnly: 'true', limit: 10 } });
    expect(unreadOnly.notifications).toHaveLength(4);
    expect(await as(u).call(c.markRead, { body: { all: true } })).toEqual({ unread: 0 });
    await expectError(as(u).call(c.markRead, { body: {} as never }), 400);
    await expectError(as(u).call(c.list, { query: { limit: 0 } }), 400);
    await expectError(srv.client.call(c.list, {}), 401);
  });

  it('NOTIFY-SET-1: a kind turned off in the app is not shown; settings validate', async () => {
    const [a, b] = await users(2);
    const set = await as(b).call(c.updateSettings, {
      body: { kinds: { friendInvitation: { app: false } } },
    });
    expect(set.kinds.friendInvitation).toEqual({ app: false, push: true });
    expect(set.kinds.djLive).toEqual({ app: true, push: true });
    expect((await as(b).call(c.settings, {})).kinds.friendInvitation.app).toBe(false);
    await as(a).call(f.invite, { body: { receiverUuid: b.uuid } });
    expect(await settled(b)).toEqual([]);
    await expectError(
      as(b).call(c.updateSettings, { body: { kinds: { nope: { app: false } } } as never }),
      400,
    );
  });

  it('NOTIFY-BLOCK-1: nothing from someone you blocked', async () => {
    const [u, blocked] = await users(2);
    await as(u).call(f.block, { body: { blockedUserUuid: blocked.uuid } });
    await as(u).call(d.follow, { body: { djUuid: staff.uuid } });
    const room = await createRoom(srv, blocked.token);
    // The blocked person is the actor of a message from their room: the blocker does not get it.
    await srv.app.platform.outbox.emit('notify.requested', {
      kind: 'custom',
      recipients: [u.uuid],
      actorUuid: blocked.uuid,
      title: room.name,
      body: 'hi',
      link: null,
      params: {},
      data: {},
      silent: false,
    });
    expect(await settled(u)).toEqual([]);
  });
});

describe('sending routes', () => {
  it('NOTIFY-SEND-1/2: services and admins send; users, guests and bad input are refused', async () => {
    const [u] = await users(1);
    const res = await as(staff).call(s.mobile, {
      body: { userUuid: u.uuid, title: 'Hi', body: 'There' },
    });
    expect(res.recipients).toBe(1);
    expect(res.eventId).toEqual(expect.any(String));
    await expectError(
      as(u).call(s.mobile, { body: { userUuid: u.uuid, title: 'x', body: 'y' } }),
      403,
    );
    await expectError(
      srv.client.call(s.user, { body: { userUuid: u.uuid, title: 'x', body: 'y' } }),
      401,
    );
    await expectError(
      as(staff).call(s.userAdmin, { body: { userUuid: u.uuid, title: 'x', body: 'y' } }),
      403,
    );
    await expectError(
      as(admin).call(s.userAdmin, { body: { userUuid: 'nope', title: 'x', body: 'y' } }),
      400,
    );
    await expectError(
      as(admin).call(s.userAdmin, {
        body: { userUuid: '00000000-0000-4000-8000-000000000000', title: 'x', body: 'y' },
      }),
      404,
    );
    await expectError(
      as(admin).call(s.userAdmin, {
        body: { userUuid: u.uuid, title: 'x', body: 'y', link: 'https://evil.example' },
      }),
      400,
    );
    const many = await as(admin).call(s.customMessageAdmin, {
      body: {
        userUuids: [u.uuid, u.uuid, '00000000-0000-4000-8000-000000000000'],
        title: 'M',
        body: 'N',
      },
    });
    expect(many.recipients).toBe(1);
    await eventually(async () => expect((await items(u)).map((n) => n.title)).toEqual(['M', 'Hi']));
    // Silent: nothing in the centre.
    await as(admin).call(s.userAdminSilent, {
      body: { userUuid: u.uuid, data: { sync: 'crates' } },
    });
    await expectError(
      as(admin).call(s.silent, { body: { userUuid: u.uuid, data: { a: 'b' } } }),
      403,
    );
    expect((await settled(u)).length).toBe(2);
  });

  it('NOTIFY-SEND-1: every direct sending route delivers to its person', async () => {
    const [u] = await users(1);
    const body = { userUuid: u.uuid, title: 'Direct', body: 'x' };
    for (const [route, who] of [
      [s.mobile, staff],
      [s.mobileAdmin, admin],
      [s.user, staff],
      [s.userAdmin, admin],
    ] as const) {
      expect((await as(who).call(route, { body })).recipients).toBe(1);
    }
    const many = await as(staff).call(s.customMessage, {
      body: { userUuids: [u.uuid], title: 'Many', body: 'y' },
    });
    expect(many.recipients).toBe(1);
    await eventually(async () => expect((await items(u)).length).toBe(5));
    await expectError(
      as(admin).call(s.customMessage, { body: { userUuids: [u.uuid], title: 'x', body: 'y' } }),
      403,
    );
    await expectError(
      as(staff).call(s.customMessage, { body: { userUuids: [], title: 'x', body: 'y' } }),
      400,
    );
  });

  it('NOTIFY-SEND-4: an admin broadcast reaches every active account once', async () => {
    const [u, v] = await users(2);
    const res = await as(admin).call(s.allDevices, {
      body: { title: 'Festival', body: 'Tonight!' },
    });
    expect(res.recipients).toBeGreaterThanOrEqual(2);
    await arrives(u, 'broadcast');
    await arrives(v, 'broadcast');
    await expectError(as(staff).call(s.allDevices, { body: { title: 'x', body: 'y' } }), 403);
    // The same event delivered again reaches nobody twice (NOTIFY-ONCE-1).
    const deliverAgain = await srv.app.platform.outbox.emit(
      'notify.requested',
      {
        kind: 'broadcast',
        recipients: [],
        actorUuid: null,
        title: 'Festival',
        body: 'Tonight!',
        link: null,
        params: {},
        data: {},
        silent: false,
        everyone: true,
      },
      res.eventId!,
    );
    expect(deliverAgain).toBe(res.eventId);
    expect((await settled(u)).filter((n) => n.kind === 'broadcast')).toHaveLength(1);
  });

  it('NOTIFY-SEND-3: a room’s staff message its regulars, once an interval; others may not', async () => {
    const [owner, regular, stranger] = await users(3);
    const room = await createRoom(srv, owner.token);
    const c1 = await RoomClient.join(srv, regular, room.uuid);
    c1.disconnect();
    await expectError(
      as(stranger).call(s.fromRoom, { body: { roomUuid: room.slug, message: 'Party!' } }),
      403,
    );
    const res = await as(owner).call(s.fromRoom, {
      body: { roomUuid: room.slug, message: 'Party!' },
    });
    expect(res.recipients).toBeGreaterThanOrEqual(1);
    const got = await arrives(regular, 'custom');
    expect(got).toMatchObject({ title: room.name, body: 'Party!', link: `/rooms/${room.slug}` });
    await expectError(
      as(owner).call(s.fromRoom, { body: { roomUuid: room.slug, message: 'Again' } }),
      429,
    );
    await expectError(
      as(owner).call(s.fromRoom, { body: { roomUuid: 'no-such-room', message: 'x' } }),
      404,
    );
  });

  it('NOTIFY-DJ-1/2: a DJ taking the stage tells fans not in the room, once an interval', async () => {
    const [dj, fan, here] = await users(3);
    await as(fan).call(d.follow, { body: { djUuid: dj.uuid } });
    await as(here).call(d.follow, { body: { djUuid: dj.uuid } });
    const room = await createRoom(srv, dj.token);
    const listener = await RoomClient.join(srv, here, room.uuid);
    const booth = await RoomClient.join(srv, dj, room.uuid);
    await booth.action('addDj', { song: song('Live', 300) });
    const got = await arrives(fan, 'djLive');
    expect(got).toMatchObject({ actorUuid: dj.uuid, link: `/rooms/${room.slug}` });
    expect(got.params.room).toBe(room.name);
    // The fan in the room hears it there; taking the stage again soon tells nobody again.
    await booth.action('removeDj', {});
    await booth.action('addDj', { song: song('Again', 300) });
    const res = await as(staff).call(s.djFans, { body: { djUuid: dj.uuid, roomUuid: room.uuid } });
    expect(res.recipients).toBe(2);
    expect((await settled(fan)).filter((n) => n.kind === 'djLive')).toHaveLength(1);
    expect((await items(here)).filter((n) => n.kind === 'djLive')).toHaveLength(0);
    await expectError(
      as(fan).call(s.djFansGet, { query: { djUuid: dj.uuid, roomUuid: room.uuid } }),
      403,
    );
    booth.disconnect();
    listener.disconnect();
  });

  it('NOTIFY-ROOM-1: a room going live tells its regulars who are not fans of the DJ', async () => {
    const [dj, regular] = await users(2);
    const room = await createRoom(srv, dj.token);
    const visit = await RoomClient.join(srv, regular, room.uuid);
    visit.disconnect();
    await sleep(800);
    const booth = await RoomClient.join(srv, dj, room.uuid);
    await booth.action('addDj', { song: song('Opening', 300) });
    const got = await arrives(regular, 'roomLive');
    expect(got.title).toBe(`${room.name} is live`);
    booth.disconnect();
  });

  it('room users: everyone in the room now (services only)', async () => {
    const [owner, listener] = await users(2);
    const room = await createRoom(srv, owner.token);
    const c1 = await RoomClient.join(srv, listener, room.uuid);
    const res = await as(staff).call(s.roomUsersGet, {
      query: { roomUuid: room.uuid, title: 'Encore', body: 'One more!' },
    });
    expect(res.recipients).toBe(1);
    await arrives(listener, 'custom');
    await expectError(
      as(listener).call(s.roomUsers, { body: { roomUuid: room.uuid, title: 'x', body: 'y' } }),
      403,
    );
    c1.disconnect();
  });
});

describe('live', () => {
  it('NOTIFY-LIVE-1, GATEWAY-2: the app socket of the person (/primus, chat opened) shows a new notification at once', async () => {
    const [u] = await users(1);
    const app = await ChatClient.ready(srv.url, u.token);
    await as(staff).call(s.user, { body: { userUuid: u.uuid, title: 'Live one', body: 'now' } });
    const live = await app.next((x) => x.type === 'notification');
    expect((live.notification as NotificationDto).title).toBe('Live one');
    app.close();
  });
});

describe('chat', () => {
  it('NOTIFY-CHAT-1/2: a direct message and a mention each notify; DMs once in a while', async () => {
    const [a, b, c2] = [await chatUser(srv), await chatUser(srv), await chatUser(srv)];
    for (const text of ['hey', 'are you there?']) {
      const r = await v3(srv, 'POST', '/messages', {
        token: a.chat,
        body: botText(b.uuid, text, {}, 'user'),
      });
      expect([r.status, r.body]).toEqual([200, expect.anything()]);
    }
    const dm = await arrives(b, 'directMessage');
    expect(dm).toMatchObject({ actorUuid: a.uuid, link: `/messages/${a.uuid}` });
    const room = await roomWithChat(srv, a, [c2]);
    const r = await v3(srv, 'POST', '/messages', {
      token: a.chat,
      body: botText(room.uuid, '@them hi', {
        mentions: [{ userUuid: c2.uuid, userNickname: 'them', start: 0 }],
      }),
    });
    expect([r.status, r.body]).toEqual([200, expect.anything()]);
    const mention = await arrives(c2, 'mention');
    expect(mention.link).toBe(`/rooms/${room.slug}`);
    expect((await settled(b)).filter((n) => n.kind === 'directMessage')).toHaveLength(1);
  });
});
