/**
 * The room chat's model on the phone: a message as the chat shows it, built from the CometChat
 * message the server answers (the product's chat message travels in data.metadata.chatMessage,
 * CHAT-IDENTITY-1), the body of a send, mentions (CHAT-VALID-3) and merging (CHAT-MERGE-1).
 * Pure functions; docs/CHAT-RULES.md names the rules.
 */
import type { ChatMessageDto, CometMessage } from '@tt/protocol';
import { CHAT_LOCAL_ID, mergeChatMessages, toggleReaction, type ChatReactions } from '@tt/rules';

/** A mention as it is sent and shown: all three fields (CHAT-VALID-3). */
type MentionDto = NonNullable<ChatMessageDto['mentions']>[number];
export type Mention = {
  [K in 'userNickname' | 'start' | 'userUuid']-?: NonNullable<MentionDto[K]>;
};

export type SendState = 'sending' | 'failed' | 'sent';

/** One message as the chat shows it. */
export interface ChatItem {
  /** The client's id, kept from the local copy to the confirmed one (CHAT-MERGE-1). */
  uuid: string;
  /** The server's id, or CHAT_LOCAL_ID until confirmed. */
  id: string | number;
  reportIdentifier?: string;
  sender: string;
  userName: string;
  avatarId?: string;
  color?: string;
  text: string;
  /** A GIF or image the phone does not show yet (a line says so). */
  media: boolean;
  mentions: Mention[];
  reactions: ChatReactions;
  /** 'room' lines are system lines. */
  type: 'user' | 'room';
  sentAtMs: number;
  deleted: boolean;
  send: SendState;
}

/** The people the chat shows and suggests for mentions. */
export interface Person {
  uuid: string;
  nickname: string;
  color?: string;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' && v ? v : undefined);

function reactionsOf(chat: Record<string, unknown>, m: CometMessage): ChatReactions {
  const raw = chat.reactions;
  const out: ChatReactions = {};
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      if (Array.isArray(v) && v.length)
        out[k] = v.filter((u): u is string => typeof u === 'string');
    }
    return out;
  }
  // Without the product's map, CometChat's counts say how many; only "me" is unknown by name.
  for (const r of m.reactions) out[r.reaction] = Array.from({ length: r.count }, (_, i) => `?${i}`);
  return out;
}

function mentionsOf(v: unknown): Mention[] {
  if (!Array.isArray(v)) return [];
  return v.filter(
    (x): x is Mention =>
      typeof x === 'object' &&
      x !== null &&
      typeof (x as Mention).userUuid === 'string' &&
      typeof (x as Mention).start === 'number' &&
      typeof (x as Mention).userNickname === 'string',
  );
}

/** A server message as the chat shows it. */
export function toChatItem(m: CometMessage): ChatItem {
  const chat = (m.data.metadata?.chatMessage ?? {}) as Record<string, unknown>;
  const message = chat.message;
  const text = typeof message === 'string' ? message : (m.data.text ?? '');
  const gif = typeof message === 'object' && message !== null;
  return {
    uuid: str(chat.uuid) ?? m.muid ?? m.id,
    id: m.id,
    reportIdentifier: str(chat.reportIdentifier) ?? m.id,
    sender: m.sender,
    userName: str(chat.userName) ?? m.data.entities?.sender?.entity?.name ?? '?',
    avatarId: str(chat.avatarId),
    color: str(chat.color),
    text: m.deletedAt || gif ? '' : text,
    media: !m.deletedAt && (gif || m.type === 'image'),
    mentions: mentionsOf(chat.mentions),
    reactions: reactionsOf(chat, m),
    type: chat.type === 'room' ? 'room' : 'user',
    sentAtMs: m.sentAt * 1000,
    deleted: m.deletedAt !== undefined,
    send: 'sent',
  };
}

export interface Sender {
  uuid: string;
  userName: string;
  avatarId: string;
  color?: string;
}

/** The local copy shown at once, with id −1 until the server confirms it (CHAT-WEB-1). */
export function localItem(
  uuid: string,
  me: Sender,
  text: string,
  mentions: Mention[],
  now: number,
): ChatItem {
  return {
    uuid,
    id: CHAT_LOCAL_ID,
    sender: me.uuid,
    userName: me.userName,
    avatarId: me.avatarId,
    color: me.color,
    text,
    media: false,
    mentions,
    reactions: {},
    type: 'user',
    sentAtMs: now,
    deleted: false,
    send: 'sending',
  };
}

/** The body of POST /v3.0/messages to a room (CHAT-IDENTITY-1: the uuid is the muid). */
export function sendBody(
  guid: string,
  uuid: string,
  me: Sender,
  text: string,
  mentions: Mention[],
) {
  const chatMessage = {
    message: text,
    uuid,
    id: uuid,
    userUuid: me.uuid,
    userName: me.userName,
    avatarId: me.avatarId,
    ...(me.color ? { color: me.color } : {}),
    type: 'user',
    ...(mentions.length ? { mentions } : {}),
  };
  return {
    receiver: guid,
    receiverType: 'group' as const,
    category: 'message' as const,
    type: 'text',
    muid: uuid,
    data: { text, metadata: { chatMessage } },
  };
}

/** The mention being typed at the caret: `@` at a word start, then non-space characters. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[2].length - 1, query: m[2] };
}

/** The mentions a text still holds: each picked person whose `@nickname` is in it (CHAT-VALID-3). */
export function mentionsIn(text: string, picked: readonly Person[]): Mention[] {
  const out: Mention[] = [];
  for (const p of picked) {
    const needle = `@${p.nickname}`;
    for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + needle.length)) {
      if (!out.some((m) => m.start === at))
        out.push({ userNickname: p.nickname, start: at, userUuid: p.uuid });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** A text cut into plain parts and mentions, for rendering (text stays text: CHAT-TEXT-1). */
export function textParts(text: string, mentions: readonly Mention[]) {
  const parts: Array<{ text: string; mention?: Mention }> = [];
  let at = 0;
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    const needle = `@${m.userNickname}`;
    if (m.start < at || text.slice(m.start, m.start + needle.length) !== needle) continue;
    if (m.start > at) parts.push({ text: text.slice(at, m.start) });
    parts.push({ text: needle, mention: m });
    at = m.start + needle.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}

export const mentionsMe = (item: ChatItem, me: string | null): boolean =>
  me !== null && item.mentions.some((m) => m.userUuid === me);

/**
 * Server messages in (CHAT-MERGE-1, with replacement): a confirmed or edited message takes its
 * copy's place by uuid, new ones are merged; confirmed ones in the server's order, local ones last.
 */
export function upsertItems(current: readonly ChatItem[], incoming: readonly ChatItem[]) {
  const byUuid = new Map(incoming.map((m) => [m.uuid, m]));
  const replaced = current.map((m) => {
    const next = byUuid.get(m.uuid);
    if (!next) return m;
    byUuid.delete(m.uuid);
    return next;
  });
  const merged = mergeChatMessages(
    replaced,
    incoming.filter((m) => byUuid.has(m.uuid)),
  );
  const sent = merged.filter((m) => m.send === 'sent').sort((a, b) => a.sentAtMs - b.sentAtMs);
  return [...sent, ...merged.filter((m) => m.send !== 'sent')];
}

/** A reaction event: applied once (CHAT-REACT-1, added or removed for that user). */
export function applyReaction(
  items: readonly ChatItem[],
  messageId: string,
  reaction: string,
  uid: string,
  added: boolean,
): ChatItem[] {
  return items.map((m) => {
    if (String(m.id) !== messageId) return m;
    const has = (m.reactions[reaction] ?? []).includes(uid);
    return has === added ? m : { ...m, reactions: toggleReaction(m.reactions, reaction, uid) };
  });
}

/** A fresh client id for a message. */
export const newUuid = (): string =>
  'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = (Math.random() * 16) | 0;
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
