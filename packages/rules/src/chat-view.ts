/**
 * A chat message as the web and the mobile app show it, built from the CometChat message the
 * server answers (the product's chat message travels in data.metadata.chatMessage,
 * CHAT-IDENTITY-1), the body of a send, mentions (CHAT-VALID-3) and merging (CHAT-MERGE-1).
 * Pure functions over plain objects; docs/CHAT-RULES.md names the rules (CHAT-*).
 */
import type { CometMessage } from '@tt/protocol';
import { CHAT_LOCAL_ID, mergeChatMessages, toggleReaction, type ChatReactions } from './chat';

/** A conversation: a room's chat (group = room uuid) or the direct one with a user. */
export type ChatTarget = { kind: 'group'; guid: string } | { kind: 'user'; uid: string };

/** A mention as it is sent and shown: all three fields (CHAT-VALID-3). */
export interface Mention {
  userNickname: string;
  start: number;
  userUuid: string;
}

/** The music-info attachment of a resolved song link (CHAT-LINK-3). */
export interface ChatMusicInfo {
  type: 'ChatMusicInfo';
  providersUrls: Record<string, string>;
  trackInfo: {
    title: string;
    userName: string;
    duration?: number;
    genre?: string;
    id?: string;
    isrc: string;
    provider?: string;
    artwork?: string;
    previews?: string[];
  };
}

export interface ChatGif {
  type: 'gif';
  url: string;
  title?: string;
}

export interface ChatReply {
  id: string;
  userName: string;
  message: string;
}

export type SendState = 'sending' | 'failed' | 'sent';

/** Who sends: the signed-in user as their messages name them. */
export interface ChatSender {
  uuid: string;
  userName: string;
  avatarId: string;
  color?: string;
  picture?: string;
}

/** What a message is made of before it is sent. */
export interface ChatDraft {
  text: string;
  mentions?: Mention[];
  replyTo?: ChatReply;
  gif?: ChatGif;
  image?: { url: string; contentType: string };
  songs?: ChatMusicInfo[];
}

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
  picture?: string;
  color?: string;
  text: string;
  gif?: ChatGif;
  imageUrls: string[];
  songs: ChatMusicInfo[];
  mentions: Mention[];
  replyTo?: ChatReply;
  reactions: ChatReactions;
  /** 'room' lines are system lines (joins, DJ changes, songs). */
  type: 'user' | 'room';
  sentAtMs: number;
  edited: boolean;
  deleted: boolean;
  send: SendState;
  attempts: number;
  /** What a local message was made of: sent again by the retry button. */
  draft?: ChatDraft;
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
  // Without the product's map, CometChat's counts say how many; only "me" is known by name.
  for (const r of m.reactions) out[r.reaction] = Array.from({ length: r.count }, (_, i) => `?${i}`);
  return out;
}

function musicInfos(v: unknown): ChatMusicInfo[] {
  if (!Array.isArray(v)) return [];
  return v.filter(
    (s): s is ChatMusicInfo =>
      typeof s === 'object' &&
      s !== null &&
      (s as ChatMusicInfo).type === 'ChatMusicInfo' &&
      typeof (s as ChatMusicInfo).trackInfo?.title === 'string',
  );
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
  // Socket frames of older servers may come without entities: the name falls back to '?'.
  const sender = (m.data.entities as Partial<CometMessage['data']['entities']> | undefined)?.sender
    ?.entity;
  const message = chat.message;
  const gif =
    message && typeof message === 'object' && (message as ChatGif).type === 'gif'
      ? (message as ChatGif)
      : undefined;
  const text = typeof message === 'string' ? message : (m.data.text ?? '');
  const urls = Array.isArray(chat.imageUrls)
    ? chat.imageUrls.filter((u): u is string => typeof u === 'string')
    : (m.data.attachments ?? []).map((a) => a.url);
  const reply = chat.replies as ChatReply | undefined;
  const avatar = sender?.avatar;
  return {
    uuid: str(chat.uuid) ?? m.muid ?? m.id,
    id: m.id,
    reportIdentifier: str(chat.reportIdentifier) ?? m.id,
    sender: m.sender,
    userName: str(chat.userName) ?? sender?.name ?? '?',
    avatarId: str(chat.avatarId),
    picture: avatar && /^(https?:\/\/|\/)/.test(avatar) ? avatar : undefined,
    color: str(chat.color),
    text: m.deletedAt ? '' : gif ? '' : text,
    gif: m.deletedAt ? undefined : gif,
    imageUrls: m.deletedAt || m.type !== 'image' ? [] : urls,
    songs: m.deletedAt ? [] : musicInfos(chat.songs),
    mentions: mentionsOf(chat.mentions),
    replyTo: reply && typeof reply === 'object' && str(reply.id) ? reply : undefined,
    reactions: reactionsOf(chat, m),
    type: chat.type === 'room' ? 'room' : 'user',
    sentAtMs: m.sentAt * 1000,
    edited: m.editedAt !== undefined,
    deleted: m.deletedAt !== undefined,
    send: 'sent',
    attempts: 0,
  };
}

/** Does the message hold a GIF or pictures (what a text-only chat says it cannot show)? */
export const hasMedia = (item: ChatItem): boolean =>
  item.gif !== undefined || item.imageUrls.length > 0;

/** The local copy shown at once, with id −1 until the server confirms it (CHAT-WEB-1). */
export function localItem(uuid: string, me: ChatSender, draft: ChatDraft, now: number): ChatItem {
  return {
    uuid,
    id: CHAT_LOCAL_ID,
    sender: me.uuid,
    userName: me.userName,
    avatarId: me.avatarId,
    picture: me.picture,
    color: me.color,
    text: draft.gif ? '' : draft.text,
    gif: draft.gif,
    imageUrls: draft.image ? [draft.image.url] : [],
    songs: draft.songs ?? [],
    mentions: draft.mentions ?? [],
    replyTo: draft.replyTo,
    reactions: {},
    type: 'user',
    sentAtMs: now,
    edited: false,
    deleted: false,
    send: 'sending',
    attempts: 0,
  };
}

/** The body of POST /v3.0/messages for a draft (CHAT-IDENTITY-1: the uuid is the muid). */
export function sendBody(target: ChatTarget, uuid: string, me: ChatSender, draft: ChatDraft) {
  const chatMessage: Record<string, unknown> = {
    message: draft.gif ?? draft.text,
    uuid,
    id: uuid,
    userUuid: me.uuid,
    userName: me.userName,
    avatarId: me.avatarId,
    ...(me.color ? { color: me.color } : {}),
    type: 'user',
    ...(draft.mentions?.length ? { mentions: draft.mentions } : {}),
    ...(draft.replyTo ? { replies: draft.replyTo } : {}),
    ...(draft.songs?.length ? { songs: draft.songs } : {}),
  };
  if (draft.gif) chatMessage.media = { uri: draft.gif.url };
  if (draft.image) {
    chatMessage.imageUrls = [draft.image.url];
    chatMessage.media = { uri: draft.image.url };
  }
  return {
    receiver: target.kind === 'group' ? target.guid : target.uid,
    receiverType: target.kind,
    category: 'message' as const,
    type: draft.image ? 'image' : 'text',
    muid: uuid,
    data: {
      ...(draft.gif ? { text: draft.gif.title || draft.gif.url } : {}),
      ...(draft.text && !draft.gif ? { text: draft.text } : {}),
      metadata: { chatMessage },
      ...(draft.image
        ? { attachments: [{ url: draft.image.url, mimeType: draft.image.contentType }] }
        : {}),
    },
  };
}

/** The mention being typed at the caret: `@` at a word start, then non-space characters. */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([^\s@]{0,30})$/.exec(text.slice(0, caret));
  if (!m) return null;
  return { start: caret - m[2].length - 1, query: m[2] };
}

/**
 * The mentions a text still holds (CHAT-VALID-3: userNickname, start, userUuid): each picked
 * person whose `@nickname` is found in the text, at its current position.
 */
export function mentionsIn(
  text: string,
  picked: ReadonlyArray<{ uuid: string; nickname: string }>,
): Mention[] {
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

/** A part of a text: plain, a mention, or a link. */
export interface TextPart {
  text: string;
  mention?: Mention;
  link?: string;
}

/** A text cut into plain parts, links and mentions, for rendering (text stays text: CHAT-TEXT-1). */
export function textParts(text: string, mentions: readonly Mention[]): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  const pushPlain = (s: string) => {
    let last = 0;
    for (const m of s.matchAll(/https?:\/\/[^\s<>"']+/g)) {
      if (m.index > last) parts.push({ text: s.slice(last, m.index) });
      parts.push({ text: m[0], link: m[0] });
      last = m.index + m[0].length;
    }
    if (last < s.length) parts.push({ text: s.slice(last) });
  };
  for (const m of [...mentions].sort((a, b) => a.start - b.start)) {
    const needle = `@${m.userNickname}`;
    if (m.start < at || text.slice(m.start, m.start + needle.length) !== needle) continue;
    if (m.start > at) pushPlain(text.slice(at, m.start));
    parts.push({ text: needle, mention: m });
    at = m.start + needle.length;
  }
  if (at < text.length) pushPlain(text.slice(at));
  return parts;
}

/** Does this message mention `uuid`? */
export const mentionsMe = (item: ChatItem, uuid: string | null): boolean =>
  uuid !== null && item.mentions.some((m) => m.userUuid === uuid);

/**
 * Server messages in (CHAT-MERGE-1, with replacement): a confirmed or edited message takes its
 * copy's place by uuid, new ones are merged (reported ones, by reportIdentifier, stay out).
 * After: confirmed ones in the server's order, local ones last. Before: an older page in front.
 */
export function upsertItems(
  current: readonly ChatItem[],
  incoming: readonly ChatItem[],
  hidden: ReadonlySet<string> = new Set(),
  where: 'after' | 'before' = 'after',
): ChatItem[] {
  const byUuid = new Map(incoming.map((m) => [m.uuid, m]));
  const replaced = current.map((m) => {
    const next = byUuid.get(m.uuid);
    if (!next) return m;
    byUuid.delete(m.uuid);
    return next;
  });
  const fresh = incoming.filter((m) => byUuid.has(m.uuid));
  if (where === 'before') {
    const older = fresh.filter(
      (m) => !(m.reportIdentifier !== undefined && hidden.has(m.reportIdentifier)),
    );
    return [...older, ...replaced];
  }
  const merged = mergeChatMessages(replaced, fresh, hidden);
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

/** A fresh client id for a message: a v4 UUID (where there is no crypto.randomUUID too). */
export const newUuid = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
        const r = (Math.random() * 16) | 0;
        return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
      });
