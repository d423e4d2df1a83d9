import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  CHAT_APP_ID,
  chatRoomEndpoints,
  chatTokenEndpoints,
  moderationEndpoints,
  profileEndpoints,
  roomRoleEndpoints,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { createRoom } from '../room/testing';
import { chatCore } from './core';
import { ChatTokens, MAX_CHAT_TOKENS_PER_UID } from './tokens';
import { botText, chatUser, expectComet, v3 } from './testing';

/** Chat tokens (user service), the API key, role sync and join (room service). */

const API_KEY = 'k'.repeat(32);
let s: TestServer;
let guest: string;

beforeAll(async () => {
  s = await startTestServer({ CHAT_API_KEY: API_KEY, CHAT_RATE_LIMIT: '1000/100' });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
});
afterAll(() => s?.close());

async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not reached');
}

describe('GET /comet-chat/user-token and ghost-token', () => {
  it('CHAT-TOKEN-1: a user gets a chat token that reads and writes, valid until expiresAt', async () => {
    const u = await s.createUser();
    const t = await s.as(u.token).call(chatTokenEndpoints.userToken, {});
    expect(t).toMatchObject({ uid: u.uuid, appId: CHAT_APP_ID, readOnly: false });
    expect(t.authToken).toMatch(/^ttc_[A-Za-z0-9_-]{43}$/);
    const days = (Date.parse(t.expiresAt) - Date.now()) / 86400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThan(31);
    const conv = await v3(s, 'GET', '/conversations', { token: t.authToken });
    expect(conv.status).toBe(200);
  });

  it('CHAT-TOKEN-1: only the hash is stored; at most 20 live tokens per account', async () => {
    const u = await s.createUser();
    const first = await s.as(u.token).call(chatTokenEndpoints.userToken, {});
    const rows = await chatCore(s.app.platform).tokens.verify(first.authToken);
    expect(rows?.tokenHash).not.toContain(first.authToken);
    for (let i = 0; i < MAX_CHAT_TOKENS_PER_UID; i++) {
      await s.as(u.token).call(chatTokenEndpoints.userToken, {});
    }
    expect(await chatCore(s.app.platform).tokens.count(u.uuid)).toBe(MAX_CHAT_TOKENS_PER_UID);
    expectComet(
      await v3(s, 'GET', '/conversations', { token: first.authToken }),
      401,
      'AUTH_ERR_AUTH_TOKEN_NOT_FOUND',
    );
  });

  it('CHAT-TOKEN-2: guests get a ghost token (read only), not a user token; no token, no chat token', async () => {
    const ghost = await s.as(guest).call(chatTokenEndpoints.ghostToken, {});
    expect(ghost.readOnly).toBe(true);
    expect(ghost.authToken).toMatch(/^ttg_/);
    const hours = (Date.parse(ghost.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23);
    expect(hours).toBeLessThan(25);
    await expectError(
      s.as(guest).call(chatTokenEndpoints.userToken, {}),
      403,
      'Guests cannot perform this action, please log in',
    );
    await expectError(s.as(null).call(chatTokenEndpoints.userToken, {}), 401);
    await expectError(s.as(null).call(chatTokenEndpoints.ghostToken, {}), 401);
    await expectError(s.as('nope').call(chatTokenEndpoints.ghostToken, {}), 401);
  });

  it('CHAT-TOKEN-3: a lookup running while a token is revoked does not keep it alive', async () => {
    // The lookup's read answers only after the revoke finished, as it can on a busy pool.
    let hold: Promise<void> | null = null;
    // Resolved once the database has answered the lookup's read, so the revoke surely comes after
    // it (on a pool, a read merely sent can still reach the database after the revoke's delete).
    let answered!: () => void;
    const readAnswered = new Promise<void>((r) => (answered = r));
    const held = <T extends object>(builder: T): T =>
      new Proxy(builder, {
        get(target, key) {
          const value = Reflect.get(target, key) as unknown;
          if (key === 'then' && typeof value === 'function') {
            const wait = hold;
            const answer = (v: unknown) => {
              if (!wait) return v;
              answered();
              return wait.then(() => v);
            };
            return (ok: (v: unknown) => unknown, ko: (e: unknown) => unknown) =>
              (value as (a: unknown, b?: unknown) => Promise<unknown>)
                .call(target, answer)
                .then(ok, ko);
          }
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            const out = (value as (...a: unknown[]) => unknown).apply(target, args);
            return out && typeof out === 'object' ? held(out) : out;
          };
        },
      });
    const db = s.app.platform.db;
    const slow = new Proxy(db, {
      get: (target, key) =>
        key === 'select'
          ? (...args: unknown[]) => held((target.select as (...a: unknown[]) => object)(...args))
          : Reflect.get(target, key),
    });
    const tokens = new ChatTokens(slow, { user: 3600, ghost: 3600 });
    const u = await s.createUser();
    const t = await tokens.issue(u.uuid, 'user', []);
    let release!: () => void;
    hold = new Promise((r) => (release = r));
    const lookup = tokens.verify(t.authToken);
    await readAnswered;
    hold = null;
    await tokens.revoke(u.uuid);
    release();
    expect(await lookup).not.toBeNull(); // it began before the revoke
    expect(await tokens.verify(t.authToken)).toBeNull();
  });

  it('CHAT-TOKEN-4: a chat token is not a session token', async () => {
    const u = await chatUser(s);
    await expectError(s.as(u.chat).call(profileEndpoints.ownProfile, {}), 401);
  });

  it('CHAT-TOKEN-3: a kick ends the account’s chat tokens; role changes reach them', async () => {
    const u = await chatUser(s);
    const mod = await s.createUser({ roles: ['user', 'globalModerator'] });
    await s.as(mod.token).call(moderationEndpoints.kick, { body: { userUuid: u.uuid } });
    await eventually(
      async () => (await v3(s, 'GET', '/conversations', { token: u.chat })).status === 401,
    );
    expectComet(
      await v3(s, 'GET', '/conversations', { token: u.chat }),
      401,
      'AUTH_ERR_AUTH_TOKEN_NOT_FOUND',
    );

    // A granted platform role reaches live chat tokens: a global moderator deletes in any room.
    const owner = await chatUser(s);
    const helper = await chatUser(s);
    const room = await createRoom(s, owner.token);
    await v3(s, 'POST', `/groups/${room.uuid}/members`, { token: owner.chat });
    const m = await v3(s, 'POST', '/messages', {
      token: owner.chat,
      body: botText(room.uuid, 'x'),
    });
    const del = () => v3(s, 'DELETE', `/messages/${m.body.data.id}`, { token: helper.chat });
    expectComet(await del(), 403, 'ERR_NOT_ALLOWED');
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    await s.as(admin.token).call(moderationEndpoints.addRole, {
      body: { userUuid: helper.uuid, role: 'globalModerator' },
    });
    await eventually(async () => (await del()).status === 200);
  });
});

describe('POST /comet-chat/create-users', () => {
  it('CHAT-TOKEN-1: staff and admins get the chat users of accounts; unknown uids are listed', async () => {
    const a = await s.createUser({ nickname: 'Alpha' });
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const missing = '0e0a6f3c-1111-4222-8333-944445555666';
    const res = await s
      .as(admin.token)
      .call(chatTokenEndpoints.createUsers, { body: { uids: [a.uuid, missing] } });
    expect(res.users).toEqual([
      expect.objectContaining({ uid: a.uuid, name: 'Alpha', role: 'default' }),
    ]);
    expect(res.unknown).toEqual([missing]);
    await expectError(
      s.as(a.token).call(chatTokenEndpoints.createUsers, { body: { uids: [a.uuid] } }),
      403,
    );
    await expectError(
      s.as(admin.token).call(chatTokenEndpoints.createUsers, { body: { uids: [] } }),
      400,
    );
    await expectError(
      s.as(admin.token).call(chatTokenEndpoints.createUsers, { body: { uids: ['x'] } }),
      400,
    );
  });
});

describe('CHAT-AUTH-1: apikey with onBehalfOf', () => {
  it('CHAT-AUTH-1: the server key acts as the named user; a wrong key or no user is refused', async () => {
    const u = await chatUser(s, { nickname: 'Behalf' });
    const room = await createRoom(s, u.token);
    await v3(s, 'POST', `/groups/${room.uuid}/members`, { token: u.chat });
    const sent = await v3(s, 'POST', '/messages', {
      apikey: API_KEY,
      onBehalfOf: u.uuid,
      body: botText(room.uuid, 'server says'),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data.sender).toBe(u.uuid);
    expectComet(
      await v3(s, 'GET', '/conversations', { apikey: 'wrong'.repeat(8), onBehalfOf: u.uuid }),
      401,
      'AUTH_ERR_APIKEY_NOT_FOUND',
    );
    expectComet(
      await v3(s, 'GET', '/conversations', { apikey: API_KEY }),
      400,
      'AUTH_ERR_EMPTY_ON_BEHALF_OF',
    );
    expectComet(
      await v3(s, 'GET', '/conversations', {
        apikey: API_KEY,
        onBehalfOf: '0e0a6f3c-1111-4222-8333-944445555666',
      }),
      404,
      'ERR_UID_NOT_FOUND',
    );
    // An authtoken wins over whatever onBehalfOf says.
    const other = await chatUser(s);
    const own = await v3(s, 'GET', `/users/${u.uuid}/conversation`, {
      token: other.chat,
      onBehalfOf: u.uuid,
    });
    expect(own.body.data.conversationWith.uid).toBe(u.uuid);
  });

  it('CHAT-AUTH-1: without CHAT_API_KEY every apikey is refused', async () => {
    const plain = await startTestServer();
    try {
      const u = await plain.createUser();
      expectComet(
        await v3(plain, 'GET', '/conversations', { apikey: API_KEY, onBehalfOf: u.uuid }),
        401,
        'AUTH_ERR_APIKEY_NOT_FOUND',
      );
    } finally {
      await plain.close();
    }
  });
});

describe('room service: POST /roomUserRoles/cometchat/join/{id} and /sync/{id}', () => {
  it('CHAT-JOIN-1: a user joins a room’s chat by uuid or slug', async () => {
    const owner = await chatUser(s);
    const room = await createRoom(s, owner.token);
    const group = await s
      .as(owner.token)
      .call(chatRoomEndpoints.join, { params: { id: room.slug } });
    expect(group).toMatchObject({
      guid: room.uuid,
      hasJoined: true,
      scope: 'admin',
      membersCount: 1,
    });
    await expectError(s.as(guest).call(chatRoomEndpoints.join, { params: { id: room.uuid } }), 403);
    await expectError(s.as(null).call(chatRoomEndpoints.join, { params: { id: room.uuid } }), 401);
    await expectError(
      s.as(owner.token).call(chatRoomEndpoints.join, { params: { id: 'no-such-room' } }),
      404,
      'Room not found.',
    );
  });

  it('CHAT-SYNC-1: moderators and staff re-derive scopes; others are refused', async () => {
    const owner = await chatUser(s);
    const fan = await chatUser(s);
    const room = await createRoom(s, owner.token);
    await s.as(owner.token).call(chatRoomEndpoints.join, { params: { id: room.uuid } });
    await s.as(fan.token).call(chatRoomEndpoints.join, { params: { id: room.uuid } });
    // A scope out of step (as if an event had been lost) is put right by a sync.
    await chatCore(s.app.platform).members.setScope(room.uuid, fan.uuid, 'admin');
    await expectError(
      s.as(fan.token).call(chatRoomEndpoints.sync, { params: { id: room.uuid }, body: {} }),
      403,
    );
    const synced = await s
      .as(owner.token)
      .call(chatRoomEndpoints.sync, { params: { id: room.uuid }, body: {} });
    expect(synced.members.map((m) => [m.uid, m.scope])).toEqual([
      [owner.uuid, 'admin'],
      [fan.uuid, 'participant'],
    ]);
    await s.as(owner.token).call(roomRoleEndpoints.create, {
      params: { roomId: room.uuid },
      body: { userUuid: fan.uuid, role: 'coOwner' },
    });
    const one = await s
      .as(owner.token)
      .call(chatRoomEndpoints.sync, { params: { id: room.slug }, body: { userUuids: [fan.uuid] } });
    expect(one.members).toEqual([expect.objectContaining({ uid: fan.uuid, scope: 'admin' })]);
    const staff = await s.createUser({ roles: ['user', 'staff'] });
    expect(
      (
        await s
          .as(staff.token)
          .call(chatRoomEndpoints.sync, { params: { id: room.uuid }, body: {} })
      ).members,
    ).toHaveLength(2);
    await expectError(
      s
        .as(owner.token)
        .call(chatRoomEndpoints.sync, { params: { id: room.uuid }, body: { userUuids: ['x'] } }),
      400,
    );
    await expectError(
      s.as(guest).call(chatRoomEndpoints.sync, { params: { id: room.uuid }, body: {} }),
      403,
    );
  });
});
