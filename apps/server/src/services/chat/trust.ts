import { containsLink, sendHasLinkOrImage } from '@tt/rules';
import type { Platform } from '../../platform/service';
import { fail } from '../../platform/errors';
import { requireTrust, trustOf, trustRefusalText, trustThresholds } from '../../platform/trust';
import { chatActor, type ChatCaller } from './access';
import type { Composed } from './compose';

/**
 * TRUST-4: a send carrying a link (in its text) or an image or any attachment needs `trust.skip`.
 * TRUST-5: a direct message to someone who does not follow the sender needs it too.
 * Checked after the message is composed (valid) and before it is stored or counted.
 */
export async function requireTrustToSend(
  platform: Platform,
  caller: ChatCaller,
  composed: Composed,
  directTo: string | null,
): Promise<void> {
  const t = trustThresholds(platform.config);
  const standing = platform.ports.standing;
  const actor = chatActor(caller);
  const chatMessage = composed.metadata?.chatMessage as Parameters<
    typeof sendHasLinkOrImage
  >[0]['chatMessage'];
  const risky = sendHasLinkOrImage({
    type: composed.type,
    text: composed.text,
    attachments: composed.attachments,
    chatMessage,
  });
  if (risky) await requireTrust(standing, actor, t, 'TRUST_LINKS_NOT_YET');
  if (!directTo) return;
  const { facts, skip } = await trustOf(standing, actor, t);
  if (skip) return;
  const graph = platform.ports.graph;
  const fans = graph ? await graph.fanUuids(caller.uid) : [];
  if (!fans.includes(directTo)) {
    throw fail('TRUST_DM_NOT_YET', trustRefusalText('TRUST_DM_NOT_YET', facts, t));
  }
}

/** TRUST-4: an edit that puts a link into a message needs `trust.skip` as sending one does. */
export async function requireTrustToEdit(
  platform: Platform,
  caller: ChatCaller,
  text: string,
): Promise<void> {
  if (!containsLink(text)) return;
  const t = trustThresholds(platform.config);
  await requireTrust(platform.ports.standing, chatActor(caller), t, 'TRUST_LINKS_NOT_YET');
}
