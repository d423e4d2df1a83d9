import { randomUUID } from 'node:crypto';
import {
  CHAT_MESSAGE_TYPES,
  ChatMessageDto,
  type CometAttachment,
  type SendChatMessageReq,
  type UserProfileDto,
} from '@tt/protocol';
import { chatMessageProblem } from '@tt/rules';
import { fail } from '../../platform/errors';

/** What a sent message becomes before it is stored. */
export interface Composed {
  text: string | null;
  attachments: CometAttachment[] | null;
  metadata: Record<string, unknown> | null;
  customData: Record<string, unknown> | null;
  clientId: string | null;
  type: string;
}

/** CHAT-IMAGE-2: http(s) links, or our own chat images by path. */
const isHttpUrl = (v: string) =>
  /^https?:\/\/[^\s]+$/i.test(v) ||
  /^\/api\/chat-service\/images\/[0-9a-f-]{36}\.[a-z]{3,4}$/.test(v);
const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined);

function invalid(problem: string): never {
  throw fail('CHAT_INVALID_MESSAGE', `This message is not valid: ${problem}.`);
}

/** CHAT-LEN-1: texts longer than the limit are refused (never cut). */
export function assertLength(text: unknown, max: number): void {
  if (typeof text === 'string' && text.length > max) {
    throw fail('CHAT_TOO_LONG', `A message is at most ${max} characters.`);
  }
}

/** CHAT-IMAGE-2: attachments and image URLs are http(s) links or our uploads' paths. */
function attachmentsOf(input: SendChatMessageReq['data']['attachments']): CometAttachment[] {
  return (input ?? []).map((a, i) => {
    if (!isHttpUrl(a.url)) invalid(`attachments.${i}.url must be an http(s) URL or a chat image`);
    return {
      url: a.url,
      ...(a.name !== undefined ? { name: a.name } : {}),
      ...(a.mimeType !== undefined ? { mimeType: a.mimeType } : {}),
      ...(a.extension !== undefined ? { extension: a.extension } : {}),
      ...(a.size !== undefined ? { size: a.size } : {}),
    };
  });
}

/**
 * The product's chat message of a send, with the sender's identity filled in (CHAT-IDENTITY-1):
 * userUuid is the sender, userName and badges come from their profile (never from the client),
 * avatarId and color from the client when given, else the profile; uuid and id are the client's
 * id or a new one; image URLs gain media; imageBase64, reactions, retryButton and any
 * messageId/reportIdentifier/date are dropped (the server sets those when it answers).
 * A room-type message needs `mayPostRoom` (CHAT-ROOMMSG-1).
 */
export function composeChatMessage(
  raw: unknown,
  ctx: {
    sender: string;
    profile: UserProfileDto | undefined;
    text: string | undefined;
    imageUrls: string[];
    clientId: string;
    mayPostRoom: boolean;
    maxLength: number;
  },
): Record<string, unknown> {
  const parsed = ChatMessageDto.safeParse(raw ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    invalid(`metadata.chatMessage.${issue.path.join('.')}: ${issue.message}`);
  }
  const m: Record<string, unknown> = { ...parsed.data };
  for (const k of [
    'imageBase64',
    'reactions',
    'retryButton',
    'messageId',
    'reportIdentifier',
    'date',
  ]) {
    delete m[k];
  }
  if (m.type === 'room' && !ctx.mayPostRoom) throw fail('CHAT_ROOM_MESSAGE_FORBIDDEN');
  assertLength(m.message, ctx.maxLength);
  const p = ctx.profile;
  m.userUuid = ctx.sender;
  m.userName = p?.nickname ?? str(m.userName) ?? ctx.sender;
  m.avatarId = str(m.avatarId) ?? p?.avatarId ?? '';
  if (!str(m.color) && p?.color) m.color = p.color;
  m.badges = p?.badges ?? [];
  m.uuid = ctx.clientId;
  m.id = ctx.clientId;
  m.type = m.type === 'room' ? 'room' : 'user';
  const urls = [...((m.imageUrls as string[] | undefined) ?? []), ...ctx.imageUrls];
  urls.forEach((u, i) => {
    if (!isHttpUrl(u)) invalid(`imageUrls.${i} must be an http(s) URL`);
  });
  if (urls.length) {
    m.imageUrls = [...new Set(urls)];
    const media = m.media as { uri?: unknown } | undefined;
    if (!str(media?.uri)) m.media = { uri: (m.imageUrls as string[])[0] };
  }
  const problem = chatMessageProblem({ ...m, message: m.message ?? ctx.text });
  if (problem) invalid(problem);
  return m;
}

/** CHAT-VALID-*, CHAT-LEN-1, CHAT-IMAGE-*: a send body, checked and normalised for storage. */
export function composeMessage(
  body: SendChatMessageReq,
  ctx: {
    sender: string;
    profile: UserProfileDto | undefined;
    mayPostRoom: boolean;
    maxLength: number;
  },
): Composed {
  const { data } = body;
  assertLength(data.text, ctx.maxLength);
  const text = data.text ?? null;
  if (
    body.category === 'message' &&
    !(CHAT_MESSAGE_TYPES as readonly string[]).includes(body.type)
  ) {
    invalid(`type must be one of ${CHAT_MESSAGE_TYPES.join(', ')} for category message`);
  }
  const attachments = attachmentsOf(data.attachments);
  const meta = data.metadata ?? null;
  const rawChat = meta?.chatMessage;
  const clientId =
    str(body.muid) ??
    str((rawChat as { uuid?: unknown } | undefined)?.uuid) ??
    str((rawChat as { id?: unknown } | undefined)?.id) ??
    null;
  if (body.category === 'custom') {
    if (!data.customData && !str(text ?? undefined)) invalid('a custom message needs customData');
  } else if (body.type === 'text' && !str(text ?? undefined) && rawChat === undefined) {
    invalid('a text message needs data.text');
  } else if (body.type !== 'text' && attachments.length === 0 && rawChat === undefined) {
    invalid(`a ${body.type} message needs attachments`);
  }
  let metadata: Record<string, unknown> | null = meta ? { ...meta } : null;
  if (body.category === 'message' || rawChat !== undefined) {
    const images = body.type === 'image' ? attachments.map((a) => a.url) : [];
    const chatMessage = composeChatMessage(rawChat, {
      ...ctx,
      text: text ?? undefined,
      imageUrls: images,
      clientId: clientId ?? randomUUID(),
    });
    metadata = { ...(metadata ?? {}), chatMessage };
  }
  return {
    text,
    attachments: attachments.length ? attachments : null,
    metadata,
    customData: data.customData ?? null,
    clientId,
    type: body.type,
  };
}
