import { z } from 'zod';
import { endpoint } from '../contract';
import {
  CHAT_MAX_ATTACHMENTS,
  CHAT_METADATA_MAX_JSON,
  CHAT_TEXT_HARD_MAX,
  ChatCategory,
  ChatReceiverType,
  CometConversation,
  CometGroup,
  CometGroupMember,
  CometMessage,
} from './message';

/**
 * The subset of CometChat's REST API v3.0 that turntable community bots call, served under
 * /api/chat-service/v3.0/… and, on the same origin, at /v3.0/… and /v3/… (docs/CHAT-RULES.md).
 * Callers authenticate with the `authtoken` header (a chat token), `apikey` + `onBehalfOf`, or a
 * session bearer token; routes answer `{ data: … }`, errors `{ error: { code, message } }`.
 */
const S = 'chat' as const;
const tags = ['chat-service (CometChat REST v3.0)'];

/** Query values bots send loosely ("undefined", "", repeated): unusable values count as absent. */
const looseInt = (min: number, max: number) =>
  z.preprocess((v) => {
    const x = Array.isArray(v) ? v[v.length - 1] : v;
    if (x === undefined || x === null || x === '' || x === 'undefined' || x === 'null') {
      return undefined;
    }
    return typeof x === 'string' && /^-?\d+$/.test(x.trim()) ? Number(x) : x;
  }, z.number().int().min(min).max(max).optional());
const looseFlag = z.preprocess(
  (v) => (Array.isArray(v) ? v[v.length - 1] : v),
  z
    .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
    .transform((v) => v === true || v === '1' || v === 'true')
    .optional(),
);
const looseText = (max: number) =>
  z.preprocess((v) => (Array.isArray(v) ? v[v.length - 1] : v), z.string().max(max).optional());

const boundedJson = (name: string) =>
  z
    .record(z.string().max(64), z.unknown())
    .refine((v) => JSON.stringify(v).length <= CHAT_METADATA_MAX_JSON, {
      message: `${name} must be at most ${CHAT_METADATA_MAX_JSON} characters of JSON`,
    });

export const CometAttachmentInput = z.looseObject({
  url: z.string().trim().max(2000),
  name: z.string().max(300).optional(),
  mimeType: z.string().max(100).optional(),
  extension: z.string().max(20).optional(),
  size: z.union([z.number(), z.string().max(40)]).optional(),
});

/** POST /v3.0/messages. The sender is the caller (the token's user, or onBehalfOf). */
export const SendChatMessageReq = z.object({
  receiver: z.string().trim().min(1).max(100),
  receiverType: ChatReceiverType,
  category: ChatCategory.default('message'),
  type: z.string().trim().min(1).max(64).default('text'),
  data: z
    .object({
      text: z.string().max(CHAT_TEXT_HARD_MAX).optional(),
      metadata: boundedJson('metadata').optional(),
      attachments: z.array(CometAttachmentInput).max(CHAT_MAX_ATTACHMENTS).optional(),
      customData: boundedJson('customData').optional(),
    })
    .default({}),
  muid: z.string().max(100).optional(),
  tags: z.array(z.string().max(100)).max(20).optional(),
});
export type SendChatMessageReq = z.infer<typeof SendChatMessageReq>;

/** PUT /v3.0/messages/{id}: the new text (and metadata). */
export const EditChatMessageReq = z.object({
  data: z.object({
    text: z.string().max(CHAT_TEXT_HARD_MAX),
    metadata: boundedJson('metadata').optional(),
  }),
  tags: z.array(z.string().max(100)).max(20).optional(),
});
export type EditChatMessageReq = z.infer<typeof EditChatMessageReq>;

/** POST /v3.0/groups/{guid}/members: the caller joins (bots name themselves in participants). */
export const JoinChatGroupReq = z
  .object({
    participants: z.array(z.string().max(100)).max(100).optional(),
    password: z.string().max(200).optional(),
  })
  .nullish();

/**
 * Paging of a message list. Without a cursor: the latest `per_page`. With `id` and/or `sentAt`
 * (seconds; milliseconds are recognised) and `affix`: `append` answers messages after the id (at
 * or after sentAt), oldest first; `prepend` those before, the latest ones. Pages are always in
 * ascending order. `fromTimestamp` is sentAt with affix=append.
 */
export const ChatMessagesQuery = z.object({
  per_page: looseInt(1, 100),
  limit: looseInt(1, 100),
  sentAt: looseInt(0, 10_000_000_000_000),
  fromTimestamp: looseInt(0, 10_000_000_000_000),
  id: looseInt(0, Number.MAX_SAFE_INTEGER),
  affix: z.preprocess(
    (v) => (Array.isArray(v) ? v[v.length - 1] : v),
    z.enum(['append', 'prepend']).optional(),
  ),
  hideDeleted: looseFlag,
  unread: looseFlag,
  category: looseText(20),
  type: looseText(64),
});
export type ChatMessagesQuery = z.infer<typeof ChatMessagesQuery>;

export const ChatPageQuery = z.object({
  per_page: looseInt(1, 100),
  limit: looseInt(1, 100),
  page: looseInt(1, 100_000),
  conversationType: z.preprocess(
    (v) => (Array.isArray(v) ? v[v.length - 1] : v),
    ChatReceiverType.optional(),
  ),
});
export type ChatPageQuery = z.infer<typeof ChatPageQuery>;

const Cursor = z.object({
  affix: z.enum(['append', 'prepend']),
  sentAt: z.number().int(),
  id: z.string(),
});
export const CometMessageListRes = z.object({
  data: z.array(CometMessage),
  meta: z.object({
    current: z.object({ limit: z.number().int(), count: z.number().int() }),
    previous: Cursor.optional(),
    next: Cursor.optional(),
  }),
});
export type CometMessageListRes = z.infer<typeof CometMessageListRes>;

const Pagination = z.object({
  pagination: z.object({
    total: z.number().int(),
    count: z.number().int(),
    per_page: z.number().int(),
    current_page: z.number().int(),
    total_pages: z.number().int(),
  }),
});
export const CometMessageRes = z.object({ data: CometMessage });
export const CometGroupRes = z.object({ data: CometGroup });
export const CometMemberListRes = z.object({ data: z.array(CometGroupMember), meta: Pagination });
export const CometConversationRes = z.object({ data: CometConversation });
export const CometConversationListRes = z.object({
  data: z.array(CometConversation),
  meta: Pagination,
});
export const CometReadRes = z.object({ data: z.object({ success: z.boolean() }) });

const MessageIdParam = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a message id') });
const GuidParam = z.object({ guid: z.string().min(1).max(100) });
const UidParam = z.object({ uid: z.string().min(1).max(100) });
const ReactionParam = MessageIdParam.extend({ reaction: z.string().trim().min(1).max(32) });

const v3 = <
  P extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  B extends z.ZodType | undefined,
  R extends z.ZodType,
>(
  def: Omit<Parameters<typeof endpoint<P, Q, B, R>>[0], 'service' | 'auth' | 'tags'>,
) => endpoint<P, Q, B, R>({ ...def, service: S, auth: 'public', tags });

/**
 * The routes of the subset. Not an `…Endpoints` group of the platform: CometChat's contract, with
 * CometChat's error body instead of the platform's, so the routes stay out of the OpenAPI document
 * (docs/CHAT-RULES.md describes them; comet.fuzz.test.ts fuzzes them).
 */
export const cometChatApi = {
  send: v3({
    method: 'POST',
    path: '/v3.0/messages',
    summary: 'Sends a message to a room (receiverType group, receiver = room uuid) or a user',
    body: SendChatMessageReq,
    response: CometMessageRes,
  }),
  get: v3({
    method: 'GET',
    path: '/v3.0/messages/{id}',
    summary: 'One message the caller may read',
    params: MessageIdParam,
    response: CometMessageRes,
  }),
  edit: v3({
    method: 'PUT',
    path: '/v3.0/messages/{id}',
    summary: 'Edits an own text message (within 15 minutes)',
    params: MessageIdParam,
    body: EditChatMessageReq,
    response: CometMessageRes,
  }),
  delete: v3({
    method: 'DELETE',
    path: '/v3.0/messages/{id}',
    summary:
      "Recalls an own text message (within 20 s); a room's moderators delete any of its messages",
    params: MessageIdParam,
    response: CometMessageRes,
  }),
  react: v3({
    method: 'POST',
    path: '/v3.0/messages/{id}/reactions/{reaction}',
    summary: "Adds the caller's reaction (once per user)",
    params: ReactionParam,
    response: CometMessageRes,
  }),
  unreact: v3({
    method: 'DELETE',
    path: '/v3.0/messages/{id}/reactions/{reaction}',
    summary: "Removes the caller's reaction",
    params: ReactionParam,
    response: CometMessageRes,
  }),
  join: v3({
    method: 'POST',
    path: '/v3.0/groups/{guid}/members',
    summary: "Joins a room's chat (guid = room uuid); joining again is fine",
    params: GuidParam,
    body: JoinChatGroupReq,
    response: CometGroupRes,
  }),
  members: v3({
    method: 'GET',
    path: '/v3.0/groups/{guid}/members',
    summary: "Members of a room's chat, with their scope",
    params: GuidParam,
    query: ChatPageQuery,
    response: CometMemberListRes,
  }),
  groupMessages: v3({
    method: 'GET',
    path: '/v3.0/groups/{guid}/messages',
    summary: "A page of a room's chat (per_page, sentAt, id, affix=append|prepend)",
    params: GuidParam,
    query: ChatMessagesQuery,
    response: CometMessageListRes,
  }),
  groupRead: v3({
    method: 'POST',
    path: '/v3.0/groups/{guid}/conversation/read',
    summary: "Marks a room's chat read up to its latest message",
    params: GuidParam,
    response: CometReadRes,
  }),
  userMessages: v3({
    method: 'GET',
    path: '/v3.0/users/{uid}/messages',
    summary: 'A page of the direct conversation with this user (same paging)',
    params: UidParam,
    query: ChatMessagesQuery,
    response: CometMessageListRes,
  }),
  userConversation: v3({
    method: 'GET',
    path: '/v3.0/users/{uid}/conversation',
    summary: 'The direct conversation with this user: last message and unread count',
    params: UidParam,
    response: CometConversationRes,
  }),
  userRead: v3({
    method: 'POST',
    path: '/v3.0/users/{uid}/conversation/read',
    summary: 'Marks the direct conversation with this user read',
    params: UidParam,
    response: CometReadRes,
  }),
  conversations: v3({
    method: 'GET',
    path: '/v3.0/conversations',
    summary:
      "The caller's conversations (direct and joined rooms), latest first, with unread counts",
    query: ChatPageQuery,
    response: CometConversationListRes,
  }),
};
