import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  authEndpoints as auth,
  moderationEndpoints as e,
  profileEndpoints as profile,
  type UserRole,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { workEvents } from '../../../platform/outbox/testing';

type TestUser = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let mod: TestUser;
let admin: TestUser;
let plain: TestUser;
const UNKNOWN = '0e0a6f3c-1111-4222-8333-944445555666';
const RANK = 'You cannot act on an account whose role is equal to or higher than yours.';
const SELF = 'You cannot perform this action on your own account.';

beforeAll(async () => {
  s = await startTestServer();
  mod = await s.createUser({ roles: ['user', 'moderator'] });
  admin = await s.createUser({ roles: ['user', 'admin'] });
  plain = await s.createUser();
});
afterAll(() => s.close());

const user = (roles?: UserRole[]) => s.createUser({ roles });
const login = (u: TestUser) =>
  s.client.call(auth.login, { body: { email: u.email, password: u.password } });
const session = (token: string) => s.as(token).call(auth.session, {});

describe('who may call', () => {
  // Each moderation route with a valid input; the calls are refused before the input matters.
  const calls: [string, (token: string | null) => Promise<unknown>][] = [
    ['kick', (t) => s.as(t).call(e.kick, { body: { userUuid: UNKNOWN } })],
    ['ban', (t) => s.as(t).call(e.ban, { body: { userUuid: UNKNOWN } })],
    [
      'temporary-ban',
      (t) => s.as(t).call(e.temporaryBan, { body: { userUuid: UNKNOWN, durationMinutes: 5 } }),
    ],
    ['unban', (t) => s.as(t).call(e.unban, { body: { userUuid: UNKNOWN } })],
    ['add-role', (t) => s.as(t).call(e.addRole, { body: { userUuid: UNKNOWN, role: 'promoter' } })],
    [
      'add-global-moderator-role',
      (t) => s.as(t).call(e.addGlobalModeratorRole, { body: { userUuid: UNKNOWN } }),
    ],
    [
      'PUT capability',
      (t) => s.as(t).call(e.addCapability, { params: { id: UNKNOWN, capability: 'uploadMusic' } }),
    ],
    [
      'DELETE capability',
      (t) =>
        s.as(t).call(e.removeCapability, { params: { id: UNKNOWN, capability: 'uploadMusic' } }),
    ],
    ['profile-admin', (t) => s.as(t).call(e.profileAdmin, { body: { userUuid: UNKNOWN } })],
    [
      'change-badges-admin',
      (t) => s.as(t).call(e.changeBadgesAdmin, { body: { userUuid: UNKNOWN, badges: [] } }),
    ],
    [
      'add-badges-service',
      (t) => s.as(t).call(e.addBadgesService, { body: { userUuid: UNKNOWN, badges: [] } }),
    ],
    [
      'remove-badges-service',
      (t) => s.as(t).call(e.removeBadgesService, { body: { userUuid: UNKNOWN, badges: [] } }),
    ],
    [
      'POST comment',
      (t) => s.as(t).call(e.addComment, { body: { userUuid: UNKNOWN, comment: 'x' } }),
    ],
    ['GET comments', (t) => s.as(t).call(e.comments, { params: { id: UNKNOWN } })],
    ['list-deactivate', (t) => s.as(t).call(e.listDeactivate, {})],
    [
      'cancel-requested-deactivate',
      (t) => s.as(t).call(e.cancelRequestedDeactivate, { body: { userUuid: UNKNOWN } }),
    ],
    ['reactivate', (t) => s.as(t).call(e.reactivate, { params: { id: UNKNOWN } })],
  ];

  it.each(calls)('%s needs a token (401) and the right role (403)', async (_name, call) => {
    await expectError(call(null), 401, 'Unauthorized to perform action');
    await expectError(call(plain.token), 403, 'You do not have the role this action needs');
  });

  it('add-global-moderator-role needs an admin; badge service routes need staff or superUser', async () => {
    const target = await user();
    await expectError(
      s.as(mod.token).call(e.addGlobalModeratorRole, { body: { userUuid: target.uuid } }),
      403,
      'You do not have the role this action needs',
    );
    await expectError(
      s.as(mod.token).call(e.addBadgesService, { body: { userUuid: target.uuid, badges: [] } }),
      403,
      'You do not have the role this action needs',
    );
  });

  it('refuses unknown accounts, bad uuids, self and accounts of equal or higher rank', async () => {
    await expectError(
      s.as(mod.token).call(e.kick, { body: { userUuid: UNKNOWN } }),
      404,
      'User profile not found.',
    );
    await expectError(
      s.as(mod.token).call(e.kick, { body: { userUuid: 'nope' } }),
      400,
      /userUuid/,
    );
    await expectError(s.as(mod.token).call(e.ban, { body: { userUuid: mod.uuid } }), 403, SELF);
    await expectError(s.as(mod.token).call(e.kick, { body: { userUuid: mod.uuid } }), 403, SELF);
    const peer = await user(['user', 'moderator']);
    const global = await user(['user', 'globalModerator']);
    for (const target of [peer, global, admin]) {
      await expectError(
        s.as(mod.token).call(e.ban, { body: { userUuid: target.uuid } }),
        403,
        RANK,
      );
    }
    await expectError(s.as(admin.token).call(e.kick, { body: { userUuid: admin.uuid } }), 403);
    // an admin may act on a moderator
    await s.as(admin.token).call(e.kick, { body: { userUuid: peer.uuid } });
  });
});

describe('kick and bans', () => {
  it('kick ends every session; a new login works', async () => {
    const target = await user();
    const res = await s
      .as(mod.token)
      .call(e.kick, { body: { userUuid: target.uuid, reason: 'spam' } });
    expect(res.uuid).toBe(target.uuid);
    await expectError(session(target.token), 401, 'Your session has ended, please log in again');
    const { accessToken } = await login(target);
    expect((await session(accessToken)).uuid).toBe(target.uuid);
  });

  it('ban ends sessions (SEC-SESSION-3: the 401 says banned) and refuses logins until unban', async () => {
    const target = await user();
    const banned = await s.as(mod.token).call(e.ban, {
      body: { userUuid: target.uuid, reason: 'abuse' },
    });
    expect(banned).toMatchObject({ banned: true, bannedUntil: null });
    await expectError(session(target.token), 401, 'This account is banned');
    await expectError(login(target), 403, 'This account is banned');
    const unbanned = await s.as(mod.token).call(e.unban, { body: { userUuid: target.uuid } });
    expect(unbanned).toMatchObject({ banned: false, bannedUntil: null });
    await login(target);
  });

  it('temporary ban for a duration refuses logins until its end', async () => {
    const target = await user();
    const res = await s.as(mod.token).call(e.temporaryBan, {
      body: { userUuid: target.uuid, durationMinutes: 60 },
    });
    expect(res.banned).toBe(true);
    const until = new Date(res.bannedUntil!).getTime();
    expect(until).toBeGreaterThan(Date.now() + 59 * 60_000);
    expect(until).toBeLessThan(Date.now() + 61 * 60_000);
    // SEC-SESSION-3: the ended session says until when, as the refused login does.
    await expectError(
      session(target.token),
      401,
      `This account is banned until ${res.bannedUntil}`,
    );
    await expectError(login(target), 403, `This account is banned until ${res.bannedUntil}`);
  });

  it('a temporary ban whose `until` has passed no longer blocks', async () => {
    const target = await user();
    const until = new Date(Date.now() - 60_000).toISOString();
    const res = await s.as(mod.token).call(e.temporaryBan, {
      body: { userUuid: target.uuid, until },
    });
    expect(res).toMatchObject({ banned: false, bannedUntil: until });
    const { accessToken } = await login(target);
    expect((await session(accessToken)).uuid).toBe(target.uuid);
  });

  it('temporary ban needs exactly one of durationMinutes or until', async () => {
    const target = await user();
    const msg = 'A temporary ban needs exactly one of durationMinutes or until.';
    await expectError(
      s.as(mod.token).call(e.temporaryBan, { body: { userUuid: target.uuid } }),
      400,
      msg,
    );
    await expectError(
      s.as(mod.token).call(e.temporaryBan, {
        body: { userUuid: target.uuid, durationMinutes: 5, until: new Date().toISOString() },
      }),
      400,
      msg,
    );
    await expectError(
      s.as(mod.token).call(e.temporaryBan, { body: { userUuid: target.uuid, durationMinutes: 0 } }),
      400,
      /durationMinutes/,
    );
    await expectError(
      s.as(mod.token).call(e.temporaryBan, { body: { userUuid: target.uuid, until: 'soon' } }),
      400,
      /until/,
    );
  });
});

describe('roles and capabilities', () => {
  it('a moderator grants promoter, once; not staff or higher', async () => {
    const target = await user();
    const res = await s.as(mod.token).call(e.addRole, {
      body: { userUuid: target.uuid, role: 'promoter' },
    });
    expect(res.roles).toEqual(['user', 'promoter']);
    await expectError(
      s.as(mod.token).call(e.addRole, { body: { userUuid: target.uuid, role: 'promoter' } }),
      403,
      'This user has already this role.',
    );
    for (const role of ['staff', 'moderator', 'admin'] as const) {
      await expectError(
        s.as(mod.token).call(e.addRole, { body: { userUuid: target.uuid, role } }),
        403,
        'You are not allowed to grant this role.',
      );
    }
    await expectError(
      s.as(mod.token).call(e.addRole, { body: { userUuid: target.uuid, role: 'king' as never } }),
      400,
      /role/,
    );
  });

  it('an admin grants moderator (effective at the next login), not superUser', async () => {
    const target = await user();
    await s.as(admin.token).call(e.addRole, { body: { userUuid: target.uuid, role: 'moderator' } });
    const { accessToken } = await login(target);
    expect((await session(accessToken)).tokenRole).toBe('moderator');
    await expectError(
      s.as(admin.token).call(e.addRole, { body: { userUuid: target.uuid, role: 'superUser' } }),
      403,
      'You are not allowed to grant this role.',
    );
  });

  it('an admin grants globalModerator, once', async () => {
    const target = await user();
    const res = await s.as(admin.token).call(e.addGlobalModeratorRole, {
      body: { userUuid: target.uuid },
    });
    expect(res.roles).toContain('globalModerator');
    expect(res.tokenRole).toBe('globalModerator');
    await expectError(
      s.as(admin.token).call(e.addGlobalModeratorRole, { body: { userUuid: target.uuid } }),
      403,
      'This user has already this role.',
    );
  });

  it('grants and removes capabilities by uuid or numeric id', async () => {
    const target = await user();
    const put = (id: string | number) =>
      s
        .as(mod.token)
        .call(e.addCapability, { params: { id: String(id), capability: 'uploadMusic' } });
    expect(await put(target.uuid)).toEqual({ capabilities: ['uploadMusic'] });
    expect(await put(target.id)).toEqual({ capabilities: ['uploadMusic'] });
    await s.as(mod.token).call(e.addCapability, {
      params: { id: target.uuid, capability: 'promoteRoom' },
    });
    expect(await s.as(target.token).call(profile.capabilities, {})).toEqual({
      capabilities: ['uploadMusic', 'promoteRoom'],
    });
    expect(
      await s.as(mod.token).call(e.removeCapability, {
        params: { id: target.uuid, capability: 'uploadMusic' },
      }),
    ).toEqual({ capabilities: ['promoteRoom'] });
    await expectError(
      s.as(mod.token).call(e.addCapability, {
        params: { id: target.uuid, capability: 'fly' as never },
      }),
      400,
      /capability/,
    );
    await expectError(
      s
        .as(mod.token)
        .call(e.removeCapability, { params: { id: UNKNOWN, capability: 'promoteRoom' } }),
      404,
      'User profile not found.',
    );
    await expectError(
      s
        .as(mod.token)
        .call(e.addCapability, { params: { id: admin.uuid, capability: 'promoteRoom' } }),
      403,
      RANK,
    );
  });
});

describe('profiles and badges', () => {
  it("a moderator edits another account's profile with the profile rules", async () => {
    const target = await user();
    const res = await s.as(mod.token).call(e.profileAdmin, {
      body: { userUuid: target.uuid, nickname: 'Renamed', instagram: 'instagram.com/renamed' },
    });
    expect(res).toMatchObject({ nickname: 'Renamed', instagram: 'renamed' });
    const pub = await s.client.call(profile.publicProfile, { params: { id: target.uuid } });
    expect(pub.nickname).toBe('Renamed');
    await expectError(
      s.as(mod.token).call(e.profileAdmin, { body: { userUuid: target.uuid, color: 'red' } }),
      400,
      /color/,
    );
    await expectError(
      s.as(mod.token).call(e.profileAdmin, {
        body: { userUuid: target.uuid, passwordHash: 'x' } as never,
      }),
      400,
    );
    await expectError(
      s.as(mod.token).call(e.profileAdmin, { body: { userUuid: admin.uuid, nickname: 'x' } }),
      403,
      RANK,
    );
  });

  it('change-badges-admin replaces the list', async () => {
    const target = await user();
    const one = await s.as(mod.token).call(e.changeBadgesAdmin, {
      body: { userUuid: target.uuid, badges: ['VERIFIED', 'JQBX', 'VERIFIED'] },
    });
    expect(one.badges).toEqual(['VERIFIED', 'JQBX']);
    const two = await s.as(mod.token).call(e.changeBadgesAdmin, {
      body: { userUuid: target.uuid, badges: ['STAFF'] },
    });
    expect(two.badges).toEqual(['STAFF']);
    await expectError(
      s.as(mod.token).call(e.changeBadgesAdmin, {
        body: { userUuid: target.uuid, badges: ['GOLD' as never] },
      }),
      400,
      /badges/,
    );
  });

  it('services add and remove badges', async () => {
    const staff = await user(['user', 'staff']);
    const target = await user();
    const add = (badges: ('VERIFIED' | 'PLATINUM')[]) =>
      s.as(staff.token).call(e.addBadgesService, { body: { userUuid: target.uuid, badges } });
    await add(['VERIFIED']);
    expect((await add(['VERIFIED', 'PLATINUM'])).badges).toEqual(['VERIFIED', 'PLATINUM']);
    const removed = await s.as(staff.token).call(e.removeBadgesService, {
      body: { userUuid: target.uuid, badges: ['VERIFIED'] },
    });
    expect(removed.badges).toEqual(['PLATINUM']);
    await expectError(
      s.as(staff.token).call(e.removeBadgesService, { body: { userUuid: UNKNOWN, badges: [] } }),
      404,
      'User profile not found.',
    );
  });
});

describe('moderation comments', () => {
  it('adds notes and lists them newest first', async () => {
    const target = await user();
    const first = await s.as(mod.token).call(e.addComment, {
      body: { userUuid: target.uuid, comment: 'first warning' },
    });
    expect(first).toMatchObject({
      userUuid: target.uuid,
      authorUuid: mod.uuid,
      comment: 'first warning',
    });
    expect(typeof first.authorNickname).toBe('string');
    await s.as(admin.token).call(e.addComment, {
      body: { userUuid: target.uuid, comment: 'second warning' },
    });
    const list = await s.as(mod.token).call(e.comments, { params: { id: target.uuid } });
    expect(list.map((c) => c.comment)).toEqual(['second warning', 'first warning']);
    expect(await s.as(mod.token).call(e.comments, { params: { id: plain.uuid } })).toEqual([]);
  });

  it('refuses empty comments and unknown accounts', async () => {
    await expectError(
      s.as(mod.token).call(e.addComment, { body: { userUuid: plain.uuid, comment: '  ' } }),
      400,
      'comment: must not be empty',
    );
    await expectError(
      s.as(mod.token).call(e.addComment, { body: { userUuid: UNKNOWN, comment: 'x' } }),
      404,
      'User profile not found.',
    );
    await expectError(
      s.as(mod.token).call(e.comments, { params: { id: UNKNOWN } }),
      404,
      'User profile not found.',
    );
  });
});

describe('deactivation', () => {
  it('a user requests deactivation once; moderators list and cancel it', async () => {
    const target = await user();
    const req = await s.as(target.token).call(e.requestDeactivate, { body: { reason: 'break' } });
    expect(req).toMatchObject({ userUuid: target.uuid, reason: 'break', status: 'REQUESTED' });
    expect((await s.as(target.token).call(profile.ownProfile, {})).status).toBe(
      'DEACTIVATION_REQUESTED',
    );
    await expectError(
      s.as(target.token).call(e.requestDeactivate, { body: {} }),
      403,
      'A deactivation request is already open for this account.',
    );
    const list = await s.as(mod.token).call(e.listDeactivate, { query: { limit: 100 } });
    const entry = list.data.find((r) => r.userUuid === target.uuid);
    expect(entry).toMatchObject({ id: req.id, status: 'REQUESTED', user: { email: target.email } });
    expect(list.total).toBeGreaterThanOrEqual(1);

    const cancelled = await s.as(mod.token).call(e.cancelRequestedDeactivate, {
      body: { userUuid: target.uuid },
    });
    expect(cancelled).toMatchObject({ id: req.id, status: 'CANCELLED', handledBy: mod.uuid });
    expect((await s.as(target.token).call(profile.ownProfile, {})).status).toBe('ACTIVE');
    await expectError(
      s.as(mod.token).call(e.cancelRequestedDeactivate, { body: { userUuid: target.uuid } }),
      404,
      'This account has no open deactivation request.',
    );
    // a new request is possible after a cancel; the body may be left out
    await s
      .as(target.token)
      .raw({ method: 'POST', path: '/api/user-service/users/request-deactivate' });
  });

  it('pages the open requests with limit and offset', async () => {
    for (let i = 0; i < 3; i++) {
      const u = await user();
      await s.as(u.token).call(e.requestDeactivate, { body: {} });
    }
    const all = await s.as(mod.token).call(e.listDeactivate, { query: { limit: 100 } });
    const page = await s.as(mod.token).call(e.listDeactivate, { query: { limit: 2, offset: 1 } });
    expect(page.data.map((r) => r.id)).toEqual(all.data.slice(1, 3).map((r) => r.id));
    expect(page.total).toBe(all.total);
    await expectError(
      s.as(mod.token).call(e.listDeactivate, { query: { limit: 0 } }),
      400,
      /limit/,
    );
  });

  it('the user deactivates themself: tokens stop, login is refused, profile hidden', async () => {
    const target = await user();
    await s.as(target.token).call(e.requestDeactivate, { body: {} });
    const res = await s.as(target.token).call(e.deactivate, { params: { id: target.uuid } });
    expect(res.status).toBe('DEACTIVATED');
    await expectError(session(target.token), 401);
    await expectError(login(target), 403, 'This account is deactivated');
    expect(
      await s.client.call(profile.profiles, { query: { users: [target.uuid, plain.uuid] } }),
    ).toHaveLength(1);
    await expectError(
      s.client.call(profile.publicProfile, { params: { id: target.uuid } }),
      404,
      'User profile not found.',
    );
    // the request was closed
    const list = await s.as(mod.token).call(e.listDeactivate, { query: { limit: 100 } });
    expect(list.data.some((r) => r.userUuid === target.uuid)).toBe(false);
  });

  it('moderators deactivate and reactivate accounts below them', async () => {
    const target = await user();
    await s.as(mod.token).call(e.deactivate, { params: { id: target.uuid } });
    await expectError(
      s.as(mod.token).call(e.deactivate, { params: { id: target.uuid } }),
      409,
      'This account is already deactivated.',
    );
    const back = await s.as(mod.token).call(e.reactivate, { params: { id: target.uuid } });
    expect(back.status).toBe('ACTIVE');
    const { accessToken } = await login(target);
    expect((await session(accessToken)).uuid).toBe(target.uuid);
    await s.client.call(profile.publicProfile, { params: { id: target.uuid } });
    await expectError(
      s.as(mod.token).call(e.reactivate, { params: { id: target.uuid } }),
      409,
      'This account is not deactivated.',
    );
  });

  it('refuses others, higher ranks, unknown accounts and missing tokens', async () => {
    const other = await user();
    await expectError(
      s.as(plain.token).call(e.deactivate, { params: { id: other.uuid } }),
      403,
      'You can only deactivate your own account.',
    );
    await expectError(
      s.as(mod.token).call(e.deactivate, { params: { id: admin.uuid } }),
      403,
      RANK,
    );
    await expectError(
      s.as(mod.token).call(e.reactivate, { params: { id: admin.uuid } }),
      403,
      RANK,
    );
    await expectError(
      s.as(mod.token).call(e.deactivate, { params: { id: UNKNOWN } }),
      404,
      'User profile not found.',
    );
    await expectError(
      s.client.call(e.deactivate, { params: { id: other.uuid } }),
      401,
      'Unauthorized to perform action',
    );
    await expectError(
      s.client.call(e.requestDeactivate, { body: {} }),
      401,
      'Unauthorized to perform action',
    );
    const { accessToken: guest } = await s.client.call(auth.guest, {});
    await expectError(s.as(guest).call(e.requestDeactivate, { body: {} }), 403);
    await expectError(
      s.as(other.token).call(e.requestDeactivate, { body: { reason: 'x'.repeat(501) } }),
      400,
      /reason/,
    );
  });
});

describe('domain events', () => {
  it('writes kicked, banned, unbanned, rolesChanged, deactivated and reactivated as work; publishes profileUpdated and the live twins', async () => {
    const target = await user();
    const db = s.app.platform.db;
    const work = [
      'user.kicked',
      'user.banned',
      'user.unbanned',
      'user.rolesChanged',
      'user.deactivated',
      'user.reactivated',
    ] as const;
    const live = [
      'user.profileUpdated',
      'live.user.kicked',
      'live.user.banned',
      'live.user.deactivated',
    ] as const;
    const seen: string[] = [];
    const offs = await Promise.all(
      live.map((t) =>
        s.app.platform.bus.subscribe(t, (p) => {
          if (p.uuid === target.uuid) seen.push(t);
        }),
      ),
    );
    const body = { userUuid: target.uuid };
    await s.as(mod.token).call(e.kick, { body });
    await s.as(mod.token).call(e.ban, { body });
    await s.as(mod.token).call(e.unban, { body });
    await s.as(mod.token).call(e.addRole, { body: { ...body, role: 'promoter' } });
    await s.as(mod.token).call(e.changeBadgesAdmin, { body: { ...body, badges: ['JQBX'] } });
    await s.as(mod.token).call(e.deactivate, { params: { id: target.uuid } });
    await s.as(mod.token).call(e.reactivate, { params: { id: target.uuid } });
    // Work is written with the change: there when the answer comes.
    for (const topic of work) {
      const mine = (await workEvents(db, topic)).filter((p) => p.uuid === target.uuid);
      expect(mine, topic).toHaveLength(1);
    }
    const [roles] = (await workEvents(db, 'user.rolesChanged')).filter(
      (p) => p.uuid === target.uuid,
    );
    expect(roles!.roles).toContain('promoter');
    await vi.waitFor(() => expect([...seen].sort()).toEqual([...live].sort()));
    await Promise.all(offs.map((off) => off()));
  });
});
