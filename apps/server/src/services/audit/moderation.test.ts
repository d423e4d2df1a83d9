import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analyticsEndpoints,
  analyticsSummaryEndpoint,
  auditEndpoints as a,
  authEndpoints,
  moderationEndpoints as userMod,
  roomRoleEndpoints as roles,
  type ModerationActionDto,
} from '@tt/protocol';
import { eventIdOf } from '../../platform/outbox/outbox';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../realtime/test-kit';
import { createRoom, UNKNOWN_UUID } from '../room/testing';

/** The audit service's moderation log, geolocation, event names and charts (AUDIT-* rules). */
type User = Awaited<ReturnType<TestServer['createUser']>>;
let s: TestServer;
let mod: User;
let admin: User;
let plain: User;
let guest: string;
const as = (u: User | string | null) =>
  s.as(u === null ? null : typeof u === 'string' ? u : u.token);

/** The log entries about `target`, once `n` of them have arrived. */
async function entriesOf(target: string, n: number): Promise<ModerationActionDto[]> {
  let found: ModerationActionDto[] = [];
  await eventually(async () => {
    found = (await as(mod).call(a.userActions, { params: { x: target }, query: {} })).actions;
    expect(found.length).toBeGreaterThanOrEqual(n);
  }, 20_000);
  return found;
}

beforeAll(async () => {
  s = await startTestServer();
  mod = await s.createUser({ roles: ['user', 'moderator'] });
  admin = await s.createUser({ roles: ['user', 'admin'] });
  plain = await s.createUser();
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
});
afterAll(() => s.close());

describe('the moderation log', () => {
  it('AUDIT-MOD-1: platform bans and unbans are recorded with actor, reason and end', async () => {
    const target = await s.createUser();
    await as(mod).call(userMod.temporaryBan, {
      body: { userUuid: target.uuid, reason: 'Spam in chat', durationMinutes: 60 },
    });
    await as(mod).call(userMod.unban, { body: { userUuid: target.uuid } });
    const [unban, ban] = await entriesOf(target.uuid, 2);
    expect(ban).toMatchObject({
      actorUuid: mod.uuid,
      targetUuid: target.uuid,
      actionType: 'temporaryBan',
      reason: 'Spam in chat',
      roomUuid: null,
      source: 'recorded',
    });
    expect(Date.parse(ban.until!)).toBeGreaterThan(Date.now());
    expect(unban.actionType).toBe('unban');
  });

  it('AUDIT-MOD-1: a ban in a room is recorded with the room, the role before and after', async () => {
    const owner = await s.createUser();
    const target = await s.createUser();
    const room = await createRoom(s, owner.token);
    await as(owner).call(roles.create, {
      params: { roomId: room.uuid },
      body: { userUuid: target.uuid, role: 'dj' },
    });
    await as(owner).call(roles.create, {
      params: { roomId: room.uuid },
      body: { userUuid: target.uuid, role: 'banned', reason: 'Trolling' },
    });
    const [ban, dj] = await entriesOf(target.uuid, 2);
    expect(dj).toMatchObject({ actionType: 'roomRoleAdded', role: 'dj', previousRole: null });
    expect(ban).toMatchObject({
      actorUuid: owner.uuid,
      actionType: 'roomRoleAdded',
      roomUuid: room.uuid,
      previousRole: 'dj',
      role: 'banned',
      reason: 'Trolling',
    });
    const page = await as(mod).call(a.list, {
      query: { filter: [`roomUuid||$eq||${room.uuid}`, 'role||$eq||banned'] },
    });
    expect(page.data.map((x) => x.id)).toEqual([ban.id]);
  });

  it('AUDIT-MOD-3/4: staff write entries by hand; admins correct or remove them', async () => {
    const target = await s.createUser();
    const made = await as(mod).call(a.create, {
      body: { targetUuid: target.uuid, reason: 'Warned about language' },
    });
    expect(made).toMatchObject({ actionType: 'note', source: 'manual', actorUuid: mod.uuid });
    const bulk = await as(mod).call(a.bulk, {
      body: {
        bulk: [
          { targetUuid: target.uuid, actionType: 'kick', reason: 'Earlier kick' },
          { targetUuid: target.uuid, reason: 'Second warning' },
        ],
      },
    });
    expect(bulk).toHaveLength(2);
    expect(await as(mod).call(a.get, { params: { id: made.id } })).toEqual(made);
    await expectError(
      as(mod).call(a.update, { params: { id: made.id }, body: { reason: 'x' } }),
      403,
    );
    const fixed = await as(admin).call(a.update, {
      params: { id: made.id },
      body: { reason: 'Warned about language (twice)' },
    });
    expect(fixed.reason).toBe('Warned about language (twice)');
    await as(admin).call(a.remove, { params: { id: made.id } });
    await expectError(as(mod).call(a.get, { params: { id: made.id } }), 404);
    await expectError(as(admin).call(a.remove, { params: { id: made.id } }), 404);
    const page = await as(mod).call(a.list, {
      query: { filter: [`targetUuid||$eq||${target.uuid}`, 'actionType||$eq||kick'] },
    });
    expect(page.total).toBe(1);
  });

  it('refuses bad input, missing and broken tokens, guests and ordinary users', async () => {
    await expectError(as(mod).call(a.create, { body: { targetUuid: 'nope' } }), 400);
    await expectError(
      as(mod).call(a.create, {
        body: { targetUuid: UNKNOWN_UUID, actionType: 'explode' as never },
      }),
      400,
    );
    await expectError(as(mod).call(a.bulk, { body: { bulk: [] } }), 400);
    await expectError(as(mod).call(a.get, { params: { id: 0 } }), 400);
    await expectError(as(mod).call(a.list, { query: { filter: ['secret||$eq||1'] } }), 400);
    await expectError(as(null).call(a.list, { query: {} }), 401);
    await expectError(as('broken').call(a.list, { query: {} }), 401);
    await expectError(as(guest).call(a.list, { query: {} }), 403);
    await expectError(as(plain).call(a.list, { query: {} }), 403);
    await expectError(as(plain).call(a.userActions, { params: { x: plain.uuid }, query: {} }), 403);
  });
});

describe('geolocation', () => {
  it('AUDIT-GEO-1: a public address has a country and region; private ones none', async () => {
    const here = await as(null).call(a.geolocate, {});
    expect(here).toMatchObject({ country: null, region: null });
    const gb = await as(mod).call(a.geolocateIp, { body: { ip: '81.2.69.142' } });
    expect(gb).toMatchObject({ ip: '81.2.69.142', country: 'GB', region: 'ENG' });
    const mine = await as(plain).call(a.geolocateIp, { body: {} });
    expect(mine.country).toBeNull();
    await expectError(as(plain).call(a.geolocateIp, { body: { ip: '81.2.69.142' } }), 403);
    await expectError(as(null).call(a.geolocateIp, { body: { ip: '81.2.69.142' } }), 401);
    await expectError(as(mod).call(a.geolocateIp, { body: { ip: '300.1.1.1' } }), 400);
    const v6 = await as(mod).call(a.geolocateIp, { body: { ip: '2001:db8::1' } });
    expect(v6.country).toBeNull();
  });
});

describe('event names and the last event', () => {
  it('names the socket actions and messages, the analytics topics, and the newest event', async () => {
    const staff = await s.createUser({ roles: ['staff'] });
    const socket = await as(staff).call(a.socketEventNames, {});
    expect(socket.names).toEqual(
      expect.arrayContaining(['joinRoom', 'voteOnSong', 'playedSong', 'kickedFromRoom']),
    );
    const users = await as(admin).call(a.userEventNames, {});
    expect(users.names).toContain('onboardingSteps');
    await expectError(as(admin).call(a.eventLast, { params: { x: 'onboardingSteps' } }), 404);
    await as(plain).call(analyticsEndpoints.record, {
      body: {
        events: [
          { topic: 'onboardingSteps', payload: { step: 1 }, occurredAt: new Date().toISOString() },
          { topic: 'onboardingSteps', payload: { step: 2 }, occurredAt: new Date().toISOString() },
        ],
      },
    });
    const last = await as(admin).call(a.eventLast, { params: { x: 'onboardingSteps' } });
    expect(last).toMatchObject({ topic: 'onboardingSteps', userUuid: plain.uuid });
    await expectError(as(admin).call(a.eventLast, { params: { x: 'nope' as never } }), 400);
    await expectError(as(plain).call(a.socketEventNames, {}), 403);
    await expectError(as(mod).call(a.userEventNames, {}), 403);
  });
});

describe('analytics summary', () => {
  it('AUDIT-STATS-1: counts each play once, by day, song, DJ and room', async () => {
    const dj = await s.createUser({ nickname: 'Summary DJ' });
    const room = await createRoom(s, dj.token, { name: 'Chart Room' });
    const play = (n: number) => ({
      roomUuid: room.uuid,
      djUuid: dj.uuid,
      songId: 'song-chart-1',
      trackName: 'Chart Topper',
      artistName: 'The Testers',
      playedSeconds: 180,
      likers: [plain.uuid, mod.uuid].slice(0, n),
      starrers: [],
      listeners: [plain.uuid, mod.uuid, admin.uuid].slice(0, n + 1),
      endedAt: new Date().toISOString(),
    });
    const { outbox } = s.app.platform;
    await outbox.emit('room.songPlayed', play(1), eventIdOf(`summary-test-1`));
    await outbox.emit('room.songPlayed', play(2), eventIdOf(`summary-test-2`));
    // The same play again is the same event: counted once.
    await outbox.emit('room.songPlayed', play(2), eventIdOf(`summary-test-2`));
    let summary!: Awaited<ReturnType<typeof read>>;
    const read = () => as(admin).call(analyticsSummaryEndpoint, { query: { days: 7 } });
    await eventually(async () => {
      summary = await read();
      expect(summary.topSongs.find((x) => x.songId === 'song-chart-1')?.plays).toBe(2);
    }, 20_000);
    expect(summary.topSongs.find((x) => x.songId === 'song-chart-1')).toMatchObject({
      trackName: 'Chart Topper',
      artistName: 'The Testers',
      likes: 3,
    });
    expect(summary.topDjs.find((x) => x.djUuid === dj.uuid)).toMatchObject({
      nickname: 'Summary DJ',
      plays: 2,
    });
    expect(summary.rooms.find((x) => x.roomUuid === room.uuid)).toMatchObject({
      name: 'Chart Room',
      plays: 2,
      averageListeners: 2.5,
      peakListeners: 3,
    });
    const today = new Date().toISOString().slice(0, 10);
    expect(summary.playsPerDay.find((d) => d.day === today)!.plays).toBeGreaterThanOrEqual(2);
    await expectError(as(mod).call(analyticsSummaryEndpoint, { query: {} }), 403);
    await expectError(as(admin).call(analyticsSummaryEndpoint, { query: { days: 0 } }), 400);
  });
});
