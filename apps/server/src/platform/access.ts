/**
 * The server's one access layer (ACCESS-REQUIRE-1): every route's declared permission and every
 * resource-level check goes through `requireAccess`, which asks the access table of `@tt/rules`
 * (`can`) and refuses with the permission's stable code (ACCESS-REFUSE-1).
 */
import type { Permission } from '@tt/protocol';
import {
  accessRefusal,
  ACCESS_TABLE,
  RESTRICTIONS,
  refusalCode,
  type AccessResource,
  type Actor,
} from '@tt/rules';
import { fail } from './errors';
import type { Ports } from './ports';

/** Throws the permission's refusal unless the actor may do this here. */
export function requireAccess(
  actor: Actor | null,
  permission: Permission,
  resource?: AccessResource,
): void {
  if (!actor) throw fail('TOKEN_MISSING');
  const why = accessRefusal(actor, permission, resource);
  if (why) throw fail(refusalCode(permission, why));
}

const CAPABILITY_GRANTS = ['capability:uploadMusic', 'capability:promoteRoom'] as const;

/**
 * ACCESS-FACTS-1: the facts a permission depends on that no token carries — a verified e-mail
 * address, capabilities, Pro — are looked up through the ports only when the table says they
 * matter: `verified` for what an unverified account may not do, capabilities and Pro only when
 * the token's roles alone do not grant the permission. A fact whose port is not running in this
 * process is not guessed: the check answers SERVICE_UNAVAILABLE rather than let anyone through.
 */
export async function withFacts(
  ports: Ports,
  auth: Actor,
  permission: Permission,
  resource?: AccessResource,
  needs: { pro?: boolean } = {},
): Promise<Actor> {
  const actor: Actor = { ...auth };
  if (RESTRICTIONS.unverified.removes.includes(permission) && actor.verified === undefined) {
    if (!ports.users) throw fail('SERVICE_UNAVAILABLE');
    actor.verified = await ports.users.isVerified(auth.uuid);
  }
  if (accessRefusal(actor, permission, resource) !== 'missing') return actor;
  if (CAPABILITY_GRANTS.some((g) => ACCESS_TABLE[g].includes(permission))) {
    if (!ports.users) throw fail('SERVICE_UNAVAILABLE');
    actor.capabilities = await ports.users.capabilities(auth.uuid);
  }
  if (needs.pro && ports.subscriptions) {
    actor.pro = (await ports.subscriptions.levelOf(auth.uuid)) === 'PRO';
  }
  return actor;
}

/** `requireAccess` after looking up the facts the permission needs (ACCESS-FACTS-1). */
export async function requireAccessWith(
  ports: Ports,
  auth: Actor | null,
  permission: Permission,
  resource?: AccessResource,
): Promise<void> {
  if (!auth) throw fail('TOKEN_MISSING');
  requireAccess(await withFacts(ports, auth, permission, resource), permission, resource);
}
