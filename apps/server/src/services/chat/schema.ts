import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CometAttachment, CometMemberScope, TokenRole } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Chat messages of room chats (receiver = room uuid) and direct conversations (receiver = user
 * uuid). Text is stored as text; a recalled or deleted message keeps its row with its content
 * erased. `clientId` (chatMessage id/uuid or muid) makes a retried send answer the first one.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: text('conversation_id').notNull(),
    receiverType: text('receiver_type').$type<'group' | 'user'>().notNull(),
    receiver: uuid('receiver').notNull(),
    sender: uuid('sender').notNull(),
    category: text('category').$type<'message' | 'custom'>().notNull(),
    type: text('type').notNull(),
    text: text('text'),
    attachments: jsonb('attachments').$type<CometAttachment[]>(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>(),
    customData: jsonb('custom_data').$type<Record<string, unknown>>(),
    clientId: text('client_id'),
    senderName: text('sender_name').notNull(),
    senderAvatar: text('sender_avatar').notNull().default(''),
    receiverName: text('receiver_name').notNull().default(''),
    receiverAvatar: text('receiver_avatar').notNull().default(''),
    sentAt: ts('sent_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    editedAt: ts('edited_at'),
    deletedAt: ts('deleted_at'),
    deletedBy: uuid('deleted_by'),
  },
  (t) => [
    index('chat_messages_conversation_idx').on(t.conversationId, t.id),
    index('chat_messages_sent_idx').on(t.conversationId, t.sentAt),
    uniqueIndex('chat_messages_client_idx')
      .on(t.sender, t.clientId)
      .where(sql`${t.clientId} is not null`),
  ],
);

/** One row per user and reaction on a message (a user gives each reaction once). */
export const chatReactions = pgTable(
  'chat_reactions',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    reaction: text('reaction').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userUuid, t.reaction] })],
);

/** Members of a room's chat (guid = room uuid) and their scope, derived from room roles. */
export const chatGroupMembers = pgTable(
  'chat_group_members',
  {
    guid: uuid('guid').notNull(),
    uid: uuid('uid').notNull(),
    scope: text('scope').$type<CometMemberScope>().notNull().default('participant'),
    joinedAt: ts('joined_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guid, t.uid] }), index('chat_group_members_uid_idx').on(t.uid)],
);

/** Reported messages: hidden from their reporter, listed for moderators. */
export const chatReports = pgTable(
  'chat_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    reporter: uuid('reporter').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_reports_reporter_idx').on(t.reporter, t.messageId),
    index('chat_reports_created_idx').on(t.createdAt),
  ],
);

/** How far each user has read each conversation (unread counts). */
export const chatReads = pgTable(
  'chat_reads',
  {
    uid: uuid('uid').notNull(),
    conversationId: text('conversation_id').notNull(),
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.uid, t.conversationId] })],
);

/**
 * Chat tokens (authtoken of the v3.0 routes and the chat socket): only their SHA-256 is stored.
 * `ghost` tokens read and never write. Roles are the account's when issued, kept current by
 * user.rolesChanged; kick, ban, deactivation and password changes delete them.
 */
export const chatTokens = pgTable(
  'chat_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    uid: uuid('uid').notNull(),
    kind: text('kind').$type<'user' | 'ghost'>().notNull(),
    roles: jsonb('roles').$type<TokenRole[]>().notNull().default([]),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('chat_tokens_uid_idx').on(t.uid, t.createdAt)],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;
export type NewChatMessageRow = typeof chatMessages.$inferInsert;
export type ChatMemberRow = typeof chatGroupMembers.$inferSelect;
export type ChatTokenRow = typeof chatTokens.$inferSelect;
