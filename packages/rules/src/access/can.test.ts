import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PERMISSIONS, type Permission, type RoomUserRoleDto } from '@tt/protocol';
import {
  ACCESS_DOC_BEGIN,
  ACCESS_DOC_END,
  ACCESS_TABLE,
  accessRefusal,
  accessTableMarkdown,
  can,
  granteesOf,
  mayGrantRole,
  outranksInRoom,
  permissionsOf,
  platformRolesGranting,
  refusalCode,
  roleInForce,
  roomRank,
  roomRolesGranting,
  type Grantee,
} from './index';

const NOW = Date.parse('2030-01-01T00:00:00Z');
const role = (
  userUuid: string,
  r: RoomUserRoleDto['role'],
  expirationTime: string | null = null,
) => ({
  userUuid,
  role: r,
  expirationTime,
});

describe('ACCESS-TABLE-1/2: every grantee × every permission', () => {
  it('each grantee of the table grants exactly its own and inherited permissions', () => {
    // Walk the whole table: a permission is held iff it is listed, or listed by an inherited role.
    const listed = (g: Grantee, seen = new Set<string>()): Set<Permission> => {
      const out = new Set<Permission>();
      for (const grant of ACCESS_TABLE[g]) {
        if (grant.startsWith('@')) {
          const parent = grant.slice(1) as Grantee;
          if (seen.has(parent)) continue;
          seen.add(parent);
          for (const p of listed(parent, seen)) out.add(p);
        } else out.add(grant as Permission);
      }
      return out;
    };
    for (const g of Object.keys(ACCESS_TABLE) as Grantee[]) {
      const want = listed(g);
      for (const p of PERMISSIONS) expect(permissionsOf(g).has(p), `${g} ${p}`).toBe(want.has(p));
    }
  });

  it('a platform role holds what the roles it takes hold', () => {
    for (const p of permissionsOf('moderator'))
      expect(permissionsOf('globalModerator').has(p)).toBe(true);
    for (const p of permissionsOf('globalModerator'))
      expect(permissionsOf('admin').has(p)).toBe(true);
    for (const p of [...permissionsOf('admin'), ...permissionsOf('staff')]) {
      expect(permissionsOf('superUser').has(p), p).toBe(true);
    }
    for (const p of permissionsOf('user')) expect(permissionsOf('bot').has(p)).toBe(true);
  });

  it('every permission is granted by someone, and nothing grants a name that does not exist', () => {
    const granted = new Set(
      (Object.keys(ACCESS_TABLE) as Grantee[]).flatMap((g) => [...permissionsOf(g)]),
    );
    expect(PERMISSIONS.filter((p) => !granted.has(p))).toEqual([]);
  });

  it('a guest holds only joining and speaking in a room; a token with no role is a user', () => {
    expect(PERMISSIONS.filter((p) => can({ uuid: 'g', roles: ['guest'] }, p))).toEqual([
      'room.join',
      'room.chat',
    ]);
    expect(granteesOf({ uuid: 'u', roles: [] })).toEqual(['user']);
  });
});

describe('ACCESS-CONTEXT-1: what the room, the community and ownership add', () => {
  const room = {
    roomRoles: [
      role('own', 'owner'),
      role('co', 'coOwner'),
      role('mod', 'moderator'),
      role('dj', 'dj'),
    ],
    djType: 'INVITE_ONLY' as const,
  };
  it('room roles grant in their room only', () => {
    expect(can({ uuid: 'co', roles: ['user'] }, 'room.settings.edit', { room })).toBe(true);
    expect(can({ uuid: 'co', roles: ['user'] }, 'room.settings.edit')).toBe(false);
    expect(can({ uuid: 'mod', roles: ['user'] }, 'room.settings.edit', { room })).toBe(false);
    expect(can({ uuid: 'mod', roles: ['user'] }, 'room.kick', { room })).toBe(true);
    expect(can({ uuid: 'own', roles: ['user'] }, 'room.coOwners.assign', { room })).toBe(true);
    expect(can({ uuid: 'co', roles: ['user'] }, 'room.coOwners.assign', { room })).toBe(false);
  });
  it('the DJ setting decides who holds room.dj (RR-DJ-1…5)', () => {
    const u = (uuid: string, pro?: boolean) => ({ uuid, roles: ['user'] as const, pro });
    expect(can(u('dj'), 'room.dj', { room })).toBe(true);
    expect(can(u('mod'), 'room.dj', { room })).toBe(true);
    expect(can(u('x'), 'room.dj', { room })).toBe(false);
    expect(can(u('x'), 'room.dj', { room: { ...room, djType: 'EVERYONE' } })).toBe(true);
    const pro = { ...room, djType: 'PRO_PLAN_OWNER' as const };
    expect(can(u('x', true), 'room.dj', { room: pro })).toBe(true);
    expect(can(u('mod'), 'room.dj', { room: pro })).toBe(false);
    expect(can(u('co'), 'room.dj', { room: pro })).toBe(true);
    expect(
      can({ uuid: 'g', roles: ['guest'] }, 'room.dj', { room: { ...room, djType: 'EVERYONE' } }),
    ).toBe(false);
  });
  it('self: the owner of the thing at hand', () => {
    expect(can({ uuid: 'a', roles: ['user'] }, 'song.edit', { ownerUuid: 'a' })).toBe(true);
    expect(can({ uuid: 'a', roles: ['user'] }, 'song.edit', { ownerUuid: 'b' })).toBe(false);
    expect(can({ uuid: 'a', roles: ['user'] }, 'song.edit', { ownerUuid: null })).toBe(false);
    expect(can({ uuid: 'a', roles: ['user', 'moderator'] }, 'song.edit', { ownerUuid: 'b' })).toBe(
      true,
    );
  });
  it('community roles and capabilities', () => {
    expect(
      can({ uuid: 'a', roles: ['user'] }, 'community.manage', { community: { role: 'moderator' } }),
    ).toBe(true);
    expect(
      can({ uuid: 'a', roles: ['user'] }, 'community.manage', { community: { role: 'member' } }),
    ).toBe(false);
    expect(can({ uuid: 'a', roles: ['user'], capabilities: ['uploadMusic'] }, 'song.upload')).toBe(
      true,
    );
    expect(can({ uuid: 'a', roles: ['user'] }, 'song.upload')).toBe(false);
  });
});

describe('ACCESS-ROLE-1 and ACCESS-RESTRICT-1', () => {
  it('a role counts until its expiration; a broken expiration never ends', () => {
    expect(roleInForce({ expirationTime: null }, NOW)).toBe(true);
    expect(roleInForce({ expirationTime: '2030-01-01T00:00:01Z' }, NOW)).toBe(true);
    expect(roleInForce({ expirationTime: '2030-01-01T00:00:00Z' }, NOW)).toBe(false);
    expect(roleInForce({ expirationTime: 'not a date' }, NOW)).toBe(true);
  });
  it('bans, kicks and mutes take away; platform moderators keep joining and speaking', () => {
    const room = {
      roomRoles: [
        role('b', 'banned'),
        role('k', 'kicked', '2030-01-01T00:10:00Z'),
        role('m', 'chatDisabled'),
        role('gm', 'banned'),
      ],
      djType: 'EVERYONE' as const,
    };
    const here = { room, now: NOW };
    expect(accessRefusal({ uuid: 'b', roles: ['user'] }, 'room.join', here)).toBe('room:banned');
    expect(refusalCode('room.join', 'room:banned')).toBe('ROOM_BANNED');
    expect(refusalCode('room.join', 'room:kicked')).toBe('ROOM_KICKED');
    expect(accessRefusal({ uuid: 'k', roles: ['user'] }, 'room.dj', here)).toBe('room:kicked');
    expect(can({ uuid: 'k', roles: ['user'] }, 'room.join', { room, now: NOW + 3600_000 })).toBe(
      true,
    );
    expect(accessRefusal({ uuid: 'm', roles: ['user'] }, 'room.chat', here)).toBe(
      'room:chatDisabled',
    );
    expect(can({ uuid: 'm', roles: ['user'] }, 'room.dj', here)).toBe(true);
    const gm = { uuid: 'gm', roles: ['user', 'globalModerator'] as const };
    expect(can(gm, 'room.join', here)).toBe(true);
    expect(can(gm, 'room.chat', here)).toBe(true);
    expect(can(gm, 'room.dj', here)).toBe(false);
  });
  it('an unverified account may not create or DJ, and is told why', () => {
    const room = { roomRoles: [], djType: 'EVERYONE' as const };
    expect(
      accessRefusal({ uuid: 'u', roles: ['user'], verified: false }, 'room.dj', { room }),
    ).toBe('unverified');
    expect(refusalCode('crate.create', 'unverified')).toBe('EMAIL_NOT_VERIFIED_ACTION');
    expect(can({ uuid: 'u', roles: ['user'], verified: false }, 'room.join', { room })).toBe(true);
  });
});

describe('ACCESS-RANK-1/2 and ACCESS-GRANT-1', () => {
  const room = {
    roomRoles: [role('own', 'owner'), role('co', 'coOwner'), role('mod', 'moderator')],
  };
  it('ranks in a room and who outranks whom', () => {
    expect(roomRank({ uuid: 'x', roles: ['user', 'admin'] }, room)).toBe(4);
    expect(roomRank({ uuid: 'own', roles: ['user'] }, room)).toBe(3);
    expect(roomRank({ uuid: 'x', roles: ['user', 'moderator'] }, room)).toBe(2.5);
    expect(roomRank({ uuid: 'co', roles: ['user'] }, room)).toBe(2);
    expect(outranksInRoom({ uuid: 'co', roles: ['user'] }, room, 'mod')).toBe(true);
    expect(outranksInRoom({ uuid: 'mod', roles: ['user'] }, room, 'co')).toBe(false);
    expect(outranksInRoom({ uuid: 'own', roles: ['user'] }, room, 'own')).toBe(false);
  });
  it('who gives which platform role', () => {
    const mod = { uuid: 'm', roles: ['user', 'moderator'] as const };
    const admin = { uuid: 'a', roles: ['user', 'admin'] as const };
    expect(mayGrantRole(mod, 'promoter')).toBe(true);
    expect(mayGrantRole(mod, 'staff')).toBe(false);
    expect(mayGrantRole(admin, 'globalModerator')).toBe(true);
    expect(mayGrantRole(admin, 'superUser')).toBe(false);
    expect(mayGrantRole({ uuid: 's', roles: ['superUser'] }, 'superUser')).toBe(true);
  });
  it('finds the roles that grant a permission', () => {
    expect(roomRolesGranting('room.kick')).toEqual(['owner', 'coOwner', 'moderator']);
    expect(platformRolesGranting('upload.access.review')).toEqual([
      'moderator',
      'globalModerator',
      'admin',
      'superUser',
    ]);
  });
});

describe('ACCESS-DOC-1: docs/ACCESS-RULES.md shows this table', () => {
  it('the generated table is the one in the docs (npm run docs:access)', () => {
    const doc = fs.readFileSync(path.join(__dirname, '../../../../docs/ACCESS-RULES.md'), 'utf8');
    const start = doc.indexOf(ACCESS_DOC_BEGIN);
    const end = doc.indexOf(ACCESS_DOC_END) + ACCESS_DOC_END.length;
    expect(start).toBeGreaterThan(-1);
    expect(doc.slice(start, end)).toBe(accessTableMarkdown());
  });
});
