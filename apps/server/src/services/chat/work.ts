import type { TokenRole } from '@tt/protocol';
import type { Platform } from '../../platform/service';
import type { ChatCore } from './core';
import type { ChatMembers } from './members.service';

/** Live: what the chat's work changed, so every process drops its caches and rechecks sockets. */
export interface ChatTokensChanged {
  uid: string;
  /** The tokens were revoked (sockets using them close), not only given new roles. */
  ended: boolean;
}
export interface ChatMembersChanged {
  roomUuid: string;
  /** The member whose access changed; null: everyone in the room (the room was deleted). */
  userUuid: string | null;
}

declare module '../../platform/bus' {
  interface BusTopics {
    /** WORK-LIVE-1: an account's chat tokens changed (drop the cached ones). */
    'chat.tokensChanged': ChatTokensChanged;
    /** WORK-LIVE-1: room chat members changed (recheck the room's sockets). */
    'chat.membersChanged': ChatMembersChanged;
  }
}

/**
 * The chat's lasting effects of other services' changes, as work consumers (WORK-DELIVERY-1):
 * each runs once per change in one process, then tells every process on the bus to drop what it
 * cached (WORK-LIVE-1). Repeats change nothing: a revoke stops at the change's time, roles are
 * set to a value (in order per account, WORK-ORDER-1), a member sync reads the room as it is.
 */
export function consumeChatWork(platform: Platform, core: ChatCore, members: ChatMembers): void {
  const { outbox, bus } = platform;
  // CHAT-TOKEN-3: an account's sessions end → its chat tokens and chat sockets too.
  const endTokens = async ({ uuid }: { uuid: string }, meta: { at: Date }) => {
    await core.tokens.revoke(uuid, meta.at);
    await bus.publish('chat.tokensChanged', { uid: uuid, ended: true });
  };
  outbox.consume('user.kicked', 'chat.tokens-kicked', endTokens);
  outbox.consume('user.banned', 'chat.tokens-banned', endTokens);
  outbox.consume('user.deactivated', 'chat.tokens-deactivated', endTokens);
  outbox.consume('user.rolesChanged', 'chat.tokens-roles', async ({ uuid, roles }) => {
    await core.tokens.setRoles(uuid, roles as TokenRole[]);
    await bus.publish('chat.tokensChanged', { uid: uuid, ended: false });
  });

  // CHAT-SYNC-1: chat scopes and reading rights follow room roles.
  const roleChange = async ({ roomUuid, userUuid }: { roomUuid: string; userUuid: string }) => {
    await members.onRolesChanged(roomUuid, userUuid);
    await bus.publish('chat.membersChanged', { roomUuid, userUuid });
  };
  outbox.consume('room.rolesChanged', 'chat.members-roles', roleChange);
  outbox.consume('room.userKicked', 'chat.members-kicked', roleChange);
  outbox.consume('room.deleted', 'chat.members-room-deleted', async ({ roomUuid }) => {
    await members.onRoomDeleted(roomUuid);
    await bus.publish('chat.membersChanged', { roomUuid, userUuid: null });
  });
}
