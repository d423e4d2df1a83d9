/**
 * Trust that is earned (docs/TRUST-RULES.md). Pure: the server feeds it what an account has heard
 * and earned, and the thresholds of its configuration; clients use it to show how far someone is.
 */

/** TRUST-2: the thresholds (server settings TRUST_MIN_SONGS_HEARD, TRUST_MIN_POINTS, …). */
export interface TrustThresholds {
  minSongsHeard: number;
  minPoints: number;
  /** TRUST-6: a room with more listeners than this is busy. */
  busyRoomListeners: number;
}

/** What an account has done: songs heard to the end (listener credits) and lifetime points. */
export interface TrustFacts {
  songsHeard: number;
  points: number;
}

/** TRUST-2: listened a while or earned points — either threshold reached earns trust. */
export function earnedTrust(facts: TrustFacts, t: TrustThresholds): boolean {
  return facts.songsHeard >= t.minSongsHeard || facts.points >= t.minPoints;
}

/** TRUST-7: what is still missing, by each road (0 on a road already travelled). */
export function trustMissing(
  facts: TrustFacts,
  t: TrustThresholds,
): { songs: number; points: number } {
  return {
    songs: Math.max(0, t.minSongsHeard - facts.songsHeard),
    points: Math.max(0, t.minPoints - facts.points),
  };
}

/** TRUST-6: is a room with this many listeners busy? */
export function isBusyRoom(listeners: number, t: Pick<TrustThresholds, 'busyRoomListeners'>) {
  return listeners > t.busyRoomListeners;
}

const SCHEME = /\b(?:https?|ftp):\/\/\S/i;
const WWW = /\bwww\.[a-z0-9-]+\.[a-z]/i;
/** A bare domain with a common top-level name (example.com, bit.ly/x, spam.xyz). */
const BARE =
  /\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|ly|gg|co|xyz|ru|me|tv|link|info|biz|app|dev|site|online|top|live|fm|club|shop|us|uk|de|es|in|cc|to|be|am|ws|tk|ml|ga|cf|gq|sh|so|vip|win|bid|click|store|cn|su)\b(?!\.[a-z])/i;
const INVITE = /\bdiscord(?:app)?\.(?:gg|com)\/|\bt\.me\//i;

/** TRUST-4: does this text carry a link (a scheme, www., a bare domain, an invite)? */
export function containsLink(text: string): boolean {
  return SCHEME.test(text) || WWW.test(text) || INVITE.test(text) || BARE.test(text);
}

/** The parts of a chat send that may carry a link or an image. */
export interface ChatSendParts {
  type?: string;
  text?: string | null;
  attachments?: readonly unknown[] | null;
  chatMessage?: {
    message?: unknown;
    imageUrls?: readonly unknown[];
    media?: { uri?: unknown } | null;
  } | null;
}

/** TRUST-4: a chat send with a link in its text, an image or any attachment. */
export function sendHasLinkOrImage(m: ChatSendParts): boolean {
  if (m.type === 'image' || m.type === 'file' || m.type === 'video' || m.type === 'audio') {
    return true;
  }
  if ((m.attachments?.length ?? 0) > 0) return true;
  const c = m.chatMessage;
  if ((c?.imageUrls?.length ?? 0) > 0) return true;
  if (typeof c?.media?.uri === 'string' && c.media.uri.trim()) return true;
  // A message object (a GIF: `{ type: 'gif', url }`) counts by the texts it carries.
  const inner =
    c?.message && typeof c.message === 'object' ? Object.values(c.message as object) : [];
  const texts = [m.text, typeof c?.message === 'string' ? c.message : null, ...inner];
  return texts.some((t) => typeof t === 'string' && containsLink(t));
}

/** The sentence telling someone how far they are (English; clients translate by code). */
export function trustProgressText(facts: TrustFacts, t: TrustThresholds): string {
  const miss = trustMissing(facts, t);
  return `Listen to ${miss.songs} more song${miss.songs === 1 ? '' : 's'} or earn ${miss.points} more point${miss.points === 1 ? '' : 's'} to unlock this (heard ${facts.songsHeard} of ${t.minSongsHeard}, points ${facts.points} of ${t.minPoints}).`;
}

/** TRUST-7: the codes of the refusals of new accounts. */
export const TRUST_REFUSALS = ['TRUST_LINKS_NOT_YET', 'TRUST_DM_NOT_YET', 'TRUST_SEAT_NOT_YET'];

/** Is this a refusal of a new account (TRUST-4..6)? */
export const isTrustRefusal = (code: string | null | undefined): boolean =>
  !!code && TRUST_REFUSALS.includes(code);

/**
 * TRUST-7: how far the person is, read back from a refusal's text (`trustProgressText`), so a
 * client can say it in the person's language; null when the text does not carry it.
 */
export function trustProgressIn(message: string): {
  songs: number;
  points: number;
  heard: number;
  needSongs: number;
  earned: number;
  needPoints: number;
} | null {
  const m = /heard (\d+) of (\d+), points (-?\d+) of (\d+)/.exec(message);
  if (!m) return null;
  const [heard, needSongs, earned, needPoints] = m.slice(1).map(Number);
  const miss = trustMissing(
    { songsHeard: heard, points: earned },
    { minSongsHeard: needSongs, minPoints: needPoints, busyRoomListeners: 0 },
  );
  return { songs: miss.songs, points: miss.points, heard, needSongs, earned, needPoints };
}
