import type { Capability } from '@tt/protocol';
import type { Platform } from '../../platform/service';

/**
 * What the room service needs to know about accounts beyond public profiles. Capabilities are not
 * in the token, so this asks the user service through its port; when the user service does not run
 * in this process (no `ports.users`), nobody holds a capability.
 */
export async function hasCapability(
  platform: Platform,
  uuid: string,
  capability: Capability,
): Promise<boolean> {
  const capabilities = (await platform.ports.users?.capabilities(uuid)) ?? [];
  return capabilities.includes(capability);
}
