import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@tt/api-client';
import { chatTokenEndpoints, roomEndpoints, roomRoleEndpoints } from '@tt/protocol';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../platform/config';
import { openDatabase, type Database } from '../../platform/db/index';
import { busCaughtUp } from '../../platform/bus.testing';
import { AccountService } from '../user/service';
import { ChatClient } from './socket.testing';
import { botText, v3 } from './testing';

const REDIS_URL = process.env.REDIS_URL;

/**
 * CHAT-LIVE-1 across processes: two servers on one database and one Redis (as two processes
 * would be); a socket on each. Needs REDIS_URL (the in-process bus is one process's).
 */
describe.skipIf(!REDIS_URL)('CHAT-LIVE-1: two processes share the chat over the bus', () => {
  let database: Database;
  let dataDir: string;
  const apps: { app: App; url: string }[] = [];
  const clients: ChatClient[] = [];

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-chat-'));
    database = await openDatabase({});
    const prefix = `tt-test-${randomBytes(4).toString('hex')}:`;
    for (let i = 0; i < 2; i++) {
      const config = loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SEED_DEMO: 'false',
        RATE_LIMIT_ENABLED: 'false',
        ARGON2_MEMORY_KIB: '4096',
        WEB_DIST: path.join(dataDir, 'no-web'),
        REDIS_URL,
        // TRUST-2: fresh accounts are trusted here, as in the test harness.
        TRUST_MIN_SONGS_HEARD: '0',
        TRUST_MIN_POINTS: '0',
      });
      const app = await buildApp(config, { database, redisPrefix: prefix });
      await app.app.listen({ port: 0, host: '127.0.0.1' });
      const addr = app.app.server.address();
      apps.push({
        app,
        url: `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`,
      });
    }
  });

  afterAll(async () => {
    for (const c of clients) c.close();
    for (const a of apps) await a.app.close();
    await database?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** An account made on the first process, with a session and a chat token. */
  const user = async (nickname: string) => {
    const [one] = apps;
    const accounts = new AccountService(one.app.platform);
    const { user } = await accounts.createAccount({
      email: `${nickname}-${randomBytes(4).toString('hex')}@example.test`,
      password: 'correct-horse-42',
      nickname,
      roles: ['user'],
      emailStatus: 'VERIFIED',
    });
    const token = await accounts.issueToken(user);
    const chat = await createApiClient({ baseUrl: one.url, getToken: () => token }).call(
      chatTokenEndpoints.userToken,
      {},
    );
    return { uuid: user.uuid, token, chat: chat.authToken };
  };

  it('CHAT-LIVE-1: a room message and a direct message sent through one process reach a socket on the other', async () => {
    const [one, two] = apps;
    const ann = await user('ann');
    const bob = await user('bob');
    const room = await createApiClient({ baseUrl: one.url, getToken: () => ann.token }).call(
      roomEndpoints.create,
      { body: { name: 'Two processes', slug: `two-${randomBytes(3).toString('hex')}` } },
    );
    const s1 = { url: one.url } as never;
    const s2 = { url: two.url } as never;
    await v3(s1, 'POST', `/groups/${room.uuid}/members`, { token: ann.chat });
    await v3(s2, 'POST', `/groups/${room.uuid}/members`, { token: bob.chat });

    const atTwo = await ChatClient.ready(two.url, bob.chat);
    clients.push(atTwo);
    await atTwo.subscribe(room.uuid);
    const sent = await v3(s1, 'POST', '/messages', {
      token: ann.chat,
      body: botText(room.uuid, 'from one'),
    });
    expect(sent.status).toBe(200);
    await atTwo.next((f) => f.type === 'message' && f.message.id === sent.body.data.id);

    const atOne = await ChatClient.ready(one.url, ann.chat);
    clients.push(atOne);
    atTwo.send({ type: 'send', requestId: 'dm', body: botText(ann.uuid, 'from two', {}, 'user') });
    const dm = await atTwo.next((f) => f.type === 'sent' && f.requestId === 'dm');
    await atOne.next((f) => f.type === 'message' && f.message.id === dm.message.id);
  });

  it('GATEWAY-7: a gateway socket on one process joins a room, gets its chat sent through the other, and a kick made there keeps it open', async () => {
    const [one, two] = apps;
    const ann = await user('ann');
    const bob = await user('bob');
    const asAnn = createApiClient({ baseUrl: one.url, getToken: () => ann.token });
    const room = await asAnn.call(roomEndpoints.create, {
      body: { name: 'Gateway', slug: `gw-${randomBytes(3).toString('hex')}` },
    });
    const s1 = { url: one.url } as never;
    await v3(s1, 'POST', `/groups/${room.uuid}/members`, { token: ann.chat });
    await v3(s1, 'POST', `/groups/${room.uuid}/members`, { token: bob.chat });

    const gw = await ChatClient.ready(two.url, bob.token);
    clients.push(gw);
    gw.sendRoom({
      event: 'action',
      params: { action: 'joinRoom', roomUuid: room.uuid },
      messageId: 1,
    });
    expect((await gw.nextOther((f) => f?.messageId === 1)).error).toBeUndefined();
    await gw.subscribe(room.uuid);
    const said = await v3(s1, 'POST', '/messages', {
      token: ann.chat,
      body: botText(room.uuid, 'across'),
    });
    await gw.next((f) => f.type === 'message' && f.message.id === said.body.data.id);

    await asAnn.call(roomRoleEndpoints.create, {
      params: { roomId: room.uuid },
      body: { userUuid: bob.uuid, role: 'kicked' },
    });
    await gw.nextOther((f) => f?.message?.name === 'kickedFromRoom');
    const dm = await v3(s1, 'POST', '/messages', {
      token: ann.chat,
      body: botText(bob.uuid, 'still here', {}, 'user'),
    });
    await gw.next((f) => f.type === 'message' && f.message.id === dm.body.data.id);
    expect(gw.closed).toBeNull();
  });

  it('CHAT-SEND-2: a mute or a ban made on one process refuses the next message on the other once its event arrived', async () => {
    const [one, two] = apps;
    const ann = await user('ann');
    const bob = await user('bob');
    const asAnn = createApiClient({ baseUrl: one.url, getToken: () => ann.token });
    const room = await asAnn.call(roomEndpoints.create, {
      body: { name: 'Rights', slug: `rights-${randomBytes(3).toString('hex')}` },
    });
    const s1 = { url: one.url } as never;
    const s2 = { url: two.url } as never;
    await v3(s2, 'POST', `/groups/${room.uuid}/members`, { token: bob.chat });
    const send = (text: string) =>
      v3(s2, 'POST', '/messages', { token: bob.chat, body: botText(room.uuid, text) });
    // The second process now holds the room's rights in memory.
    expect((await send('one')).status).toBe(200);
    const role = (r: 'chatDisabled' | 'banned', add: boolean) =>
      asAnn.call(add ? roomRoleEndpoints.create : roomRoleEndpoints.remove, {
        params: { roomId: room.uuid },
        body: { userUuid: bob.uuid, role: r },
      } as never);
    // The change's event was published before its answer; a send racing it on the other
    // process could still come first, so each send waits until the second process has received
    // every event the first published so far. A process that did not drop its rights would let
    // it through.
    const sendAfter = async (change: Promise<unknown>, text: string) => {
      await change;
      await busCaughtUp(one.app.platform.bus, two.app.platform.bus);
      return send(text);
    };
    const setChat = (hasChat: boolean) =>
      asAnn.call(roomEndpoints.update, { params: { id: room.uuid }, body: { hasChat } });
    const muted = await sendAfter(role('chatDisabled', true), 'two');
    expect([muted.status, muted.body.error?.details?.code]).toEqual([403, 'CHAT_MUTED']);
    expect((await sendAfter(role('chatDisabled', false), 'three')).status).toBe(200);
    const off = await sendAfter(setChat(false), 'four');
    expect(off.body.error?.details?.code).toBe('CHAT_OFF');
    expect((await sendAfter(setChat(true), 'five')).status).toBe(200);
    const banned = await sendAfter(role('banned', true), 'six');
    expect(banned.body.error?.details?.code).toBe('ROOM_BANNED');
    // The first process agrees.
    const fromOne = await v3(s1, 'POST', '/messages', {
      token: bob.chat,
      body: botText(room.uuid, 'seven'),
    });
    expect(fromOne.body.error?.details?.code).toBe('ROOM_BANNED');
  });
});
