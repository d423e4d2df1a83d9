import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  avatarEndpoints,
  crateEndpoints,
  friendEndpoints,
  notificationCentreEndpoints,
  playlistCatalogueEndpoints,
  profileEndpoints,
  roomHistoryEndpoints,
  sendingEndpoints,
} from '@tt/protocol';
import { expectError, type TestServer } from '../../test/harness';
import { RoomsRepository } from '../services/room/rooms.repository';
import { HlsKeyAccess } from '../services/song/hls-access';
import type { SongRow } from '../services/song/repository';
import type { AuthContext } from './auth';
import { loadConfig } from './config';
import { createCounters } from './counters';
import type { Platform } from './service';
import {
  createRoom,
  eventually,
  RoomClient,
  song,
  startRealtimeServer,
} from '../realtime/test-kit';

/**
 * WIRING-3: what a component does without an optional port, as its wiring says (each `it` names
 * the component and the port). Three selections leave the providers out — the user service
 * (users, providerTokens), the payment service (subscriptions), the points service (avatars), the
 * song service (songs), the room service (rooms, and the realtime engine's listening), the social
 * service (social, graph, webPush) — and the HLS key check runs without listening. Elsewhere:
 * chat without social (CHAT-BLOCK-2) and rooms in chat/without-social.test.ts, notifications
 * without social and graph (NOTIFY-SOCIAL-1) in social/graph-mount.test.ts, and every permission
 * that needs a fact from the users port (ACCESS-FACTS-1) in wiring.test.ts.
 */

const UNKNOWN = '0e0a6f3c-1111-4222-8333-944445555666';
const servers: TestServer[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));
const start = async (services: string) => {
  const s = await startRealtimeServer({ env: { SERVICES: services } });
  servers.push(s);
  return s;
};

describe('without the user and payment services', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await start('room,song,playlist,social,points,audit,notification');
  });

  it('the room service without users: creating a room answers 503 SERVICE_UNAVAILABLE', async () => {
    const u = await s.createUser();
    expect(s.app.platform.ports.users).toBeUndefined();
    await expectError(createRoom(s, u.token), 503, 'Service Unavailable');
  });

  it('the playlist service without users: creating a crate answers 503 SERVICE_UNAVAILABLE', async () => {
    const u = await s.createUser();
    await expectError(
      s.as(u.token).call(crateEndpoints.create, { body: { crateName: 'Mine' } }),
      503,
      'Service Unavailable',
    );
  });

  it('the social service without users: inviting someone answers 503 SERVICE_UNAVAILABLE', async () => {
    const [a, b] = [await s.createUser(), await s.createUser()];
    await expectError(
      s.as(a.token).call(friendEndpoints.invite, { body: { receiverUuid: b.uuid } }),
      503,
    );
  });

  it('the notification service without users: sending to a named person answers 503', async () => {
    const [staff, u] = [await s.createUser({ roles: ['staff'] }), await s.createUser()];
    await expectError(
      s.as(staff.token).call(sendingEndpoints.user, {
        body: { userUuid: u.uuid, title: 'Hello', body: 'Nobody to check you' },
      }),
      503,
      'Service Unavailable',
    );
  });

  it('the realtime engine without users: people show as "User"; a DJ seat is refused', async () => {
    const u = await s.createUser();
    const room = await new RoomsRepository(s.app.platform.db).insert({
      slug: `no-users-${Date.now().toString(36)}`,
      name: 'No users here',
      createdBy: u.uuid,
    });
    const c = await RoomClient.join(s, u, room.uuid);
    expect(c.state.allUserData[u.uuid].userProfile).toMatchObject({
      nickname: 'User',
      avatarId: 'default',
    });
    expect(await c.actionError('addDj', { song: song('nobody verified') })).toMatch(
      'Something went wrong, please try again',
    );
    c.disconnect();
  });

  it('the points service without subscriptions: subscriber-only avatars stay locked', async () => {
    const u = await s.createUser();
    expect(s.app.platform.ports.subscriptions).toBeUndefined();
    const mine = await s.as(u.token).call(avatarEndpoints.mine, {});
    const subscriberOnly = mine.filter((a) => a.visibility === 'SUBSCRIBER_ONLY');
    expect(subscriberOnly.length).toBeGreaterThan(0);
    for (const a of subscriberOnly) expect(a.lock, a.slug).not.toBeNull();
  });
});

describe('without the payment, points, song and social services', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await start('user,room');
  });

  it('the user service without avatars: a profile may wear any avatar id', async () => {
    const u = await s.createUser();
    expect(s.app.platform.ports.avatars).toBeUndefined();
    const me = await s
      .as(u.token)
      .call(profileEndpoints.updateProfile, { body: { avatarId: 'not-in-any-catalogue' } });
    expect(me.avatarId).toBe('not-in-any-catalogue');
  });

  it('the realtime engine without subscriptions: in a PRO_PLAN_OWNER room only the owner DJs', async () => {
    const [owner, listener] = [await s.createUser(), await s.createUser()];
    const room = await createRoom(s, owner.token, { djType: 'PRO_PLAN_OWNER' });
    const co = await RoomClient.join(s, owner, room.uuid);
    const cl = await RoomClient.join(s, listener, room.uuid);
    await co.action('addDj', { song: song('owner plays') });
    expect(await cl.actionError('addDj', { song: song('no pro here') })).toBe(
      'You are not allowed to DJ in this room',
    );
    co.disconnect();
    cl.disconnect();
  });
});

describe('without the room, song and social services', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await start('user,playlist,notification');
  });

  it('the playlist service without songs: the catalogue answers 503 CATALOGUE_UNAVAILABLE', async () => {
    const u = await s.createUser();
    await expectError(s.as(u.token).call(playlistCatalogueEndpoints.songs, { query: {} }), 503);
  });

  it("the playlist service without rooms: a room's recent songs answer 503 SERVICE_UNAVAILABLE", async () => {
    await expectError(
      s.client.call(roomHistoryEndpoints.list, { params: { slug: 'anywhere' }, query: {} }),
      503,
      'Service Unavailable',
    );
  });

  it('the notification service without rooms: sending to a room answers NOTIFY_ROOM_NOT_FOUND', async () => {
    const staff = await s.createUser({ roles: ['staff'] });
    await expectError(
      s.as(staff.token).call(sendingEndpoints.roomUsers, {
        body: { roomUuid: UNKNOWN, title: 'Hello', body: 'Anyone?' },
      }),
      404,
      'Room not found.',
    );
  });

  it('the notification service without webPush: the centre still gets the notification', async () => {
    const [staff, u] = [await s.createUser({ roles: ['staff'] }), await s.createUser()];
    expect(s.app.platform.ports.webPush).toBeUndefined();
    await s.as(staff.token).call(sendingEndpoints.user, {
      body: { userUuid: u.uuid, title: 'No browser', body: 'Still here' },
    });
    await eventually(async () => {
      const page = await s.as(u.token).call(notificationCentreEndpoints.list, { query: {} });
      expect(page.notifications.map((n) => n.title)).toEqual(['No browser']);
    });
  });
});

describe('without the realtime engine (no room service in the process)', () => {
  it('the song service without listening: a listener gets an HLS key only as a counted preview', async () => {
    const config = loadConfig({ USER_PREVIEW_SONGS_PER_HOUR: '0' });
    const platform = { config, counters: createCounters(undefined, 'wiring:'), ports: {} };
    const access = new HlsKeyAccess(platform as unknown as Platform);
    const auth = { uuid: UNKNOWN, roles: ['user'], isGuest: false } as unknown as AuthContext;
    const row = { shortId: 'up-heard', uploadedBy: null } as unknown as SongRow;
    expect(await access.mayHear(auth, row)).toBe(false);
    platform.ports = { listening: { isListening: () => true } };
    expect(await access.mayHear(auth, row)).toBe(true);
  });
});
