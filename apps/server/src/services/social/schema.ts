import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InvitationStatus } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Address books (SOCIAL-CONTACT-1): a salted hash of each normalised e-mail or E.164 number, never
 * the address; the registered user it matched when uploaded.
 */
export const contactBook = pgTable(
  'contact_book',
  {
    id: uuid('id').notNull().defaultRandom(),
    userUuid: uuid('user_uuid').notNull(),
    hash: text('hash').notNull(),
    kind: text('kind').$type<'email' | 'phone'>().notNull(),
    matchedUserUuid: uuid('matched_user_uuid'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userUuid, t.hash] }),
    index('contact_book_matched_idx').on(t.userUuid, t.matchedUserUuid),
  ],
);

/** Browsers' web push subscriptions (SOCIAL-PUSH-*): one per endpoint. */
export const webPushSubscriptions = pgTable(
  'web_push_subscriptions',
  {
    endpoint: text('endpoint').primaryKey(),
    userUuid: uuid('user_uuid').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('web_push_user_idx').on(t.userUuid)],
);

/** Friend invitations: pending until the receiver accepts or rejects (SOC-INV-*). */
export const friendInvitations = pgTable(
  'friend_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    senderUuid: uuid('sender_uuid').notNull(),
    receiverUuid: uuid('receiver_uuid').notNull(),
    status: text('status').$type<InvitationStatus>().notNull().default('pending'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // SOC-INV-LIST-1: a person's pending invitations, newest first, read in order from an index.
    index('friend_invitations_sender_idx').on(t.senderUuid, t.status, t.createdAt),
    index('friend_invitations_receiver_idx').on(t.receiverUuid, t.status, t.createdAt),
  ],
);

/** A friendship is two rows, one per side, so each person's friends are one index range. */
export const friendships = pgTable(
  'friendships',
  {
    userUuid: uuid('user_uuid').notNull(),
    friendUuid: uuid('friend_uuid').notNull(),
    since: ts('since').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userUuid, t.friendUuid] }),
    index('friendships_user_since_idx').on(t.userUuid, t.since),
  ],
);

/** Who blocked whom (SOC-BLOCK-*). */
export const blockedUsers = pgTable(
  'blocked_users',
  {
    userUuid: uuid('user_uuid').notNull(),
    blockedUuid: uuid('blocked_uuid').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userUuid, t.blockedUuid] }),
    index('blocked_users_blocked_idx').on(t.blockedUuid),
  ],
);

/** Who follows which DJ (SOC-FAN-*). */
export const djFans = pgTable(
  'dj_fans',
  {
    userUuid: uuid('user_uuid').notNull(),
    djUuid: uuid('dj_uuid').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userUuid, t.djUuid] }),
    index('dj_fans_dj_created_idx').on(t.djUuid, t.createdAt),
    index('dj_fans_user_created_idx').on(t.userUuid, t.createdAt),
  ],
);
