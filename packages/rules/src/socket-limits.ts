import { CHAT_SOCKET_FRAME_LIMIT } from './chat';

/**
 * Flood control of the room socket (SEC-FLOOD-1): every frame a client sends costs a token from a
 * bucket of its kind — one bucket per connection and one per user for each kind. A bucket holds
 * `burst` tokens and refills at `perSecond`; a frame finding its bucket empty is refused at once
 * (never queued). The numbers live in this one table; REALTIME_RATE_LIMITS overrides entries.
 */
export interface RateRule {
  /** Tokens a full bucket holds: how many frames may come at once. */
  burst: number;
  /** Tokens added per second: the steady rate allowed after the burst. */
  perSecond: number;
}

export const SOCKET_RATE_KINDS = [
  'joinRoom',
  'voteOnSong',
  'playOneTimeAnimation',
  'chat',
  'clockSync',
  'other',
] as const;
export type SocketRateKind = (typeof SOCKET_RATE_KINDS)[number];

export const SOCKET_RATE_LIMITS: Readonly<Record<SocketRateKind, RateRule>> = {
  /** joinRoom checks passwords and takes the room's state: burst 5, then one per 10 s. */
  joinRoom: { burst: 5, perSecond: 0.1 },
  /** Votes: burst 10, then 2 per second. */
  voteOnSong: { burst: 10, perSecond: 2 },
  /** Emoji and jumps go to everyone in the room: burst 5, then 1 per second. */
  playOneTimeAnimation: { burst: 5, perSecond: 1 },
  /**
   * CHAT-FLOOD-2, GATEWAY-4: every chat frame the gateway carries (`{event:'chat'}`: open,
   * subscribe, send, ping…): burst 20, then 5 per second.
   */
  chat: CHAT_SOCKET_FRAME_LIMIT,
  /** SYNC-6: clockSync, a cheap read of the server clock: burst 10, then 10 a minute. */
  clockSync: { burst: 10, perSecond: 1 / 6 },
  /** Every other action and event (addDj, skipSong, detailsView, roomLeave…): burst 10, then 2/s. */
  other: { burst: 10, perSecond: 2 },
};

/** The bucket an action draws from: its own, else `other` (chat frames draw from `chat`). */
export function socketRateKind(action: unknown): SocketRateKind {
  return action === 'joinRoom' ||
    action === 'voteOnSong' ||
    action === 'playOneTimeAnimation' ||
    action === 'clockSync'
    ? action
    : 'other';
}

/**
 * Parses overrides such as `voteOnSong=20/5,joinRoom=5/0.2` (`kind=burst/perSecond`). Throws an
 * Error naming the first bad entry.
 */
export function parseSocketRateLimits(value: string): Partial<Record<SocketRateKind, RateRule>> {
  const out: Partial<Record<SocketRateKind, RateRule>> = {};
  for (const entry of value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean)) {
    const m = /^([A-Za-z]+)=(\d+)\/(\d+(?:\.\d+)?)$/.exec(entry);
    if (!m) throw new Error(`'${entry}' is not kind=burst/perSecond`);
    const kind = m[1] as SocketRateKind;
    if (!SOCKET_RATE_KINDS.includes(kind)) {
      throw new Error(`'${m[1]}' is not one of ${SOCKET_RATE_KINDS.join(', ')}`);
    }
    const burst = Number(m[2]);
    const perSecond = Number(m[3]);
    if (burst < 1 || perSecond <= 0) throw new Error(`'${entry}' needs burst ≥ 1 and a rate > 0`);
    out[kind] = { burst, perSecond };
  }
  return out;
}

/** A token bucket: full at the start, refilled continuously, never above `burst`. */
export class TokenBucket {
  private tokens: number;
  private updatedAt: number;

  constructor(
    private readonly rule: RateRule,
    now: number,
  ) {
    this.tokens = rule.burst;
    this.updatedAt = now;
  }

  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.updatedAt) / 1000;
    this.tokens = Math.min(this.rule.burst, this.tokens + elapsed * this.rule.perSecond);
    this.updatedAt = now;
  }

  /** Is a token there now (without taking it)? */
  has(now: number): boolean {
    this.refill(now);
    return this.tokens >= 1;
  }

  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }

  /** True when the bucket is full again (it may be forgotten). */
  full(now: number): boolean {
    this.refill(now);
    return this.tokens >= this.rule.burst;
  }
}
