/**
 * Chat rules shared by the server and the web app (docs/CHAT-RULES.md names each one).
 * Pure functions over plain objects: no clock, no I/O (callers pass `now`).
 */
import type { RateRule } from './socket-limits';

/** CHAT-RECALL-1: an own text message can be recalled only this long after it was sent. */
export const CHAT_RECALL_WINDOW_SECONDS = 20;
/** CHAT-EDIT-1: an own text message can be edited this long after it was sent. */
export const CHAT_EDIT_WINDOW_SECONDS = 15 * 60;
/** CHAT-MERGE-1: a merge keeps at most this many new messages. */
export const CHAT_MERGE_MAX_NEW = 300;
/** Sends the client retries before it shows a retry button. */
export const CHAT_SEND_RETRIES = 3;
/** The id a message has locally until the server confirms it. */
export const CHAT_LOCAL_ID = -1;
/** CHAT-LEN-1: the default longest text (CHAT_MESSAGE_MAX_LENGTH overrides it on the server). */
export const CHAT_MESSAGE_MAX_LENGTH = 1000;
/** CHAT-REACT-2: distinct reactions one user may hold on one message. */
export const CHAT_MAX_REACTIONS_PER_USER = 10;
/** CHAT-FLOOD-1: writes (send, edit, delete, react) per user: a burst, then a steady rate. */
export const CHAT_RATE_LIMIT: RateRule = { burst: 10, perSecond: 1 };
/** CHAT-FLOOD-2: frames per chat socket connection (any kind). */
export const CHAT_SOCKET_FRAME_LIMIT: RateRule = { burst: 20, perSecond: 5 };

/** CHAT-LINK-1: a link resolves to a song only if its host contains one of these. */
export const CHAT_LINK_HOSTS = [
  'apple',
  'audius',
  'napster',
  'soundcloud',
  'spotify',
  'youtube',
  'youtu.be',
  'pandora',
  'deezer',
  'tidal',
  'amazon',
  'yandex',
  'spinrilla',
] as const;

export interface ChatMention {
  userNickname?: unknown;
  start?: unknown;
  userUuid?: unknown;
}

/** The fields of a chat message the rules read. */
export interface ChatMessageLike {
  message?: unknown;
  uuid?: unknown;
  id?: unknown;
  userName?: unknown;
  avatarId?: unknown;
  userUuid?: unknown;
  reportIdentifier?: unknown;
  mentions?: unknown;
  imageBase64?: unknown;
  imageUrls?: unknown;
  media?: unknown;
  type?: unknown;
  date?: unknown;
  reactions?: unknown;
}

const filled = (v: unknown) => typeof v === 'string' && v.trim().length > 0;

/** Text, or a music-info or gif object: what counts as the message's content. */
function hasText(m: ChatMessageLike): boolean {
  if (filled(m.message)) return true;
  return typeof m.message === 'object' && m.message !== null && !Array.isArray(m.message);
}

function hasImageData(m: ChatMessageLike): boolean {
  if (filled(m.imageBase64)) return true;
  return Array.isArray(m.imageUrls) && m.imageUrls.some(filled);
}

function hasMedia(m: ChatMessageLike): boolean {
  const media = m.media as { uri?: unknown } | null | undefined;
  return typeof media === 'object' && media !== null && filled(media.uri);
}

/** CHAT-VALID-3: a mention needs userNickname, start and userUuid. */
export function isValidMention(mention: unknown): boolean {
  if (typeof mention !== 'object' || mention === null) return false;
  const m = mention as ChatMention;
  return (
    filled(m.userNickname) &&
    typeof m.start === 'number' &&
    Number.isInteger(m.start) &&
    m.start >= 0 &&
    filled(m.userUuid)
  );
}

/**
 * CHAT-VALID-1..3: a room-type message is always valid. Otherwise it needs text, or both image
 * data and media; a user message needs userUuid, userName and avatarId; each mention needs
 * userNickname, start and userUuid.
 */
export function isValidChatMessage(m: ChatMessageLike): boolean {
  if (m.type === 'room') return true;
  if (!hasText(m) && !(hasImageData(m) && hasMedia(m))) return false;
  if (!filled(m.userUuid) || !filled(m.userName) || !filled(m.avatarId)) return false;
  if (m.mentions === undefined || m.mentions === null) return true;
  return Array.isArray(m.mentions) && m.mentions.every(isValidMention);
}

/** The reason a message is not valid, for error texts; null when it is valid. */
export function chatMessageProblem(m: ChatMessageLike): string | null {
  if (m.type === 'room') return null;
  if (!hasText(m) && !(hasImageData(m) && hasMedia(m))) {
    return 'a message needs text, or an image and its media';
  }
  for (const f of ['userUuid', 'userName', 'avatarId'] as const) {
    if (!filled(m[f])) return `a user message needs ${f}`;
  }
  if (m.mentions !== undefined && m.mentions !== null) {
    if (!Array.isArray(m.mentions)) return 'mentions must be a list';
    const bad = m.mentions.findIndex((x) => !isValidMention(x));
    if (bad >= 0) return `mentions.${bad} needs userNickname, start and userUuid`;
  }
  return null;
}

/** CHAT-LINK-1: does this link's host name one of the music providers chat resolves? */
export function isResolvableChatLink(link: string): boolean {
  let host: string;
  try {
    const url = new URL(link);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    host = url.hostname.toLowerCase();
  } catch {
    return false;
  }
  return CHAT_LINK_HOSTS.some((h) => host.includes(h));
}

/** CHAT-LINK-2: the links of a text that chat would resolve (gif messages are not scanned). */
export function resolvableChatLinks(text: string, opts: { isGif?: boolean } = {}): string[] {
  if (opts.isGif) return [];
  const found = text.match(/https?:\/\/[^\s<>"']+/gi) ?? [];
  return [...new Set(found.filter(isResolvableChatLink))];
}

/** CHAT-LINK-3: a resolved song becomes a music-info attachment only when it has an ISRC. */
export function canBecomeMusicInfo(song: { isrc?: string | null }): boolean {
  return typeof song.isrc === 'string' && song.isrc.trim().length > 0;
}

/** CHAT-RECALL-1: may `userUuid` recall this message now? Own text messages within 20 s. */
export function canRecall(
  message: { sender: string; type: string; sentAtMs: number; deleted?: boolean },
  userUuid: string,
  now: number,
): boolean {
  if (message.deleted || message.sender !== userUuid || message.type !== 'text') return false;
  const age = now - message.sentAtMs;
  return age >= -1000 && age <= CHAT_RECALL_WINDOW_SECONDS * 1000;
}

/** CHAT-EDIT-1: may `userUuid` edit this message now? Own text messages within the edit window. */
export function canEdit(
  message: { sender: string; type: string; sentAtMs: number; deleted?: boolean },
  userUuid: string,
  now: number,
): boolean {
  if (message.deleted || message.sender !== userUuid || message.type !== 'text') return false;
  return now - message.sentAtMs <= CHAT_EDIT_WINDOW_SECONDS * 1000;
}

/** Reactions of a chat message: reaction → the users who gave it. */
export type ChatReactions = Record<string, string[]>;

/** CHAT-REACT-1: reacting toggles: a user's reaction is added, or removed when already there. */
export function toggleReaction(
  reactions: ChatReactions,
  reaction: string,
  userUuid: string,
): ChatReactions {
  const users = reactions[reaction] ?? [];
  const next = users.includes(userUuid)
    ? users.filter((u) => u !== userUuid)
    : [...users, userUuid];
  const out: ChatReactions = { ...reactions };
  if (next.length) out[reaction] = next;
  else delete out[reaction];
  return out;
}

const keyOf = (m: ChatMessageLike): string | null =>
  typeof m.uuid === 'string' && m.uuid
    ? m.uuid
    : typeof m.id === 'string' || typeof m.id === 'number'
      ? String(m.id)
      : null;

/**
 * CHAT-MERGE-1: merges new messages into a list: duplicates (same uuid, else id) are dropped,
 * at most CHAT_MERGE_MAX_NEW new ones are kept (the latest), and messages whose reportIdentifier
 * the user reported (or blocked) are removed.
 */
export function mergeChatMessages<T extends ChatMessageLike>(
  current: readonly T[],
  incoming: readonly T[],
  hiddenReportIdentifiers: ReadonlySet<string> = new Set(),
): T[] {
  const seen = new Set<string>();
  for (const m of current) {
    const k = keyOf(m);
    if (k) seen.add(k);
  }
  const fresh: T[] = [];
  for (const m of incoming) {
    const k = keyOf(m);
    if (k && seen.has(k)) continue;
    if (k) seen.add(k);
    fresh.push(m);
  }
  const kept = fresh.slice(Math.max(0, fresh.length - CHAT_MERGE_MAX_NEW));
  return [...current, ...kept].filter(
    (m) =>
      !(typeof m.reportIdentifier === 'string' && hiddenReportIdentifiers.has(m.reportIdentifier)),
  );
}

/** Parses `burst/perSecond` (CHAT_RATE_LIMIT); throws an Error naming the problem. */
export function parseRateRule(value: string): RateRule {
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(value.trim());
  if (!m) throw new Error(`'${value}' is not burst/perSecond`);
  const burst = Number(m[1]);
  const perSecond = Number(m[2]);
  if (burst < 1 || perSecond <= 0) throw new Error(`'${value}' needs burst ≥ 1 and a rate > 0`);
  return { burst, perSecond };
}

/** Conversation lists of the direct-message inbox (CHAT-INBOX-1). */
export type ConversationCategory = 'FRIENDS' | 'OTHERS' | 'UNSET';

/** The people whose conversations an inbox lists under FRIENDS (CHAT-INBOX-1). */
export interface InboxLists {
  friends: ReadonlySet<string>;
  followedDjs: ReadonlySet<string>;
}

const NO_ONE: ReadonlySet<string> = new Set();

/**
 * CHAT-INBOX-1: the lists an inbox sorts by, from the friends list once it has answered (a list
 * that failed is passed as empty); null before that, so nobody is sorted yet (UNSET). Following
 * DJs is not built yet, so that list is empty.
 */
export function inboxLists(friendUuids: readonly string[] | null): InboxLists | null {
  return friendUuids ? { friends: new Set(friendUuids), followedDjs: NO_ONE } : null;
}

/**
 * CHAT-INBOX-1: a direct conversation is listed under FRIENDS when the other person is a friend
 * or a DJ the user follows, otherwise under OTHERS. Until the lists are known it is UNSET.
 */
export function classifyConversation(
  otherUuid: string,
  lists: InboxLists | null,
): ConversationCategory {
  if (!lists) return 'UNSET';
  return lists.friends.has(otherUuid) || lists.followedDjs.has(otherUuid) ? 'FRIENDS' : 'OTHERS';
}

/**
 * The list an inbox opens on (CHAT-INBOX-2): the one holding unread messages (FRIENDS first when
 * both do), else the one holding conversations (FRIENDS first), else FRIENDS. A list the person
 * picks stays picked; this only chooses where the inbox opens.
 */
export function openingInboxTab(
  rows: readonly { category: ConversationCategory; unread: number }[],
): 'FRIENDS' | 'OTHERS' {
  const inList = (c: 'FRIENDS' | 'OTHERS') =>
    rows.filter((r) => (c === 'FRIENDS') === (r.category === 'FRIENDS'));
  if (inList('FRIENDS').some((r) => r.unread > 0)) return 'FRIENDS';
  if (inList('OTHERS').some((r) => r.unread > 0)) return 'OTHERS';
  return inList('FRIENDS').length || !inList('OTHERS').length ? 'FRIENDS' : 'OTHERS';
}
