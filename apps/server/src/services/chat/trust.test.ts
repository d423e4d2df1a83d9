import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { djFanEndpoints as d, trustEndpoints } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { guest } from '../../realtime/test-kit';
import { Ranking } from '../points/ranking';
import { Seasons } from '../points/seasons';
import { ChatClient } from './socket.testing';
import { botText, chatUser, expectComet, roomWithChat, v3, type User } from './testing';

/** Trust that is earned in the chat (docs/TRUST-RULES.md), with thresholds a test can reach. */
let s: TestServer;
let ranking: Ranking;
beforeAll(async () => {
  s = await startTestServer({ TRUST_MIN_SONGS_HEARD: '3', TRUST_MIN_POINTS: '50' });
  ranking = new Ranking(s.app.platform, new Seasons(s.app.platform.db));
});
afterAll(() => s.close());

const send = (u: User, to: string, text: string, type: 'group' | 'user' = 'group') =>
  v3(s, 'POST', '/messages', { token: u.chat, body: botText(to, text, {}, type) });
const image = (u: User, to: string) =>
  v3(s, 'POST', '/messages', {
    token: u.chat,
    body: {
      receiver: to,
      receiverType: 'group',
      category: 'message',
      type: 'image',
      data: { attachments: [{ url: 'https://cdn.example/cat.png', name: 'cat.png' }] },
    },
  });
/** Songs heard, credited the way the points service credits listeners (PTS-LISTEN-1). */
const hear = async (uuid: string, songs: number) => {
  for (let i = 0; i < songs; i++) {
    await ranking.credit({
      userUuid: uuid,
      amount: 1,
      kind: 'listen',
      reason: 'A song heard',
      key: `test-listen:${uuid}:${i}`,
    });
  }
};
const ok = (r: { status: number; body: unknown }) =>
  expect(r.status, JSON.stringify(r.body)).toBe(200);

describe('TRUST-4: links and images in room chat', () => {
  it('TRUST-4, TRUST-7: a new account is refused a link or an image, told how far it is; plain text passes', async () => {
    const [owner, u] = [await chatUser(s), await chatUser(s)];
    const room = await roomWithChat(s, owner, [u]);
    const err = expectComet(
      await send(u, room.uuid, 'cheap stuff at spam.xyz'),
      403,
      'ERR_NOT_ALLOWED',
      'TRUST_LINKS_NOT_YET',
    );
    expect(err.message).toMatch(/^New accounts cannot post links or images yet\./);
    expect(err.message).toContain('Listen to 3 more songs or earn 50 more points');
    expectComet(await image(u, room.uuid), 403, 'ERR_NOT_ALLOWED', 'TRUST_LINKS_NOT_YET');
    ok(await send(u, room.uuid, 'great song!'));
  });

  it('TRUST-4: the chat frames of the room socket (GATEWAY-2) are refused the same way', async () => {
    const [owner, u] = [await chatUser(s), await chatUser(s)];
    const room = await roomWithChat(s, owner, [u]);
    const gw = await ChatClient.ready(s.url, u.token);
    try {
      gw.send({ type: 'send', requestId: 'r1', body: botText(room.uuid, 'see https://x.example') });
      expect(await gw.next((f) => f.requestId === 'r1')).toMatchObject({
        type: 'error',
        code: 'TRUST_LINKS_NOT_YET',
      });
      gw.send({ type: 'send', requestId: 'r2', body: botText(room.uuid, 'plain words') });
      expect(await gw.next((f) => f.requestId === 'r2')).toMatchObject({ type: 'sent' });
    } finally {
      gw.close();
    }
  });

  it('TRUST-4: an edit that adds a link is refused as a send would be', async () => {
    const [owner, u] = [await chatUser(s), await chatUser(s)];
    const room = await roomWithChat(s, owner, [u]);
    const sent = await send(u, room.uuid, 'hello');
    ok(sent);
    const edit = await v3(s, 'PUT', `/messages/${sent.body.data.id}`, {
      token: u.chat,
      body: { data: { text: 'now see https://spam.example/x' } },
    });
    expectComet(edit, 403, 'ERR_NOT_ALLOWED', 'TRUST_LINKS_NOT_YET');
  });

  it('TRUST-2: after hearing enough songs, or earning enough points, links and images pass', async () => {
    const [owner, listener, earner] = [await chatUser(s), await chatUser(s), await chatUser(s)];
    const room = await roomWithChat(s, owner, [listener, earner]);
    await hear(listener.uuid, 2);
    expectComet(await send(listener, room.uuid, 'www.x.com'), 403, 'ERR_NOT_ALLOWED');
    await hear(listener.uuid, 3);
    ok(await send(listener, room.uuid, 'www.x.com'));
    ok(await image(listener, room.uuid));

    await ranking.credit({
      userUuid: earner.uuid,
      amount: 50,
      kind: 'admin',
      reason: 'test',
      key: `test-admin:${earner.uuid}`,
    });
    ok(await send(earner, room.uuid, 'https://good.example/set'));
  });

  it('TRUST-3: a moderator and a bot skip at once', async () => {
    const owner = await chatUser(s);
    const mod = await chatUser(s, { roles: ['user', 'moderator'] });
    const bot = await chatUser(s, { roles: ['user', 'bot'] });
    const room = await roomWithChat(s, owner, [mod, bot]);
    ok(await send(mod, room.uuid, 'rules at https://rules.example'));
    ok(await send(bot, room.uuid, 'now playing: https://song.example/1'));
    ok(await image(bot, room.uuid));
  });
});

describe('TRUST-5: direct messages to people who do not follow the sender', () => {
  it('TRUST-5: refused to a stranger, allowed once they follow, allowed to anyone once trusted', async () => {
    const [u, stranger, fan] = [await chatUser(s), await chatUser(s), await chatUser(s)];
    const err = expectComet(
      await send(u, stranger.uuid, 'hi', 'user'),
      403,
      'ERR_NOT_ALLOWED',
      'TRUST_DM_NOT_YET',
    );
    expect(err.message).toMatch(/^New accounts can only message people who follow them\./);
    await s.as(fan.token).call(d.follow, { body: { djUuid: u.uuid } });
    ok(await send(u, fan.uuid, 'thanks for the follow', 'user'));
    // A link is still a link, even to a follower.
    expectComet(
      await send(u, fan.uuid, 'see spam.xyz', 'user'),
      403,
      'ERR_NOT_ALLOWED',
      'TRUST_LINKS_NOT_YET',
    );
    await hear(u.uuid, 3);
    ok(await send(u, stranger.uuid, 'hi again', 'user'));
  });

  it('TRUST-3: a moderator messages a stranger at once', async () => {
    const mod = await chatUser(s, { roles: ['user', 'moderator'] });
    const stranger = await chatUser(s);
    ok(await send(mod, stranger.uuid, 'hello from the mods', 'user'));
  });
});

describe('TRUST-7: GET /points/trust', () => {
  it('TRUST-7: answers the caller progress; moves as they hear songs; a moderator is trusted', async () => {
    const u = await s.createUser();
    expect(await s.as(u.token).call(trustEndpoints.mine, {})).toEqual({
      trusted: false,
      songsHeard: 0,
      points: 0,
      needSongsHeard: 3,
      needPoints: 50,
      busyRoomListeners: 25,
    });
    await hear(u.uuid, 3);
    expect(await s.as(u.token).call(trustEndpoints.mine, {})).toMatchObject({
      trusted: true,
      songsHeard: 3,
      points: 3,
    });
    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    expect(await s.as(mod.token).call(trustEndpoints.mine, {})).toMatchObject({ trusted: true });
  });

  it('TRUST-7: no token, a bad token and a guest are refused', async () => {
    await expectError(s.client.call(trustEndpoints.mine, {}), 401);
    await expectError(s.as('not-a-token').call(trustEndpoints.mine, {}), 401);
    const g = await guest(s);
    await expectError(s.as(g.token).call(trustEndpoints.mine, {}), 403);
  });
});
