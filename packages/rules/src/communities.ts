/**
 * Communities and events: who may do what, and when an event is on. Rule IDs refer to
 * docs/COMMUNITY-RULES.md; the server enforces them, the web shows only what they allow.
 */
import {
  EVENT_MAX_DAYS_AHEAD,
  EVENT_MAX_HOURS,
  EVENT_MIN_MINUTES,
  type CommunityRole,
  type EventStatus,
  type Permission,
} from '@tt/protocol';
import { can, permissionsOf, type Actor } from './access/can';

/** A URL-safe slug from a name: "Late Night Grooves!" → "late-night-grooves" (SLUG-1). */
export function slugify(name: string, fallback = ''): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, 64)
    .replace(/-+$/, '');
  return slug || fallback;
}

/**
 * SLUG-1: the slugs to try for `base`, in order: `base`, `base-2`, `base-3`… up to `base-{count}`,
 * each cut to 64 characters with its suffix kept.
 */
export function slugCandidates(base: string, count = 99): string[] {
  return Array.from({ length: count }, (_, i) => {
    const suffix = i === 0 ? '' : `-${i + 1}`;
    return `${base.slice(0, 64 - suffix.length).replace(/-+$/, '')}${suffix}`;
  });
}

const RANK: Record<CommunityRole, number> = { owner: 3, moderator: 2, member: 1 };

/** COMM-ROLE-1: owner above moderators above members; no role is 0. */
export const communityRank = (role: CommunityRole | null | undefined): number =>
  role ? RANK[role] : 0;

/** Someone acting in a community: their role there and whether they are a platform admin. */
export interface CommunityActor {
  role: CommunityRole | null;
  admin: boolean;
}

/** The community actor of a person (null: nobody signed in), by the access table. */
export const communityActor = (
  actor: Actor | null,
  role: CommunityRole | null,
): CommunityActor => ({
  role,
  admin: actor !== null && can(actor, 'admin.communities'),
});

/**
 * COMM-EDIT-1: the owner, its moderators and admins change a community and its rooms list
 * (`community.manage` in the access table).
 */
export const mayManageCommunity = (a: CommunityActor): boolean => holds(a, 'community.manage');

/** Does the community actor hold this permission (platform admins hold every community one)? */
function holds(a: CommunityActor, permission: Permission): boolean {
  return a.admin || (a.role !== null && permissionsOf(`community:${a.role}`).has(permission));
}

/**
 * COMM-ROLE-2: the owner (and admins) give any role, `owner` included (the old owner becomes a
 * moderator); moderators add members and may only touch members.
 */
export function maySetCommunityRole(
  a: CommunityActor,
  current: CommunityRole | null,
  next: CommunityRole,
): boolean {
  if (!holds(a, 'community.roles.assign')) return false;
  if (a.admin || a.role === 'owner') return current !== 'owner' || next === 'owner';
  if (a.role === 'moderator') return next === 'member' && communityRank(current) <= RANK.member;
  return false;
}

/**
 * COMM-ROLE-3: the owner (and admins) take anyone but the owner out; moderators take members out;
 * anyone but the owner may take themselves out (leaving, COMM-JOIN-3).
 */
export function mayRemoveFromCommunity(
  a: CommunityActor,
  target: CommunityRole,
  self: boolean,
): boolean {
  if (target === 'owner') return false;
  if (self) return true;
  if (!holds(a, 'community.members.remove')) return false;
  if (a.admin || a.role === 'owner') return true;
  return a.role === 'moderator' && target === 'member';
}

/**
 * COMM-VIS-1: a public community is for everyone to see; a private one for its members and
 * admins only (everyone else gets "not found").
 */
export const mayViewCommunity = (visibility: 'PUBLIC' | 'PRIVATE', a: CommunityActor): boolean =>
  visibility === 'PUBLIC' || a.admin || a.role !== null;

/** EVT-STATE-1: before its start an event is upcoming, live until its end, then ended. */
export function eventStatus(startsAt: number, endsAt: number, now: number): EventStatus {
  if (now < startsAt) return 'upcoming';
  return now < endsAt ? 'live' : 'ended';
}

/** A new start may be this far behind the clock (the form took a moment to send). */
export const EVENT_START_GRACE_MS = 5 * 60_000;

/**
 * EVT-TIME-1: an event ends after it starts and lasts 15 minutes to 24 hours; it starts within a
 * year. EVT-TIME-2: a new start is not in the past (five minutes of grace); an event already on
 * keeps its start.
 */
export function eventTimeProblem(
  startsAt: number,
  endsAt: number,
  now: number,
  startChanged: boolean,
): 'EVENT_TIME_INVALID' | 'EVENT_IN_PAST' | null {
  const minutes = (endsAt - startsAt) / 60_000;
  if (!(minutes >= EVENT_MIN_MINUTES) || minutes > EVENT_MAX_HOURS * 60)
    return 'EVENT_TIME_INVALID';
  if (startsAt - now > EVENT_MAX_DAYS_AHEAD * 86_400_000) return 'EVENT_TIME_INVALID';
  if (startChanged && startsAt < now - EVENT_START_GRACE_MS) return 'EVENT_IN_PAST';
  return null;
}

/** EVT-OVERLAP-1: two events of one room may touch but not overlap. */
export const eventsOverlap = (
  a: { startsAt: number; endsAt: number },
  b: { startsAt: number; endsAt: number },
): boolean => a.startsAt < b.endsAt && b.startsAt < a.endsAt;
