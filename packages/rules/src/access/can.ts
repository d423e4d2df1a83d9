/**
 * `can(actor, permission, resource)`: the one answer to "may this person do this here?" for the
 * server, the room socket, the chat, the web and the mobile app (ACCESS-CAN-1).
 */
import type {
  Capability,
  CommunityRole,
  DjType,
  ErrorCode,
  Permission,
  RoomUserRole,
  TokenRole,
} from '@tt/protocol';
import {
  ACCESS_TABLE,
  REFUSALS,
  RESTRICTIONS,
  type Grant,
  type Grantee,
  type PlatformGrantee,
  type Restriction,
} from './table';

/** Who is acting. Facts left out are not held (a missing fact never grants anything). */
export interface Actor {
  uuid: string;
  /** The token's roles; a guest's token holds `guest` only. */
  roles: readonly TokenRole[];
  /** Holds Pro now (SUB-LEVEL-2). */
  pro?: boolean;
  /** Capabilities staff gave the account. */
  capabilities?: readonly Capability[];
  /** false: the account's e-mail address is not verified yet (SEC-UNVERIFIED-1). */
  verified?: boolean;
  /** TRUST-2: the account is past a threshold of listening or points (it holds `trust:earned`). */
  trusted?: boolean;
}

/** A room role as rooms carry them (`RoomDto.roomRoles`). */
export interface RoleGrant {
  userUuid: string;
  role: RoomUserRole;
  expirationTime: string | null;
}

/** Where the action happens. */
export interface AccessResource {
  /**
   * The room at hand: its roles (any in force count), its DJ setting, and for its live audio who
   * is on stage now and whom a host let talk (LIVE-AUDIO-2, LIVE-AUDIO-3).
   */
  room?: {
    roomRoles: readonly RoleGrant[];
    djType?: DjType;
    djUuids?: readonly string[];
    voiceInvited?: readonly string[];
  };
  /** The actor's role in the community at hand. */
  community?: { role: CommunityRole | null };
  /** Whose thing it is (a song's uploader, an event's host): that person holds `self`. */
  ownerUuid?: string | null;
  /** The time to judge expiring roles by (default: now). */
  now?: number;
}

/**
 * ACCESS-ROLE-1: a role counts until its expirationTime; none means until removed, and an
 * expirationTime that is not a date never ends (a ban or mute with a broken end stays).
 */
export function roleInForce(role: { expirationTime?: string | null }, now: number): boolean {
  if (!role.expirationTime) return true;
  const until = Date.parse(role.expirationTime);
  return Number.isNaN(until) || until > now;
}

/** The room roles `userUuid` holds now (RR-ROLE-1). */
export function roomRolesOf(
  room: { roomRoles: readonly RoleGrant[] },
  userUuid: string,
  now: number = Date.now(),
): RoomUserRole[] {
  return room.roomRoles
    .filter((r) => r.userUuid === userUuid && roleInForce(r, now))
    .map((r) => r.role);
}

const PLATFORM: readonly PlatformGrantee[] = [
  'guest',
  'user',
  'bot',
  'promoter',
  'staff',
  'moderator',
  'globalModerator',
  'admin',
  'superUser',
];

function expand(grants: readonly Grant[], out: Set<Permission>, seen: Set<string>): void {
  for (const g of grants) {
    if (g.startsWith('@')) {
      const role = g.slice(1) as PlatformGrantee;
      if (seen.has(role)) continue;
      seen.add(role);
      expand(ACCESS_TABLE[role], out, seen);
    } else out.add(g as Permission);
  }
}

const PERMISSIONS_OF = new Map<Grantee, ReadonlySet<Permission>>(
  (Object.keys(ACCESS_TABLE) as Grantee[]).map((g) => {
    const out = new Set<Permission>();
    expand(ACCESS_TABLE[g], out, new Set([g]));
    return [g, out];
  }),
);

/** Every permission a grantee holds, its inherited ones included (ACCESS-TABLE-2). */
export function permissionsOf(grantee: Grantee): ReadonlySet<Permission> {
  return PERMISSIONS_OF.get(grantee) ?? new Set();
}

/** What the actor is here: its platform roles and whatever the resource adds (ACCESS-CONTEXT-1). */
export function granteesOf(actor: Actor, resource: AccessResource = {}): Grantee[] {
  const now = resource.now ?? Date.now();
  const guest = actor.roles.includes('guest') && actor.roles.every((r) => r === 'guest');
  const out: Grantee[] = guest
    ? ['guest']
    : ['user', ...PLATFORM.filter((r) => r !== 'guest' && actor.roles.includes(r))];
  if (guest) return out;
  for (const c of actor.capabilities ?? []) out.push(`capability:${c}`);
  if (actor.trusted === true) out.push('trust:earned');
  if (resource.ownerUuid && resource.ownerUuid === actor.uuid) out.push('self');
  if (resource.community?.role) out.push(`community:${resource.community.role}`);
  if (resource.room) {
    const held = roomRolesOf(resource.room, actor.uuid, now);
    for (const r of held) {
      if (r === 'owner' || r === 'coOwner' || r === 'moderator') out.push(`room:${r}`);
    }
    const djType = resource.room.djType;
    const invited = held.some((r) => r === 'dj' || r === 'owner' || r === 'coOwner');
    if (djType === 'EVERYONE') out.push('decks:open');
    if (djType === 'INVITE_ONLY' && (invited || held.includes('moderator'))) {
      out.push('decks:invited');
    }
    if (resource.room.djUuids?.includes(actor.uuid)) out.push('stage:dj');
    if (resource.room.voiceInvited?.includes(actor.uuid)) out.push('stage:invited');
    if (
      djType === 'PRO_PLAN_OWNER' &&
      (actor.pro === true || held.includes('owner') || held.includes('coOwner'))
    ) {
      out.push('decks:pro');
    }
  }
  return out;
}

/** The restrictions that hold the actor here (ACCESS-RESTRICT-1). */
export function restrictionsOf(actor: Actor, resource: AccessResource = {}): Restriction[] {
  const held = resource.room
    ? roomRolesOf(resource.room, actor.uuid, resource.now ?? Date.now()).map((r) => `room:${r}`)
    : [];
  // In the table's order, so a ban is named before a kick.
  return (Object.keys(RESTRICTIONS) as Restriction[]).filter((r) =>
    r === 'unverified' ? actor.verified === false : held.includes(r),
  );
}

/** Why the actor may not do this here: the restriction or `missing` (no role grants it), or null. */
export function accessRefusal(
  actor: Actor,
  permission: Permission,
  resource: AccessResource = {},
): Restriction | 'missing' | null {
  const grantees = granteesOf(actor, resource);
  const held = (p: Permission) => grantees.some((g) => permissionsOf(g).has(p));
  if (!held(permission)) return 'missing';
  for (const r of restrictionsOf(actor, resource)) {
    const { removes, bypass } = RESTRICTIONS[r];
    if (!removes.includes(permission)) continue;
    if (bypass.includes(permission) && held('room.restrictions.bypass')) continue;
    return r;
  }
  return null;
}

/** ACCESS-CAN-1: may the actor do this here? */
export function can(actor: Actor, permission: Permission, resource?: AccessResource): boolean {
  return accessRefusal(actor, permission, resource) === null;
}

/** The error code a refusal answers with (ACCESS-REFUSE-1). */
export function refusalCode(permission: Permission, why: Restriction | 'missing'): ErrorCode {
  if (why === 'unverified') return 'EMAIL_NOT_VERIFIED_ACTION';
  if (why === 'room:kicked' && permission === 'room.join') return 'ROOM_KICKED';
  if (why === 'room:banned' && permission === 'room.join') return 'ROOM_BANNED';
  return REFUSALS[permission] ?? 'FORBIDDEN_ROLE';
}

/** The platform roles whose own grants hold `permission` (for finding such people, e.g. to notify). */
export function platformRolesGranting(permission: Permission): PlatformGrantee[] {
  return PLATFORM.filter((r) => r !== 'guest' && permissionsOf(r).has(permission));
}

/** The room roles that grant `permission` in their room ("the rooms I moderate"). */
export function roomRolesGranting(permission: Permission): RoomUserRole[] {
  return (['owner', 'coOwner', 'moderator'] as const).filter((r) =>
    permissionsOf(`room:${r}`).has(permission),
  );
}

/** A person as the table sees them: a guest token counts as `guest` whatever roles it lists. */
export function actorFrom(who: {
  uuid: string;
  roles: readonly TokenRole[];
  isGuest?: boolean;
}): Actor {
  return who.isGuest ? { uuid: who.uuid, roles: ['guest'] } : { uuid: who.uuid, roles: who.roles };
}
