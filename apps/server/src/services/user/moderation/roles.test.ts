import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditEndpoints as audit,
  authEndpoints as auth,
  moderationEndpoints as e,
  type UserRole,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { eventually } from '../../../realtime/test-kit';

/** STAFF-ROLES-1/2: giving and taking platform roles from the staff console. */
type TestUser = Awaited<ReturnType<TestServer['createUser']>>;

let s: TestServer;
let mod: TestUser;
let admin: TestUser;
const user = (roles?: UserRole[]) => s.createUser({ roles });
const remove = (token: string | null, userUuid: string, role: string) =>
  s.as(token).call(e.removeRole, { body: { userUuid, role: role as UserRole } });

beforeAll(async () => {
  s = await startTestServer();
  mod = await user(['user', 'moderator']);
  admin = await user(['user', 'admin']);
});
afterAll(() => s.close());

describe('POST /users/remove-role (STAFF-ROLES-2)', () => {
  it('an admin takes globalModerator back; the account’s old token stops at once', async () => {
    const target = await user(['user']);
    await s.as(admin.token).call(e.addGlobalModeratorRole, { body: { userUuid: target.uuid } });
    const { accessToken } = await s.client.call(auth.login, {
      body: { email: target.email, password: target.password },
    });
    expect((await s.as(accessToken).call(auth.session, {})).roles).toContain('globalModerator');
    const res = await remove(admin.token, target.uuid, 'globalModerator');
    expect(res.roles).not.toContain('globalModerator');
    expect(res.roles).toContain('user');
    await expectError(s.as(accessToken).call(auth.session, {}), 401);
    const again = await s.client.call(auth.login, {
      body: { email: target.email, password: target.password },
    });
    expect((await s.as(again.accessToken).call(auth.session, {})).roles).not.toContain(
      'globalModerator',
    );
    // AUDIT-MOD-1: the log names the role taken.
    await eventually(async () => {
      const log = await s
        .as(admin.token)
        .call(audit.userActions, { params: { x: target.uuid }, query: { limit: 10, offset: 0 } });
      expect(log.actions.map((a) => [a.actionType, a.role])).toContainEqual([
        'roleRemoved',
        'globalModerator',
      ]);
    });
  });

  it('a moderator takes back promoter but not a role above what they may grant', async () => {
    const target = await user(['user', 'promoter', 'staff']);
    expect((await remove(mod.token, target.uuid, 'promoter')).roles).not.toContain('promoter');
    await expectError(
      remove(mod.token, target.uuid, 'staff'),
      403,
      'You are not allowed to grant this role.',
    );
  });

  it('bad input: an unknown role, a bad uuid, the user role, a role not held', async () => {
    const target = await user(['user']);
    await expectError(remove(admin.token, target.uuid, 'king'), 400);
    await expectError(remove(admin.token, 'not-a-uuid', 'promoter'), 400);
    await expectError(remove(admin.token, target.uuid, 'user'), 403);
    await expectError(
      remove(admin.token, target.uuid, 'promoter'),
      409,
      'This user does not have this role.',
    );
  });

  it('missing token answers 401; a plain user or an equal rank answers 403', async () => {
    const target = await user(['user', 'promoter']);
    await expectError(remove(null, target.uuid, 'promoter'), 401);
    const plain = await user(['user']);
    await expectError(remove(plain.token, target.uuid, 'promoter'), 403);
    const otherAdmin = await user(['user', 'admin']);
    await expectError(remove(admin.token, otherAdmin.uuid, 'admin'), 403);
    await expectError(remove(admin.token, admin.uuid, 'admin'), 403);
  });
});
