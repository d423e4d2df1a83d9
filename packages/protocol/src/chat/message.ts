import { z } from 'zod';
import type { NotificationDto } from '../notification/centre';

/**
 * Chat objects on the wire. The REST subset and the one socket's chat frames speak CometChat's shapes (REST
 * API v3.0: message, group, member, conversation objects, sentAt in seconds); each message
 * carries the product's own chat message as data.metadata.chatMessage.
 */

/** The appId our chat tokens belong to (sent back with every token; any `appid` header is accepted). */
export const CHAT_APP_ID = 'turntable-live';
/** The longest text the schema lets through; CHAT_MESSAGE_MAX_LENGTH is the real limit. */
export const CHAT_TEXT_HARD_MAX = 10_000;
/** A message's metadata (or customData) once serialised: at most this many characters. */
export const CHAT_METADATA_MAX_JSON = 16_384;
/** Attachments (and image URLs) per message. */
export const CHAT_MAX_ATTACHMENTS = 10;

export const ChatReceiverType = z.enum(['group', 'user']);
export type ChatReceiverType = z.infer<typeof ChatReceiverType>;
export const ChatCategory = z.enum(['message', 'custom']);
export type ChatCategory = z.infer<typeof ChatCategory>;
/** Types of `category: 'message'`; custom messages name their own type. */
export const CHAT_MESSAGE_TYPES = ['text', 'image', 'video', 'audio', 'file'] as const;

/** A mention inside a chat message: userNickname, start, userUuid. */
export const ChatMentionDto = z.looseObject({
  userNickname: z.string().max(100).optional(),
  start: z.number().optional(),
  userUuid: z.string().max(100).optional(),
});

/**
 * The product's chat message, as clients put it in
 * data.metadata.chatMessage. The server fills the sender's identity (userUuid, userName, badges),
 * `uuid`/`id` when missing, `date` and `reportIdentifier`; unknown fields are kept.
 */
export const ChatMessageDto = z.looseObject({
  message: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  uuid: z.string().max(100).optional(),
  id: z.union([z.string().max(100), z.number()]).optional(),
  userName: z.string().max(100).optional(),
  avatarId: z.string().max(100).optional(),
  color: z.string().max(20).optional(),
  userUuid: z.string().max(100).optional(),
  date: z.string().max(40).optional(),
  reportIdentifier: z.string().max(100).optional(),
  retryButton: z.boolean().optional(),
  replies: z.unknown().optional(),
  reactions: z.record(z.string(), z.array(z.string())).optional(),
  badges: z.array(z.string().max(40)).max(20).optional(),
  mentions: z.array(ChatMentionDto).max(50).optional(),
  imageBase64: z.string().optional(),
  imageUrls: z.array(z.string().max(2000)).max(CHAT_MAX_ATTACHMENTS).optional(),
  media: z.looseObject({ uri: z.string().max(2000).optional() }).optional(),
  songs: z.array(z.unknown()).max(20).optional(),
  type: z.enum(['user', 'room']).optional(),
});
export type ChatMessageDto = z.infer<typeof ChatMessageDto>;

export const CometAttachment = z.object({
  url: z.string().max(2000),
  name: z.string().max(300).optional(),
  mimeType: z.string().max(100).optional(),
  extension: z.string().max(20).optional(),
  size: z.union([z.number(), z.string().max(40)]).optional(),
});
export type CometAttachment = z.infer<typeof CometAttachment>;

/** A chat user (CometChat's user object): our account, its nickname and avatar. */
export const CometUser = z.object({
  uid: z.string(),
  name: z.string(),
  avatar: z.string().optional(),
  status: z.string(),
  role: z.string(),
});
export type CometUser = z.infer<typeof CometUser>;

/** A room's chat group: guid is the room uuid. */
export const CometGroup = z.object({
  guid: z.string(),
  name: z.string(),
  type: z.enum(['public', 'password']),
  conversationId: z.string(),
  membersCount: z.number().int(),
  hasJoined: z.boolean(),
  scope: z.enum(['participant', 'moderator', 'admin']).optional(),
  joinedAt: z.number().int().optional(),
  createdAt: z.number().int(),
});
export type CometGroup = z.infer<typeof CometGroup>;

export const CometMemberScope = z.enum(['participant', 'moderator', 'admin']);
export type CometMemberScope = z.infer<typeof CometMemberScope>;

export const CometGroupMember = CometUser.extend({
  guid: z.string(),
  scope: CometMemberScope,
  joinedAt: z.number().int(),
});
export type CometGroupMember = z.infer<typeof CometGroupMember>;

export const CometReaction = z.object({
  reaction: z.string(),
  count: z.number().int(),
  reactedByMe: z.boolean().optional(),
});
export type CometReaction = z.infer<typeof CometReaction>;

/** A message as CometChat's REST API answers it. */
export const CometMessage = z.object({
  id: z.string(),
  muid: z.string().optional(),
  conversationId: z.string(),
  sender: z.string(),
  receiver: z.string(),
  receiverType: ChatReceiverType,
  category: ChatCategory,
  type: z.string(),
  data: z.object({
    text: z.string().optional(),
    attachments: z.array(CometAttachment).optional(),
    customData: z.record(z.string(), z.unknown()).optional(),
    metadata: z.record(z.string(), z.unknown()).optional(),
    entities: z.object({
      sender: z.object({ entity: CometUser, entityType: z.literal('user') }),
      receiver: z.object({
        entity: z.union([CometUser, CometGroup]),
        entityType: ChatReceiverType,
      }),
    }),
  }),
  sentAt: z.number().int(),
  updatedAt: z.number().int(),
  editedAt: z.number().int().optional(),
  editedBy: z.string().optional(),
  deletedAt: z.number().int().optional(),
  deletedBy: z.string().optional(),
  reactions: z.array(CometReaction),
});
export type CometMessage = z.infer<typeof CometMessage>;

export const CometConversation = z.object({
  conversationId: z.string(),
  conversationType: ChatReceiverType,
  unreadMessageCount: z.number().int(),
  updatedAt: z.number().int(),
  lastMessage: CometMessage.optional(),
  conversationWith: z.union([CometUser, CometGroup]),
});
export type CometConversation = z.infer<typeof CometConversation>;

/** CometChat's error body, answered by the v3.0 routes: its code, our message and catalogue code. */
export const CometErrorBody = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.object({ code: z.string(), statusCode: z.number().int() }).optional(),
  }),
});
export type CometErrorBody = z.infer<typeof CometErrorBody>;

/** The chat's frames (server → client), carried on the one socket (GATEWAY-1). */
export type ChatServerFrame =
  | { type: 'ready'; uid: string; readOnly: boolean }
  | { type: 'subscribed'; guid: string }
  | { type: 'unsubscribed'; guid: string }
  | { type: 'message' | 'edited' | 'deleted'; message: CometMessage }
  | {
      type: 'reaction';
      action: 'added' | 'removed';
      messageId: string;
      conversationId: string;
      reaction: string;
      uid: string;
    }
  | { type: 'sent'; requestId: string; message: CometMessage }
  | { type: 'error'; code: string; message: string; requestId?: string }
  /** NOTIFY-LIVE-1: a new item of the signed-in user's notification centre. */
  | { type: 'notification'; notification: NotificationDto }
  | { type: 'pong' };

/** The chat's frames (client → server) on the one socket. `send` takes the body of POST /v3.0/messages. */
export const ChatClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribe'), guid: z.string().min(1).max(100) }),
  z.object({ type: z.literal('unsubscribe'), guid: z.string().min(1).max(100) }),
  z.object({ type: z.literal('send'), requestId: z.string().min(1).max(100), body: z.unknown() }),
  z.object({ type: z.literal('ping') }),
]);
export type ChatClientFrame = z.infer<typeof ChatClientFrame>;
