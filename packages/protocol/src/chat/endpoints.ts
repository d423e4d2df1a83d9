import { z } from 'zod';
import { endpoint } from '../contract';
import { RoomIdParam } from '../room/endpoints-shared';
import { IMAGE_CONTENT_TYPES, ImageContentType } from '../user/images';
import { CometGroup, CometGroupMember, CometMessage, CometUser } from './message';

/** A chat token: `authtoken` of the v3.0 routes and of the chat socket. */
export const ChatTokenDto = z.object({
  uid: z.string(),
  authToken: z.string(),
  appId: z.string(),
  /** Ghost (guest) tokens read and never write. */
  readOnly: z.boolean(),
  expiresAt: z.string(),
});
export type ChatTokenDto = z.infer<typeof ChatTokenDto>;

export const CreateChatUsersReq = z.object({ uids: z.array(z.uuid()).min(1).max(100) });
export const CreateChatUsersRes = z.object({
  users: z.array(CometUser),
  /** Named uids that are not accounts here. */
  unknown: z.array(z.string()),
});

/** The chat endpoints of the user service (tokens). */
export const chatTokenEndpoints = {
  userToken: endpoint({
    service: 'user',
    method: 'GET',
    path: '/comet-chat/user-token',
    auth: 'user',
    summary: "A chat token for the caller (v3.0 routes' authtoken, chat socket); reads and writes",
    response: ChatTokenDto,
    rateLimitPerMinute: 30,
  }),
  ghostToken: endpoint({
    service: 'user',
    method: 'GET',
    path: '/comet-chat/ghost-token',
    auth: 'authenticated',
    summary: 'A read-only chat token (guests read room chats; they never send)',
    response: ChatTokenDto,
    rateLimitPerMinute: 30,
  }),
  createUsers: endpoint({
    service: 'user',
    method: 'POST',
    path: '/comet-chat/create-users',
    auth: 'chat.users.create',
    summary: 'The chat users of these accounts (every account is a chat user; unknown uids listed)',
    body: CreateChatUsersReq,
    response: CreateChatUsersRes,
  }),
};

export const ChatSyncReq = z.object({
  /** Members to re-sync; none: every member of the room's chat. */
  userUuids: z.array(z.uuid()).max(500).optional(),
});
export const ChatMembersRes = z.object({ members: z.array(CometGroupMember) });

/** The chat endpoints of the room service (chat scopes follow room roles). */
export const chatRoomEndpoints = {
  sync: endpoint({
    service: 'room',
    method: 'POST',
    path: '/roomUserRoles/cometchat/sync/{id}',
    auth: 'user',
    summary:
      'Re-derives chat scopes from room roles (moderators of the room, staff): owner/co-owners admin, moderators moderator, banned and kicked members removed',
    params: RoomIdParam,
    body: ChatSyncReq,
    response: ChatMembersRes,
  }),
  join: endpoint({
    service: 'room',
    method: 'POST',
    path: '/roomUserRoles/cometchat/join/{id}',
    auth: 'user',
    summary: "The caller joins the room's chat (same checks as entering the room)",
    params: RoomIdParam,
    response: CometGroup,
  }),
};

export const ReportChatMessageReq = z.object({
  messageId: z.string().regex(/^\d{1,18}$/, 'must be a message id'),
  reason: z.string().trim().max(500).optional(),
});
export const ChatReportDto = z.object({
  id: z.number().int(),
  messageId: z.string(),
  /** The message's reportIdentifier: the client hides messages carrying it. */
  reportIdentifier: z.string(),
  reporter: z.string(),
  reason: z.string(),
  createdAt: z.string(),
});
export type ChatReportDto = z.infer<typeof ChatReportDto>;
export const ChatReportPage = z.object({
  reports: z.array(ChatReportDto.extend({ message: CometMessage.nullable() })),
  total: z.number().int(),
});
export const ChatReportsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** An image uploaded for chat: send its `url` as an attachment of an `image` message. */
export const ChatImageDto = z.object({
  id: z.string(),
  /** Path on the platform origin, /api/chat-service/images/<id>. */
  url: z.string(),
  contentType: ImageContentType,
  size: z.number().int(),
});
export type ChatImageDto = z.infer<typeof ChatImageDto>;
/** An uploaded chat image: a uuid and its type's extension. */
export const CHAT_IMAGE_ID =
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg|webp|gif)$/;
export const chatImagePath = (id: string) => `/api/chat-service/images/${id}`;

/** The chat service's own routes (the usual error shape). */
export const chatEndpoints = {
  report: endpoint({
    service: 'chat',
    method: 'POST',
    path: '/reports',
    auth: 'user',
    summary: 'Reports a message the caller can read; it is hidden from them from then on',
    body: ReportChatMessageReq,
    response: ChatReportDto,
    status: 201,
    rateLimitPerMinute: 30,
  }),
  uploadImage: endpoint({
    service: 'chat',
    method: 'POST',
    path: '/images',
    auth: 'user',
    summary:
      'Uploads an image for chat (multipart: one PNG, JPEG, WebP or GIF file, checked by its bytes and encoded again)',
    multipart: true,
    response: ChatImageDto,
    status: 201,
    rateLimitPerMinute: 30,
  }),
  image: endpoint({
    service: 'chat',
    method: 'GET',
    path: '/images/{id}',
    auth: 'public',
    summary: 'The bytes of a chat image',
    params: z.object({ id: z.string().regex(CHAT_IMAGE_ID, 'must be a chat image id') }),
    produces: [...IMAGE_CONTENT_TYPES],
    response: z.unknown().describe('The image bytes (PNG, JPEG, WebP or GIF)'),
  }),
  reports: endpoint({
    service: 'chat',
    method: 'GET',
    path: '/reports',
    auth: 'chat.reports.read',
    summary: 'Reported messages, latest first (moderators and staff)',
    query: ChatReportsQuery,
    response: ChatReportPage,
  }),
};
