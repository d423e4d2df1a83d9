import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { authEndpoints, pointsEndpoints as p, seasonEndpoints as se } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { announcePlay } from './test-kit';

/** PTS-BOARD-2 (bots hold no points) and PTS-DJ-3 (new accounts' votes together as one like). */
let s: TestServer;
let admin: { uuid: string; token: string };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.createUser({ roles: ['admin'] });
  await s.as(admin.token).call(se.create, {
    body: {
      name: 'Bots Season',
      startDate: new Date(Date.now() - DAY).toISOString(),
      endDate: new Date(Date.now() + 30 * DAY).toISOString(),
    },
  });
});
afterAll(() => s?.close());

/** An account made `days` ago; `bot` sets the bot flag as bot accounts have it. */
async function account(days: number, bot = false) {
  const u = await s.createUser();
  await s.app.platform.db.execute(
    sql`update users set created_at = now() - make_interval(days => ${days}), is_bot = ${bot}
        where uuid = ${u.uuid}`,
  );
  return u;
}

const balance = async (uuid: string) =>
  (await s.client.call(p.currentOf, { params: { id: uuid } })).status?.balance ?? 0;

const played = (play: Parameters<typeof announcePlay>[1]) => announcePlay(s, play);

describe('PTS-DJ-3: votes of accounts younger than a day', () => {
  it('PTS-DJ-3: a new account’s star pays 2, its like and star 2; two days old they pay 3 and 5', async () => {
    const fresh = await account(0);
    const settled = await account(2);
    const cases: [voter: string, like: boolean, pays: number][] = [
      [fresh.uuid, false, 2],
      [fresh.uuid, true, 2],
      [settled.uuid, false, 3],
      [settled.uuid, true, 5],
    ];
    for (const [voter, like, pays] of cases) {
      const dj = await account(3);
      await played({
        djUuid: dj.uuid,
        likers: like ? [voter] : [],
        starrers: [voter],
        listeners: [voter],
      });
      await expect.poll(() => balance(dj.uuid), { timeout: 15_000 }).toBe(pays);
    }
  });
});

describe('PTS-BOARD-2: bots hold no points and no board place', () => {
  it('PTS-BOARD-2: a bot DJ’s play pays its listeners, not the bot; no board lists it', async () => {
    const bot = await account(10, true);
    const [fan, other] = [await account(3), await account(3)];
    await played({
      djUuid: bot.uuid,
      likers: [fan.uuid],
      starrers: [fan.uuid],
      listeners: [fan.uuid, other.uuid],
    });
    await expect.poll(() => balance(other.uuid), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => balance(fan.uuid), { timeout: 15_000 }).toBe(1);
    expect(await balance(bot.uuid)).toBe(0);
    const board = await s.client.call(p.seasonRanking, { query: { take: 100 } });
    expect(board.entries.map((e) => e.userUuid)).not.toContain(bot.uuid);
    expect(board.entries.map((e) => e.userUuid)).toContain(fan.uuid);
    // PTS-BOARD-1 still holds: places run 1..total with no gap where the bot would be.
    expect(board.entries.map((e) => e.rank)).toEqual(board.entries.map((_, i) => i + 1));
    expect(board.total).toBe(board.entries.length);
    const life = await s.client.call(p.allSeasonsRanking, { query: { take: 100 } });
    expect(life.entries.map((e) => e.userUuid)).not.toContain(bot.uuid);
    const banner = await s.as(fan.token).call(p.currentBoard, {});
    expect(banner.top.map((e) => e.userUuid)).not.toContain(bot.uuid);
    expect(await s.client.call(p.sum, { params: { id: bot.uuid } })).toMatchObject({
      balance: 0,
      rank: null,
    });
  });

  it('PTS-BOARD-2: admins cannot give a bot points (400); a service credit is not written', async () => {
    const bot = await account(10, true);
    await expectError(
      s.as(admin.token).call(p.adminPoints, {
        body: { userUuid: bot.uuid, amount: 50, reason: 'Test' },
      }),
      400,
      'Bots do not earn points.',
    );
    const staff = await s.createUser({ roles: ['staff'] });
    const body = {
      userUuid: bot.uuid,
      amount: 15,
      reason: 'Quest',
      idempotencyKey: 'bot-quest-01',
    };
    expect(await s.as(staff.token).call(p.servicePoints, { body })).toMatchObject({
      credited: false,
      balance: 0,
    });
    expect(await balance(bot.uuid)).toBe(0);
  });

  it('PTS-BOARD-2: the routes still refuse a missing token, other roles and bad input', async () => {
    const bot = await account(10, true);
    const body = { userUuid: bot.uuid, amount: 5, reason: 'Test' };
    await expectError(s.client.call(p.adminPoints, { body }), 401);
    await expectError(s.as(bot.token).call(p.adminPoints, { body }), 403);
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(s.as(guest).call(p.adminPoints, { body }), 403);
    await expectError(s.as(admin.token).call(p.adminPoints, { body: { ...body, amount: 0 } }), 400);
    await expectError(s.client.call(p.seasonRanking, { query: { take: 0 } }), 400);
  });
});
