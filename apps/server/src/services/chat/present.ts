import type {
  CometGroup,
  CometGroupMember,
  CometMessage,
  CometReaction,
  CometUser,
  RoomDto,
  UserProfileDto,
} from '@tt/protocol';
import type { ChatMemberRow, ChatMessageRow } from './schema';

/** A room's chat conversation. */
export const groupConversationId = (guid: string) => `group_${guid}`;

/** The direct conversation of two users: the same id whoever writes. */
export function userConversationId(a: string, b: string): string {
  return a < b ? `${a}_user_${b}` : `${b}_user_${a}`;
}

export const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** One user's reactions on one message. */
export interface ReactionRow {
  messageId: number;
  userUuid: string;
  reaction: string;
}

export function cometUser(uid: string, name: string, avatar: string): CometUser {
  return { uid, name, avatar, status: 'offline', role: 'default' };
}

export function cometUserOf(uid: string, profile: UserProfileDto | undefined): CometUser {
  return cometUser(uid, profile?.nickname ?? uid, profile?.avatarId ?? '');
}

export function cometGroup(
  room: RoomDto,
  opts: { membersCount: number; member?: ChatMemberRow | null },
): CometGroup {
  return {
    guid: room.uuid,
    name: room.name,
    type: room.isPasswordProtected ? 'password' : 'public',
    conversationId: groupConversationId(room.uuid),
    membersCount: opts.membersCount,
    hasJoined: Boolean(opts.member),
    ...(opts.member ? { scope: opts.member.scope, joinedAt: seconds(opts.member.joinedAt) } : {}),
    createdAt: seconds(new Date(room.createdAt)),
  };
}

export function cometMember(
  row: ChatMemberRow,
  profile: UserProfileDto | undefined,
): CometGroupMember {
  return {
    ...cometUserOf(row.uid, profile),
    guid: row.guid,
    scope: row.scope,
    joinedAt: seconds(row.joinedAt),
  };
}

/** reaction → users, in the order they reacted. */
function reactionMap(rows: ReactionRow[]): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const r of rows) (map[r.reaction] ??= []).push(r.userUuid);
  return map;
}

/**
 * A stored message as CometChat answers it. `reactions` are this message's; `viewer` (when
 * known) sets reactedByMe. The product's chat message goes back in data.metadata.chatMessage with
 * the server's view: messageId and reportIdentifier (the message id), date and reactions.
 */
export function cometMessage(
  row: ChatMessageRow,
  reactions: ReactionRow[],
  viewer?: string,
): CometMessage {
  const byReaction = reactionMap(reactions);
  const list: CometReaction[] = Object.entries(byReaction).map(([reaction, users]) => ({
    reaction,
    count: users.length,
    ...(viewer ? { reactedByMe: users.includes(viewer) } : {}),
  }));
  const id = String(row.id);
  const metadata = row.metadata ?? {};
  const chatMessage = (metadata.chatMessage ?? null) as Record<string, unknown> | null;
  const outMeta = chatMessage
    ? {
        ...metadata,
        chatMessage: {
          ...chatMessage,
          messageId: id,
          reportIdentifier: id,
          date: row.sentAt.toISOString(),
          reactions: byReaction,
        },
      }
    : metadata;
  const receiverEntity =
    row.receiverType === 'group'
      ? {
          guid: row.receiver,
          name: row.receiverName,
          type: 'public' as const,
          conversationId: row.conversationId,
          membersCount: 0,
          hasJoined: true,
          createdAt: seconds(row.sentAt),
        }
      : cometUser(row.receiver, row.receiverName, row.receiverAvatar);
  return {
    id,
    ...(row.clientId ? { muid: row.clientId } : {}),
    conversationId: row.conversationId,
    sender: row.sender,
    receiver: row.receiver,
    receiverType: row.receiverType,
    category: row.category,
    type: row.type,
    data: {
      ...(row.text !== null ? { text: row.text } : {}),
      ...(row.attachments ? { attachments: row.attachments } : {}),
      ...(row.customData ? { customData: row.customData } : {}),
      ...(row.metadata ? { metadata: outMeta } : {}),
      entities: {
        sender: {
          entity: cometUser(row.sender, row.senderName, row.senderAvatar),
          entityType: 'user',
        },
        receiver: { entity: receiverEntity, entityType: row.receiverType },
      },
    },
    sentAt: seconds(row.sentAt),
    updatedAt: seconds(row.updatedAt),
    ...(row.editedAt ? { editedAt: seconds(row.editedAt), editedBy: row.sender } : {}),
    ...(row.deletedAt
      ? { deletedAt: seconds(row.deletedAt), deletedBy: row.deletedBy ?? row.sender }
      : {}),
    reactions: list,
  };
}
