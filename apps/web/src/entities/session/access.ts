import type { Capability, CommunityRole, Permission, TokenRole } from '@tt/protocol';
import { accessRefusal, can, communityActor, type AccessResource, type Actor } from '@tt/rules';

/** The signed-in person as the access table sees them (null: nobody signed in). */
export function actorOf(
  me:
    | {
        uuid: string | null;
        roles: readonly string[];
        isGuest?: boolean;
        capabilities?: readonly Capability[];
      }
    | null
    | undefined,
): Actor | null {
  if (!me?.uuid) return null;
  if (me.isGuest) return { uuid: me.uuid, roles: ['guest'] };
  return { uuid: me.uuid, roles: me.roles as TokenRole[], capabilities: me.capabilities };
}

/**
 * ACCESS-CAN-1 on the web: show a control only when the server would allow it. The server checks
 * again; this only hides what would be refused.
 */
export function mayI(
  me: Parameters<typeof actorOf>[0],
  permission: Permission,
  resource?: AccessResource,
): boolean {
  const actor = actorOf(me);
  return actor !== null && can(actor, permission, resource);
}

/** Why the table refuses this here (e.g. `room:chatDisabled`: muted), or null. */
export function whyNot(
  me: Parameters<typeof actorOf>[0],
  permission: Permission,
  resource?: AccessResource,
): ReturnType<typeof accessRefusal> {
  const actor = actorOf(me);
  return actor === null ? 'missing' : accessRefusal(actor, permission, resource);
}

/** The signed-in person in a community (their role there; platform admins manage every one). */
export const communityActorOf = (me: Parameters<typeof actorOf>[0], role: CommunityRole | null) =>
  communityActor(actorOf(me), role);
