import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as protocol from '@tt/protocol';
import {
  ERRORS,
  roomEndpoints,
  roomRoleEndpoints,
  roomSettingsEndpoints,
  TOKEN_ROLES,
  type Permission,
  type RoomDto,
  type TokenRole,
  type UserRole,
} from '@tt/protocol';
import { accessRefusal, refusalCode, roomRolePermission, type Actor } from '@tt/rules';
import { startTestServer, type TestServer } from '../../test/harness';
import { createRoom } from '../services/room/testing';

/**
 * ACCESS-TEST-1: the access table, walked through the real HTTP boundary.
 * 1. Every endpoint that declares a permission, called by a token of each platform role: refused
 *    with 403 FORBIDDEN_ROLE (guests: GUEST_NOT_ALLOWED) exactly when the table says so.
 * 2. The room permissions, by each kind of person a room knows (owner, co-owner, moderator, DJ,
 *    someone, a platform moderator, an admin, staff): refused with the permission's own code
 *    exactly when `can` refuses.
 */

interface Contract {
  service: string;
  method: string;
  path: string;
  auth: unknown;
}

const isContract = (x: unknown): x is Contract =>
  typeof x === 'object' && x !== null && 'method' in x && 'path' in x && 'auth' in x;

function contracts(): Contract[] {
  const out = new Map<string, Contract>();
  const visit = (x: unknown, depth: number) => {
    if (isContract(x)) out.set(`${x.service} ${x.method} ${x.path}`, x);
    else if (x && typeof x === 'object' && !Array.isArray(x) && depth < 3) {
      for (const v of Object.values(x)) visit(v, depth + 1);
    }
  };
  for (const v of Object.values(protocol)) visit(v, 0);
  return [...out.values()];
}

const PERMISSION_SET = new Set<string>(protocol.PERMISSIONS);
const guarded = contracts().filter(
  (c): c is Contract & { auth: Permission } =>
    typeof c.auth === 'string' && PERMISSION_SET.has(c.auth),
);

const NO_SUCH_UUID = '00000000-0000-4000-8000-00000000abcd';
const url = (c: Contract) =>
  `/api/${c.service}-service${c.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    /uuid/i.test(name) ? NO_SUCH_UUID : '987654',
  )}`;

let s: TestServer;
const tokens = new Map<TokenRole, string>();

beforeAll(async () => {
  s = await startTestServer();
  for (const role of TOKEN_ROLES) {
    if (role === 'guest') {
      const res = await fetch(`${s.url}/api/user-service/auth/guest`);
      tokens.set(role, ((await res.json()) as { accessToken: string }).accessToken);
    } else {
      const roles: UserRole[] = role === 'user' ? ['user'] : ['user', role];
      tokens.set(role, (await s.createUser({ roles })).token);
    }
  }
});
afterAll(() => s.close());

async function call(c: Contract, token: string): Promise<{ status: number; message: string }> {
  const res = await fetch(`${s.url}${url(c)}`, {
    method: c.method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(c.method === 'GET' || c.method === 'DELETE'
        ? {}
        : { 'content-type': 'application/json' }),
    },
    body: c.method === 'GET' || c.method === 'DELETE' ? undefined : '{}',
    redirect: 'manual',
  });
  const text = await res.text();
  let message: string;
  try {
    message = String((JSON.parse(text) as { message?: unknown }).message ?? '');
  } catch {
    message = text.slice(0, 80);
  }
  return { status: res.status, message };
}

describe('ACCESS-TEST-1: every permission is checked somewhere', () => {
  it('by a route, or by name in the server, the web or a rule of packages/rules', () => {
    const root = path.join(import.meta.dirname, '../../../..');
    const literals = execFileSync(
      'grep',
      [
        '-rhoE',
        "'[a-zA-Z]+\\.[a-zA-Z.]+'",
        '--include=*.ts',
        '--include=*.tsx',
        '--exclude=*.test.ts',
        '--exclude=table.ts',
        '--exclude=doc.ts',
        'apps/server/src',
        'apps/web/src',
        'packages/rules/src',
      ],
      { cwd: root, encoding: 'utf8' },
    );
    const named = new Set(literals.split('\n').map((l) => l.slice(1, -1)));
    const declared = new Set(guarded.map((c) => c.auth));
    const unchecked = protocol.PERMISSIONS.filter((p) => !named.has(p) && !declared.has(p));
    expect(unchecked).toEqual([]);
  });
});

describe('ACCESS-TEST-1: every permission a route declares, for every platform role', () => {
  it('covers the routes that declare a permission', () => {
    expect(guarded.length).toBeGreaterThan(100);
  });

  for (const role of TOKEN_ROLES) {
    it(`${role}: refused exactly where the table refuses`, async () => {
      const token = tokens.get(role)!;
      const actor: Actor = { uuid: 'x', roles: role === 'guest' ? ['guest'] : ['user', role] };
      const wrong: string[] = [];
      for (const c of guarded) {
        const allowed = accessRefusal(actor, c.auth) === null;
        const { status, message } = await call(c, token);
        const refusedHere =
          status === 403 &&
          (message === ERRORS.FORBIDDEN_ROLE.message ||
            message === ERRORS.GUEST_NOT_ALLOWED.message);
        if (allowed === refusedHere || status === 401 || status >= 500) {
          wrong.push(`${c.method} ${url(c)} (${c.auth}): ${status} ${message}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }
});

type User = Awaited<ReturnType<TestServer['createUser']>>;

/** Who a room knows, and the room role each holds there (none for the platform roles). */
const PEOPLE = [
  { who: 'owner', platform: [] as UserRole[] },
  { who: 'coOwner', platform: [] },
  { who: 'moderator', platform: [] },
  { who: 'dj', platform: [] },
  { who: 'someone', platform: [] },
  { who: 'platform moderator', platform: ['globalModerator'] },
  { who: 'admin', platform: ['admin'] },
  { who: 'staff', platform: ['staff'] },
] as const;

/** One room per person: its owner gives the room roles, then the person tries each permission. */
async function roomFor(
  person: (typeof PEOPLE)[number],
  me: User,
): Promise<{ room: RoomDto; owner: User }> {
  const owner = person.who === 'owner' ? me : await s.createUser();
  const room = await createRoom(s, owner.token);
  const give = (userUuid: string, role: protocol.RoomUserRole) =>
    s.as(owner.token).call(roomRoleEndpoints.create, {
      params: { roomId: room.uuid },
      body: { userUuid, role },
    });
  if (person.who === 'coOwner' || person.who === 'moderator' || person.who === 'dj') {
    await give(me.uuid, person.who);
  }
  return { room: await s.client.call(roomEndpoints.get, { params: { id: room.uuid } }), owner };
}

/**
 * Each room permission with a call that needs it. `also`: permissions the call checks first (giving
 * a staff role or a ban is giving a room role: `room.roles.assign` answers first).
 */
const CHECKS: {
  permission: Permission;
  also?: Permission[];
  run: (token: string, room: RoomDto) => Promise<unknown>;
}[] = [
  {
    permission: 'room.settings.edit',
    run: (t, r) =>
      s.as(t).call(roomEndpoints.update, { params: { id: r.uuid }, body: { description: 'x' } }),
  },
  {
    permission: 'room.pins.edit',
    run: (t, r) =>
      s.as(t).call(roomSettingsEndpoints.pinnedMessages, {
        params: { id: r.uuid },
        body: { pinnedMessages: [] },
      }),
  },
  {
    permission: 'room.promote',
    run: (t, r) =>
      s
        .as(t)
        .call(roomSettingsEndpoints.promote, { params: { id: r.uuid }, body: { promoted: true } }),
  },
  ...(['dj', 'chatDisabled', 'banned', 'moderator', 'coOwner'] as const).map((role) => ({
    permission: roomRolePermission(role),
    also: ['room.roles.assign'] as Permission[],
    run: async (t: string, r: RoomDto) =>
      s.as(t).call(roomRoleEndpoints.create, {
        params: { roomId: r.uuid },
        body: { userUuid: (await s.createUser()).uuid, role },
      }),
  })),
  {
    permission: 'room.kick',
    run: async (t, r) =>
      s.as(t).call(roomRoleEndpoints.kick, {
        body: { roomUuid: r.uuid, userUuid: (await s.createUser()).uuid },
      }),
  },
  {
    permission: 'room.owner.change',
    run: async (t, r) =>
      s.as(t).call(roomRoleEndpoints.changeOwner, {
        params: { roomId: r.uuid },
        body: { userUuid: (await s.createUser()).uuid },
      }),
  },
  {
    permission: 'room.delete',
    run: (t, r) => s.as(t).call(roomEndpoints.delete, { params: { id: r.uuid } }),
  },
];

describe('ACCESS-TEST-1: room permissions, by everyone a room knows', () => {
  for (const person of PEOPLE) {
    it(`${person.who}: each room permission answers as the table says`, async () => {
      const me = await s.createUser({ roles: ['user', ...person.platform] });
      const actor: Actor = { uuid: me.uuid, roles: ['user', ...person.platform] };
      const wrong: string[] = [];
      for (const check of CHECKS) {
        // A room of its own per check: handing the room over or deleting it changes the next one.
        const { room } = await roomFor(person, me);
        let expected: { status: number; message: string } | null = null;
        for (const p of [...(check.also ?? []), check.permission]) {
          const why = accessRefusal(actor, p, { room });
          if (why) {
            expected = ERRORS[refusalCode(p, why)];
            break;
          }
        }
        let outcome: string;
        try {
          await check.run(me.token, room);
          outcome = 'allowed';
        } catch (err) {
          const e = err as { status?: number; body?: { message?: unknown } };
          outcome = `${e.status} ${String(e.body?.message)}`;
        }
        const want = expected ? `${expected.status} ${expected.message}` : 'allowed';
        if (outcome !== want) wrong.push(`${check.permission}: got ${outcome}, want ${want}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
