import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ChannelSetting, DevicePlatform, NotificationKind } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

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

/**
 * A time per key: the last of "at most once per … in a while" (NOTIFY-DJ-2, NOTIFY-ROOM-2,
 * NOTIFY-SEND-3), and how far a direct conversation was read (`dmread:…`, NOTIFY-CHAT-4).
 */
export const notificationThrottle = pgTable('notification_throttle', {
  key: text('key').primaryKey(),
  lastAt: ts('last_at').notNull(),
});
