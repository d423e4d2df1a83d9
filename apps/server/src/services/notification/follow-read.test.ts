import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  chatTokenEndpoints,
  djFanEndpoints as d,
  friendEndpoints as f,
  notificationCentreEndpoints as c,
  type NotificationDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { notifyTopic } from '../../platform/bus';
import { outboxEvents } from '../../platform/outbox/schema';
import { botText, chatUser, v3 } from '../chat/testing';
import { eventually } from '../../realtime/test-kit';

/** A new follower (NOTIFY-FAN-*) and DMs read in the chat (NOTIFY-CHAT-3, CHAT-UNREAD-2). */
let srv: TestServer;
type U = { uuid: string; token: string };
const as = (u: U) => srv.as(u.token);
const items = async (u: U, kind: NotificationDto['kind']): Promise<NotificationDto[]> =>
  (await as(u).call(c.list, { query: { limit: 100 } })).notifications.filter(
    (n) => n.kind === kind,
  );
/** Lets the outbox run everything pending (each relay round may hand out new work). */
/** Every committed event relayed and every delivery handled (with BullMQ, jobs run apart). */
const drained = async () => {
  for (let i = 0; i < 3; i++) await srv.app.platform.outbox.relayOnce();
  await eventually(async () => expect(await srv.app.platform.outbox.pendingJobs()).toBe(0));
};

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

describe('NOTIFY-FAN-1/2: being followed', () => {
  it('NOTIFY-FAN-1, SOC-FAN-4: a follow tells the person followed, with who and where to see them', async () => {
    const [fan, dj] = await Promise.all([srv.createUser(), srv.createUser()]);
    await as(fan).call(d.follow, { body: { djUuid: dj.uuid } });
    let got: NotificationDto[] = [];
    await eventually(async () => {
      got = await items(dj, 'newFan');
      expect(got).toHaveLength(1);
    });
    expect(got[0]).toMatchObject({
      actorUuid: fan.uuid,
      link: `/profile/${fan.uuid}`,
      readAt: null,
      params: { name: expect.any(String) },
    });
    expect(got[0]!.title).toMatch(/started following you/);
    // The follower is told nothing.
    await drained();
    expect(await items(fan, 'newFan')).toEqual([]);
  });

  it('NOTIFY-FAN-2: unfollowing and following again within a day notifies once', async () => {
    const [fan, dj] = await Promise.all([srv.createUser(), srv.createUser()]);
    for (let i = 0; i < 3; i++) {
      await as(fan).call(d.follow, { body: { djUuid: dj.uuid } });
      await drained();
      await as(fan).call(d.unfollow, { params: { id: dj.uuid } });
    }
    await eventually(async () => expect(await items(dj, 'newFan')).toHaveLength(1));
    await drained();
    expect(await items(dj, 'newFan')).toHaveLength(1);
    // Another follower is another notification.
    const other = await srv.createUser();
    await as(other).call(d.follow, { body: { djUuid: dj.uuid } });
    await eventually(async () => expect(await items(dj, 'newFan')).toHaveLength(2));
  });

  it('NOTIFY-SET-1: with newFan off in the app it is not listed', async () => {
    const [fan, dj] = await Promise.all([srv.createUser(), srv.createUser()]);
    const set = await as(dj).call(c.updateSettings, {
      body: { kinds: { newFan: { app: false } } },
    });
    expect(set.kinds.newFan).toEqual({ app: false, push: true });
    await as(fan).call(d.follow, { body: { djUuid: dj.uuid } });
    await drained();
    expect(await items(dj, 'newFan')).toEqual([]);
  });

  it('NOTIFY-BLOCK-1: nobody hears of a follower they blocked', async () => {
    const [fan, dj] = await Promise.all([srv.createUser(), srv.createUser()]);
    await as(dj).call(f.block, { body: { blockedUserUuid: fan.uuid } });
    await expectError(as(fan).call(d.follow, { body: { djUuid: dj.uuid } }), 403);
    // A follow written before the block but delivered after it reaches nobody either.
    await srv.app.platform.outbox.emit('social.fanAdded', {
      fanUuid: fan.uuid,
      djUuid: dj.uuid,
      at: new Date().toISOString(),
    });
    await drained();
    expect(await items(dj, 'newFan')).toEqual([]);
  });

  it('bad input, no token and a guest are refused, and notify nobody', async () => {
    const [fan, dj] = await Promise.all([srv.createUser(), srv.createUser()]);
    await expectError(as(fan).call(d.follow, { body: { djUuid: 'nope' } }), 400);
    await expectError(as(fan).call(d.follow, { body: { djUuid: fan.uuid } }), 400);
    await expectError(srv.client.call(d.follow, { body: { djUuid: dj.uuid } }), 401);
    const guest = (await srv.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(srv.as(guest).call(d.follow, { body: { djUuid: dj.uuid } }), 403);
    await drained();
    expect(await items(dj, 'newFan')).toEqual([]);
    expect(await items(fan, 'newFan')).toEqual([]);
  });
});

describe('NOTIFY-CHAT-3, CHAT-UNREAD-2: a DM read in the chat reads its notification', () => {
  const dm = async (from: { chat: string }, to: { uuid: string }, text: string) => {
    const r = await v3(srv, 'POST', '/messages', {
      token: from.chat,
      body: botText(to.uuid, text, {}, 'user'),
    });
    expect(r.status).toBe(200);
  };
  /** How many `chat.directRead` events this reader's read marks wrote. */
  const directReads = async (reader: string) => {
    const rows = await srv.app.platform.db
      .select({ n: count() })
      .from(outboxEvents)
      .where(
        and(
          eq(outboxEvents.topic, 'chat.directRead'),
          sql`${outboxEvents.payload}->>'readerUuid' = ${reader}`,
        ),
      );
    return Number(rows[0]?.n ?? 0);
  };
  const read = (reader: { chat?: string }, other: string) =>
    v3(srv, 'POST', `/users/${other}/conversation/read`, { token: reader.chat });

  it('reading the conversation marks its DM notification read, and only its own', async () => {
    const [a, b, c2] = [await chatUser(srv), await chatUser(srv), await chatUser(srv)];
    await dm(a, b, 'hey');
    await dm(c2, b, 'hello from c');
    await eventually(async () => expect(await items(b, 'directMessage')).toHaveLength(2));
    expect((await as(b).call(c.unreadCount, {})).unread).toBe(2);

    // NOTIFY-LIVE-2: the reader's open apps hear of the item now read.
    const frames: NotificationDto[] = [];
    const off = await srv.app.platform.bus.subscribe(notifyTopic(b.uuid), (e) => {
      frames.push(e.notification);
    });
    const r = await read(b, a.uuid);
    expect([r.status, r.body]).toEqual([200, { data: { success: true } }]);
    await eventually(async () =>
      expect(frames).toEqual([
        expect.objectContaining({ actorUuid: a.uuid, readAt: expect.any(String) }),
      ]),
    );
    await off();
    await eventually(async () => {
      const byActor = new Map((await items(b, 'directMessage')).map((n) => [n.actorUuid, n]));
      expect(byActor.get(a.uuid)!.readAt).not.toBeNull();
      expect(byActor.get(c2.uuid)!.readAt).toBeNull();
    });
    expect((await as(b).call(c.unreadCount, {})).unread).toBe(1);
    // The sender reading the same conversation touches nothing of the receiver's.
    expect((await read(a, b.uuid)).status).toBe(200);
    await drained();
    expect((await as(b).call(c.unreadCount, {})).unread).toBe(1);
  });

  it('NOTIFY-CHAT-4: a message read before its notification’s turn makes none; a later one does', async () => {
    const [a, b] = await Promise.all([srv.createUser(), srv.createUser()]);
    const sent = (at: Date, messageId: string) =>
      srv.app.platform.outbox.emit('chat.messageSent', {
        eventId: randomUUID(),
        messageId,
        roomUuid: null,
        senderUuid: a.uuid,
        receiverUuid: b.uuid,
        category: 'message',
        type: 'text',
        length: 2,
        mentions: 0,
        images: 0,
        songs: 0,
        gif: false,
        reply: false,
        sentAt: at.toISOString(),
      });
    const t0 = new Date(Date.now() - 60_000);
    // The read handled before the message's notification: an order the relay may take under load.
    await srv.app.platform.outbox.emit('chat.directRead', {
      readerUuid: b.uuid,
      otherUuid: a.uuid,
      readAt: new Date(t0.getTime() + 1000).toISOString(),
    });
    await drained();
    await sent(t0, '1');
    await drained();
    expect(await items(b, 'directMessage')).toEqual([]);
    await sent(new Date(), '2');
    await eventually(async () => expect(await items(b, 'directMessage')).toHaveLength(1));
  });

  it('reading again with nothing new writes no event; bad input, no token and a guest are refused', async () => {
    const [a, b] = [await chatUser(srv), await chatUser(srv)];
    await dm(a, b, 'one');
    await eventually(async () => expect(await items(b, 'directMessage')).toHaveLength(1));
    expect((await read(b, a.uuid)).status).toBe(200);
    await eventually(async () =>
      expect((await items(b, 'directMessage'))[0]!.readAt).not.toBeNull(),
    );
    const before = await directReads(b.uuid);
    expect(before).toBe(1);
    expect((await read(b, a.uuid)).status).toBe(200);
    expect(await directReads(b.uuid)).toBe(before);
    expect((await read(b, 'not-a-user')).status).toBeGreaterThanOrEqual(400);
    expect((await read(b, 'not-a-user')).status).toBeLessThan(500);
    expect((await read({}, a.uuid)).status).toBe(401);
    // A guest's ghost token reads rooms only: no conversation of theirs to mark, no event.
    const guest = (await srv.client.call(authEndpoints.guest, {})).accessToken;
    const ghost = await srv.as(guest).call(chatTokenEndpoints.ghostToken, {});
    const asGhost = await read({ chat: ghost.authToken }, a.uuid);
    expect(asGhost.status).toBeGreaterThanOrEqual(400);
    expect(asGhost.status).toBeLessThan(500);
    expect(await directReads(b.uuid)).toBe(before);
  });
});
