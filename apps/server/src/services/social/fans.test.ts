import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints, djFanEndpoints as d, friendEndpoints as f } from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';

/** Following DJs over HTTP, by the rules of docs/SOCIAL-RULES.md (SOC-FAN-*). */
let s: TestServer;
type U = { uuid: string; token: string };
const users = (n: number): Promise<U[]> =>
  Promise.all(Array.from({ length: n }, () => s.createUser()));
const as = (u: U) => s.as(u.token);

beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('DJ fans', () => {
  it('SOC-FAN-1: follow, see it from both sides, count, unfollow', async () => {
    const [fan, dj] = await users(2);
    const row = await as(fan).call(d.follow, { body: { djUuid: dj.uuid } });
    expect(row).toMatchObject({ userUuid: fan.uuid, djUuid: dj.uuid });
    await expectError(
      as(fan).call(d.follow, { body: { djUuid: dj.uuid } }),
      409,
      'You already follow this DJ.',
    );
    expect(await as(fan).call(d.single, { params: { id: dj.uuid } })).toMatchObject({
      djUuid: dj.uuid,
    });
    expect((await as(fan).call(d.mine, {})).fans.map((x) => x.djUuid)).toEqual([dj.uuid]);
    expect(
      (await as(dj).call(d.fansPaginated, { params: { id: dj.uuid } })).fans.map((x) => x.userUuid),
    ).toEqual([fan.uuid]);
    expect(
      (await as(dj).call(d.fansLegacy, { params: { id: dj.uuid } })).map((x) => x.userUuid),
    ).toEqual([fan.uuid]);
    expect((await as(dj).call(d.followed, { params: { id: fan.uuid } })).total).toBe(1);
    // Counts are public to any token, guests included.
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    expect(await s.as(guest).call(d.count, { params: { id: dj.uuid } })).toEqual({
      djUuid: dj.uuid,
      fansCount: 1,
      followingCount: 0,
    });
    expect(await as(fan).call(d.unfollow, { params: { id: dj.uuid } })).toEqual({ success: true });
    await expectError(
      as(fan).call(d.unfollow, { params: { id: dj.uuid } }),
      404,
      'You do not follow this DJ.',
    );
    await expectError(as(fan).call(d.single, { params: { id: dj.uuid } }), 404);
  });

  it('SOC-FAN-1: not yourself, not an unknown account, not as a guest; bad input is a 400', async () => {
    const [u] = await users(1);
    await expectError(as(u).call(d.follow, { body: { djUuid: u.uuid } }), 400);
    await expectError(
      as(u).call(d.follow, { body: { djUuid: '00000000-0000-4000-8000-000000000000' } }),
      404,
    );
    await expectError(
      as(u).call(d.follow, { body: { djUuid: 'x' } as never }),
      400,
      /must be a user uuid/,
    );
    const guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
    await expectError(s.as(guest).call(d.follow, { body: { djUuid: u.uuid } }), 403);
    await expectError(s.client.call(d.mine, {}), 401);
    await expectError(
      as(u).call(d.fansPaginated, { params: { id: u.uuid }, query: { take: 151 } }),
      400,
    );
  });

  it('SOC-FAN-2: pages of fans start at 12 and grow to 150, newest first', async () => {
    const [dj, ...fans] = await users(14);
    for (const fan of fans) await as(fan).call(d.follow, { body: { djUuid: dj.uuid } });
    const first = await as(dj).call(d.fansPaginated, { params: { id: dj.uuid } });
    expect(first).toMatchObject({ total: 13, skip: 0, take: 12 });
    expect(first.fans[0]!.userUuid).toBe(fans[12]!.uuid);
    const all = await as(dj).call(d.fansPaginated, {
      params: { id: dj.uuid },
      query: { take: 150 },
    });
    expect(all.fans).toHaveLength(13);
  });

  it('SOC-FAN-3, SOC-BLOCK-1: a block ends following both ways and prevents it', async () => {
    const [a, b, viewer] = await users(3);
    await as(a).call(d.follow, { body: { djUuid: b.uuid } });
    await as(b).call(d.follow, { body: { djUuid: a.uuid } });
    await as(viewer).call(d.follow, { body: { djUuid: b.uuid } });
    await as(a).call(f.block, { body: { blockedUserUuid: viewer.uuid } });
    // A blocked the viewer: the viewer does not see A among B's fans.
    expect(
      (await as(viewer).call(d.fansPaginated, { params: { id: b.uuid } })).fans.map(
        (x) => x.userUuid,
      ),
    ).toEqual([viewer.uuid]);
    await as(b).call(f.block, { body: { blockedUserUuid: a.uuid } });
    expect((await as(a).call(d.mine, {})).fans).toEqual([]);
    expect((await as(b).call(d.mine, {})).fans).toEqual([]);
    await expectError(
      as(a).call(d.follow, { body: { djUuid: b.uuid } }),
      403,
      'You cannot follow this DJ.',
    );
  });

  it('admin routes: fans blocks aside, DJs by fans; other users are refused', async () => {
    const [dj, other, fan1, fan2] = await users(4);
    await as(fan1).call(d.follow, { body: { djUuid: dj.uuid } });
    await as(fan2).call(d.follow, { body: { djUuid: dj.uuid } });
    await as(fan1).call(d.follow, { body: { djUuid: other.uuid } });
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    expect((await as(admin).call(d.adminFans, { params: { id: dj.uuid } })).total).toBe(2);
    expect(await as(admin).call(d.adminDj, { params: { id: dj.uuid } })).toEqual({
      djUuid: dj.uuid,
      fansCount: 2,
    });
    const top = await as(admin).call(d.adminDjs, { query: { take: 150 } });
    const mine = top.djs.filter((x) => x.djUuid === dj.uuid || x.djUuid === other.uuid);
    expect(mine).toEqual([
      { djUuid: dj.uuid, fansCount: 2 },
      { djUuid: other.uuid, fansCount: 1 },
    ]);
    await expectError(as(other).call(d.adminDjs, {}), 403);
    await expectError(as(other).call(d.adminFans, { params: { id: dj.uuid } }), 403);
  });
});
