import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as protocol from '@tt/protocol';
import { USER_ROLES, type Endpoint, type Permission, type UserRole } from '@tt/protocol';
import { can } from '@tt/rules';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';

/**
 * The auth rules of every contract, enumerated from packages/protocol (every `*Endpoints`
 * export), so a new endpoint is covered as soon as its contract exists. Auth runs in
 * onRequest, before validation, so the inputs only need to look valid.
 */

const MISSING = 'Missing bearer token';
/** SEC-AUTH-USER-1: the user service's own routes say it the spec's way. */
const USER_ACTION = 'Unauthorized to perform action';
const missingText = (def: Endpoint) => (def.service === 'user' ? USER_ACTION : MISSING);
const GUEST = 'Guests cannot perform this action, please log in';
const ROLE = 'You do not have the role this action needs';
const UUID = '0e0a6f3c-1111-4222-8333-944445555666';
/** What a refusal by the auth hook looks like (other 401/403 answers come from the handlers). */
const AUTH_REFUSALS = [
  `401 ${MISSING}`,
  `401 ${USER_ACTION}`,
  '401 Invalid or expired token',
  '401 Your session has ended, please log in again',
  `403 ${GUEST}`,
  `403 ${ROLE}`,
];

interface Contract {
  name: string;
  def: Endpoint;
}

/** Every `*Endpoints` export of the protocol package: [group name, its endpoints]. */
const groups = (Object.entries(protocol) as [string, unknown][]).filter(
  (entry): entry is [string, Record<string, Endpoint>] =>
    entry[0].endsWith('Endpoints') && typeof entry[1] === 'object' && entry[1] !== null,
);
const contracts: Contract[] = groups.flatMap(([group, endpoints]) =>
  Object.entries(endpoints).map(([key, def]) => ({
    name: `${def.method} ${def.path} (${group}.${key})`,
    def,
  })),
);
contracts.push({
  name: 'GET /info-admin/user-service-status',
  def: protocol.serviceStatusEndpoint('user'),
});

const SIMPLE = new Set(['public', 'authenticated', 'user']);
/** The roles the access table lets through a route that declares a permission (ACCESS-ROUTE-1). */
const roleList = (def: Endpoint): readonly UserRole[] | null =>
  SIMPLE.has(def.auth as string)
    ? null
    : USER_ROLES.filter((r) =>
        can({ uuid: 'x', roles: r === 'user' ? ['user'] : ['user', r] }, def.auth as Permission),
      );
const needsToken = contracts.filter((c) => c.def.auth !== 'public');
const noGuests = contracts.filter((c) => c.def.auth === 'user' || roleList(c.def));
const withRoles = contracts.filter((c) => roleList(c.def));

// ---------------------------------------------------------------------------------------------
// Valid-looking inputs generated from the zod schemas (zod 4 definitions).

interface ZodDefLike {
  type: string;
  shape?: Record<string, unknown>;
  innerType?: unknown;
  in?: unknown;
  options?: unknown[];
  entries?: Record<string, unknown>;
  values?: unknown[];
}
const defOf = (schema: unknown): ZodDefLike => (schema as { _zod: { def: ZodDefLike } })._zod.def;
const parses = (schema: unknown, value: unknown) =>
  (schema as { safeParse(v: unknown): { success: boolean } }).safeParse(value).success;

const STRINGS = [
  'long-enough-pw',
  UUID,
  'someone@example.test',
  '2030-01-01T00:00:00.000Z',
  '+447400123456',
  '123456',
];

function sample(schema: unknown, key = ''): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
      return undefined;
    case 'nullable':
    case 'readonly':
    case 'catch':
      return sample(def.innerType, key);
    case 'pipe':
      return sample(def.in, key);
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, field] of Object.entries(def.shape ?? {})) {
        const v = sample(field, k);
        if (v !== undefined) out[k] = v;
      }
      return out;
    }
    case 'string': {
      const preferred = /phone/i.test(key)
        ? ['+447400123456']
        : /code/i.test(key)
          ? ['123456']
          : [];
      return [...preferred, ...STRINGS].find((v) => parses(schema, v)) ?? 'x';
    }
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'array':
      return [];
    case 'record':
      return {};
    case 'union':
      return sample(def.options?.[0], key);
    default:
      return 'x';
  }
}

function inputFor(def: Endpoint): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  if (def.params) input.params = sample(def.params);
  else if (/\{\w+\}/.test(def.path)) {
    input.params = Object.fromEntries(
      [...def.path.matchAll(/\{(\w+)\}/g)].map((m) => [m[1], UUID]),
    );
  }
  if (def.query) input.query = sample(def.query);
  if (def.multipart) {
    const fd = new FormData();
    fd.append('kind', 'profilePicture');
    fd.append('file', new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' }));
    input.body = fd;
  } else if (def.body) input.body = sample(def.body);
  return input;
}

// ---------------------------------------------------------------------------------------------

let s: TestServer;
let guest: string;
let plain: string;
/** A token per role: ['user', role]. */
const roleTokens = new Map<UserRole, string>();

beforeAll(async () => {
  s = await startTestServer();
  guest = (await s.client.call(protocol.authEndpoints.guest, {})).accessToken;
  plain = (await s.createUser()).token;
  for (const role of USER_ROLES) {
    roleTokens.set(
      role,
      (await s.createUser({ roles: role === 'user' ? ['user'] : ['user', role] })).token,
    );
  }
});
afterAll(() => s.close());

const call = (token: string | null, def: Endpoint) => s.as(token).call(def, inputFor(def) as never);

describe('the contract list', () => {
  it('enumerates every group of endpoints', () => {
    expect(groups.map(([name]) => name)).toEqual(
      expect.arrayContaining(['authEndpoints', 'adminEndpoints']),
    );
    for (const [, endpoints] of groups) expect(Object.keys(endpoints).length).toBeGreaterThan(0);
    expect(needsToken.length).toBeGreaterThan(0);
    expect(withRoles.length).toBeGreaterThan(0);
  });
});

describe('missing token', () => {
  it.each(needsToken)('$name answers 401 without a token', async ({ def }) => {
    await expectError(call(null, def), 401, missingText(def));
  });

  it.each(needsToken)('$name answers 401 for a forged token', async ({ def }) => {
    await expectError(call('not.a.jwt', def), 401, 'Invalid or expired token');
  });
});

describe('guest token', () => {
  it.each(noGuests)('$name refuses a guest with 403', async ({ def }) => {
    await expectError(call(guest, def), 403, GUEST);
  });
});

describe('wrong role', () => {
  it.each(withRoles)(
    '$name refuses a plain user and every role outside its list',
    async ({ def }) => {
      await expectError(call(plain, def), 403, ROLE);
      for (const role of USER_ROLES.filter((r) => !roleList(def)!.includes(r))) {
        await expectError(call(roleTokens.get(role)!, def), 403, ROLE).catch((err: Error) => {
          throw new Error(`role ${role}: ${err.message}`);
        });
      }
    },
  );
});

describe('allowed callers get past auth', () => {
  /** Who the contract lets in: fresh accounts, since the calls may change them. */
  async function allowedTokens(def: Endpoint): Promise<[string, string][]> {
    if (def.auth === 'authenticated') {
      const g = (await s.client.call(protocol.authEndpoints.guest, {})).accessToken;
      return [
        ['guest', g],
        ['user', (await s.createUser()).token],
      ];
    }
    if (def.auth === 'user') return [['user', (await s.createUser()).token]];
    const out: [string, string][] = [];
    for (const role of roleList(def) ?? []) {
      out.push([role, (await s.createUser({ roles: ['user', role as UserRole] })).token]);
    }
    return out;
  }

  it.each(needsToken)('$name lets its callers in, and answers below 500', async ({ def }) => {
    for (const [who, token] of await allowedTokens(def)) {
      try {
        await call(token, def);
      } catch (err) {
        const e = err as { status?: number; body?: { message?: unknown } };
        const refusedByAuth = AUTH_REFUSALS.includes(`${e.status} ${String(e.body?.message)}`);
        expect(refusedByAuth, `${who}: ${e.status} ${JSON.stringify(e.body)}`).toBe(false);
        expect(e.status, `${who}: ${JSON.stringify(e.body)}`).toBeLessThan(500);
      }
    }
  });
});
