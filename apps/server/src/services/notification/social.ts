import { fail } from '../../platform/errors';
import type { GraphPort, SocialPort } from '../../platform/ports';
import type { Platform } from '../../platform/service';

/*
 * NOTIFY-SOCIAL-1: blocks and DJ fans belong to the social service, reached through its ports.
 * Without it in this process, what needs them fails (503 SERVICE_UNAVAILABLE on a route; a work
 * event's delivery throws, is retried and is recorded as failed) rather than notify someone who
 * blocked the actor or guess a DJ's fans.
 */

/** Blocks (NOTIFY-BLOCK-1). */
export function blocksOf(platform: Platform): SocialPort {
  const social = platform.ports.social;
  if (!social) throw fail('SERVICE_UNAVAILABLE', 'Notifications need the social service (blocks)');
  return social;
}

/** DJ fans (NOTIFY-DJ-1, NOTIFY-ROOM-1, the fans' devices). */
export function fansOf(platform: Platform): GraphPort {
  const graph = platform.ports.graph;
  if (!graph) throw fail('SERVICE_UNAVAILABLE', 'Notifications need the social service (DJ fans)');
  return graph;
}
