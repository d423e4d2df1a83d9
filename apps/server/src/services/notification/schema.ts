import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  ChannelSetting,
  DevicePlatform,
  InvitationStatus,
  NotificationKind,
} from '@tt/protocol';

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

/** Phones and browsers with a push token (NOTIFY-DEVICE-*): a token belongs to one account. */
export const devices = pgTable(
  'devices',
  {
    token: text('token').primaryKey(),
    userUuid: uuid('user_uuid').notNull(),
    devicePlatform: text('device_platform').$type<DevicePlatform>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('devices_user_idx').on(t.userUuid)],
);

/**
 * The notification centre. `eventId` is the idempotency key of the delivery that made it: one
 * item per person per event, however often the event is delivered (NOTIFY-ONCE-1). Silent
 * (data-only) deliveries keep a row too, hidden from the list, so they are pushed once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userUuid: uuid('user_uuid').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    actorUuid: uuid('actor_uuid'),
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    silent: boolean('silent').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    readAt: ts('read_at'),
  },
  (t) => [
    uniqueIndex('notifications_user_event_idx').on(t.userUuid, t.eventId),
    index('notifications_user_created_idx').on(t.userUuid, t.createdAt),
  ],
);

/** Kinds a user turned off, per channel (absent: everything on). */
export const notificationSettings = pgTable('notification_settings', {
  userUuid: uuid('user_uuid').primaryKey(),
  kinds: jsonb('kinds').$type<Partial<Record<NotificationKind, ChannelSetting>>>().notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** "At most once per … in a while" (NOTIFY-DJ-2, NOTIFY-ROOM-2, NOTIFY-SEND-3): last time per key. */
export const notificationThrottle = pgTable('notification_throttle', {
  key: text('key').primaryKey(),
  lastAt: ts('last_at').notNull(),
});
