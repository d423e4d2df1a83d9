import { index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { InvitationStatus } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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
    index('friend_invitations_sender_idx').on(t.senderUuid, t.status),
    index('friend_invitations_receiver_idx').on(t.receiverUuid, t.status),
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
