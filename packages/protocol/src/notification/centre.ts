import { z } from 'zod';
import { endpoint } from '../contract';

const S = 'notification' as const;

/**
 * What a notification is about (NOTIFY-KIND-* rules in docs/NOTIFICATION-RULES.md). Each user can
 * turn each kind off, in the app and on their devices separately.
 */
export const NOTIFICATION_KINDS = [
  'friendInvitation',
  'friendAccepted',
  'newFan',
  'djLive',
  'roomLive',
  'eventStarted',
  'mention',
  'directMessage',
  'broadcast',
  'custom',
] as const;
export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** One item of the notification centre. */
export const NotificationDto = z.object({
  id: z.string(),
  kind: NotificationKind,
  /** English text, also what push services show; the web writes its own from `kind` and `params`. */
  title: z.string(),
  body: z.string(),
  /** Where it leads in the app (a path such as /rooms/slug, /profile/uuid, /messages/uuid). */
  link: z.string().nullable(),
  /** Who caused it (the DJ, the inviter), or null. */
  actorUuid: z.string().nullable(),
  /** Values the text is made of (nickname, room name…). */
  params: z.record(z.string(), z.string()),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationPageDto = z.object({
  notifications: z.array(NotificationDto),
  /** Pass as `before` for the next (older) page; null at the end. */
  next: z.string().nullable(),
  unread: z.number().int(),
});
export type NotificationPageDto = z.infer<typeof NotificationPageDto>;

export const NotificationListQuery = z.object({
  /** Items older than this one (the `next` of the previous page). */
  before: z.string().uuid('must be a notification id').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  unreadOnly: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
});

export const MarkReadReq = z
  .object({
    ids: z.array(z.string().uuid('must be a notification id')).min(1).max(100).optional(),
    all: z.literal(true).optional(),
  })
  .refine((b) => Boolean(b.ids) !== Boolean(b.all), {
    message: 'give either ids or all: true',
  });

export const ChannelSetting = z.object({ app: z.boolean(), push: z.boolean() });
export type ChannelSetting = z.infer<typeof ChannelSetting>;
export const NotificationSettingsDto = z.object({
  kinds: z.record(NotificationKind, ChannelSetting),
});
export type NotificationSettingsDto = z.infer<typeof NotificationSettingsDto>;
export const UpdateNotificationSettingsReq = z.object({
  kinds: z.partialRecord(NotificationKind, ChannelSetting.partial()),
});

/** The in-app notification centre and its settings (our addition to the service). */
export const notificationCentreEndpoints = {
  list: endpoint({
    service: S,
    method: 'GET',
    path: '/notifications',
    auth: 'user',
    summary: "The caller's notifications, newest first (before, limit, unreadOnly)",
    query: NotificationListQuery,
    response: NotificationPageDto,
  }),
  unreadCount: endpoint({
    service: S,
    method: 'GET',
    path: '/notifications/unread-count',
    auth: 'user',
    summary: 'How many of the caller’s notifications are unread',
    response: z.object({ unread: z.number().int() }),
  }),
  markRead: endpoint({
    service: S,
    method: 'POST',
    path: '/notifications/mark-read',
    auth: 'user',
    summary: 'Marks some notifications (ids) or all of them (all: true) read',
    body: MarkReadReq,
    response: z.object({ unread: z.number().int() }),
  }),
  settings: endpoint({
    service: S,
    method: 'GET',
    path: '/notification-settings',
    auth: 'user',
    summary: 'Which kinds of notification the caller gets in the app and on devices',
    response: NotificationSettingsDto,
  }),
  updateSettings: endpoint({
    service: S,
    method: 'PATCH',
    path: '/notification-settings',
    auth: 'user',
    summary: 'Turns kinds of notification on or off, per channel',
    body: UpdateNotificationSettingsReq,
    response: NotificationSettingsDto,
  }),
};
