import { z } from 'zod';
import type { Permission } from '../access';
import { endpoint } from '../contract';

const S = 'notification' as const;

const uuid = (what: string) => z.string().uuid(`must be a ${what} uuid`);
const Title = z.string().trim().min(1, 'must not be empty').max(120);
const Body = z.string().trim().min(1, 'must not be empty').max(500);
/** A path inside the app (never another site). */
const Link = z
  .string()
  .max(300)
  .regex(/^\/(?!\/)[\w\-./?=&%#]*$/, 'must be a path inside the app, such as /rooms/slug');
/** Data-only fields for the apps (silent notifications). */
const Data = z
  .record(z.string().regex(/^[a-zA-Z][\w-]{0,39}$/, 'bad data key'), z.string().max(500))
  .refine((d) => Object.keys(d).length <= 20, 'at most 20 data fields');

export const DirectNotificationReq = z.object({
  userUuid: uuid('user'),
  title: Title,
  body: Body,
  link: Link.optional(),
  data: Data.optional(),
});
export const SilentNotificationReq = z.object({ userUuid: uuid('user'), data: Data });
export const CustomMessageReq = z.object({
  userUuids: z.array(uuid('user')).min(1).max(1000),
  title: Title,
  body: Body,
  link: Link.optional(),
});
export const BroadcastReq = z.object({ title: Title, body: Body, link: Link.optional() });
const RoomRef = z.string().trim().min(1).max(100);
export const RoomUsersNotificationReq = z.object({ roomUuid: RoomRef, title: Title, body: Body });
export const DjFansNotificationReq = z.object({ djUuid: uuid('user'), roomUuid: RoomRef });
export const RoomMessageReq = z.object({ roomUuid: RoomRef, message: Body });

/** What a sending route answers: how many people it is going to, and the delivery's id. */
export const SendResultDto = z.object({
  recipients: z.number().int(),
  /** The idempotency key of this send (its outbox event), or null when nobody was due one. */
  eventId: z.string().nullable(),
});
export type SendResultDto = z.infer<typeof SendResultDto>;

const svc = <B extends z.ZodType>(path: string, auth: Permission, summary: string, body: B) =>
  endpoint({
    service: S,
    method: 'POST',
    path,
    auth,
    summary,
    body,
    response: SendResultDto,
    rateLimitPerMinute: 60,
  });

/** Sending notifications (NOTIFY-SEND-* rules): services and admins. */
export const sendingEndpoints = {
  mobile: svc(
    '/mobileNotification',
    'service.call',
    'Services: a notification to one user',
    DirectNotificationReq,
  ),
  mobileAdmin: svc(
    '/mobileNotification/admin',
    'admin.notifications',
    'Admins: a notification to one user',
    DirectNotificationReq,
  ),
  silent: svc(
    '/silent-notification',
    'service.call',
    "Services: a data-only push to one user's devices (nothing shown)",
    SilentNotificationReq,
  ),
  customMessage: svc(
    '/custom-message',
    'service.call',
    'Services: the same message to a list of users',
    CustomMessageReq,
  ),
  allDevices: svc(
    '/all-devices',
    'admin.notifications',
    'Admins: a broadcast to every user (in the app, and on devices of those who allow it)',
    BroadcastReq,
  ),
  user: svc('/user', 'service.call', 'Services: a notification to one user', DirectNotificationReq),
  userAdmin: svc(
    '/user/admin',
    'admin.notifications',
    'Admins: a notification to one user',
    DirectNotificationReq,
  ),
  userAdminSilent: svc(
    '/user/admin/silent-nofitication',
    'admin.notifications',
    "Admins: a data-only push to one user's devices (the path's spelling is the original API's)",
    SilentNotificationReq,
  ),
  roomUsers: svc(
    '/room-users',
    'service.call',
    'Services: a message to everyone in a room now',
    RoomUsersNotificationReq,
  ),
  roomUsersAdmin: svc(
    '/room-users/admin',
    'admin.notifications',
    'Admins: a message to everyone in a room now (NOTIFY-SEND-5)',
    RoomUsersNotificationReq,
  ),
  djFans: svc(
    '/notifications/dj-fans',
    'service.call',
    "Services: tells a DJ's fans the DJ is on stage in a room (at most once per DJ and room in a while)",
    DjFansNotificationReq,
  ),
  customMessageAdmin: svc(
    '/notifications/custom-message',
    'admin.notifications',
    'Admins: the same message to a list of users',
    CustomMessageReq,
  ),
  fromRoom: endpoint({
    service: S,
    method: 'POST',
    path: '/notifications/custom-message-from-room',
    auth: 'user',
    summary:
      "A room's owner or moderators: a message to the room's regulars (people who visited it lately)",
    body: RoomMessageReq,
    response: SendResultDto,
    rateLimitPerMinute: 10,
  }),
  djFansGet: endpoint({
    service: S,
    method: 'GET',
    path: '/dj-fans-notification',
    auth: 'service.call',
    summary: 'Services: the same as POST /notifications/dj-fans, as a GET (djUuid, roomUuid)',
    query: DjFansNotificationReq,
    response: SendResultDto,
  }),
  roomUsersGet: endpoint({
    service: S,
    method: 'GET',
    path: '/room-users-notification',
    auth: 'service.call',
    summary: 'Services: the same as POST /room-users, as a GET (roomUuid, title, body)',
    query: RoomUsersNotificationReq,
    response: SendResultDto,
  }),
};
