/**
 * Trust that is earned (docs/TRUST-RULES.md): the server side of `@tt/rules`' trust rules. Who
 * holds `trust.skip` by role (staff, moderators, bots) passes at once; anyone else earns it past a
 * threshold of songs heard or points (TRUST-2), read through the points service's port.
 */
import { ERRORS, type ErrorCode, type TrustProgressDto } from '@tt/protocol';
import {
  can,
  earnedTrust,
  trustProgressText,
  type Actor,
  type TrustFacts,
  type TrustThresholds,
} from '@tt/rules';
import type { Config } from './config';
import { fail } from './errors';
import type { StandingPort } from './ports';

/** TRUST-2: the thresholds of this server's configuration. */
export function trustThresholds(config: Config): TrustThresholds {
  return {
    minSongsHeard: config.TRUST_MIN_SONGS_HEARD,
    minPoints: config.TRUST_MIN_POINTS,
    busyRoomListeners: config.TRUST_BUSY_ROOM_LISTENERS,
  };
}

const NOTHING: TrustFacts = { songsHeard: 0, points: 0 };

/**
 * TRUST-3: the actor with `trusted` filled in, and what they heard and earned. The standing is
 * read only when the roles alone do not hold `trust.skip` and no threshold is 0 (everyone passes
 * one that is). TRUST-8: without the points service's port nothing has been earned.
 */
export async function trustOf(
  standing: StandingPort | undefined,
  actor: Actor,
  t: TrustThresholds,
): Promise<{ actor: Actor; facts: TrustFacts; skip: boolean; read: boolean }> {
  if (can(actor, 'trust.skip')) return { actor, facts: NOTHING, skip: true, read: false };
  const free = t.minSongsHeard === 0 || t.minPoints === 0;
  const read = !free && !!standing;
  const facts = read ? await standing.standing(actor.uuid) : NOTHING;
  const trusted = { ...actor, trusted: earnedTrust(facts, t) };
  return { actor: trusted, facts, skip: can(trusted, 'trust.skip'), read };
}

/** TRUST-7: the refusal's text: what the code says, then how far the person is. */
export function trustRefusalText(code: ErrorCode, facts: TrustFacts, t: TrustThresholds): string {
  return `${ERRORS[code].message} ${trustProgressText(facts, t)}`;
}

/** TRUST-4..6: refuses with `code` (and how far they are) unless the actor holds `trust.skip`. */
export async function requireTrust(
  standing: StandingPort | undefined,
  actor: Actor,
  t: TrustThresholds,
  code: ErrorCode,
): Promise<void> {
  const { facts, skip } = await trustOf(standing, actor, t);
  if (!skip) throw fail(code, trustRefusalText(code, facts, t));
}

/** TRUST-7: what GET /points/trust answers. */
export async function trustProgress(
  standing: StandingPort | undefined,
  actor: Actor,
  t: TrustThresholds,
): Promise<TrustProgressDto> {
  const known = await trustOf(standing, actor, t);
  const skip = known.skip;
  // The progress is shown even to someone who passes (the account page shows both roads).
  const facts = known.read || !standing ? known.facts : await standing.standing(actor.uuid);
  return {
    trusted: skip,
    songsHeard: facts.songsHeard,
    points: facts.points,
    needSongsHeard: t.minSongsHeard,
    needPoints: t.minPoints,
    busyRoomListeners: t.busyRoomListeners,
  };
}
