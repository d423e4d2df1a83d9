import type { PerMessageDeflateOptions } from 'ws';
import { SOCKET_RATE_LIMITS, type RateRule, type SocketRateKind } from '@tt/rules';
import type { Config } from '../platform/config';

/** Tunables of the realtime layer; tests shorten the timers. */
export interface RealtimeOptions {
  /** Path of the Primus websocket endpoint. */
  path: string;
  /** How often the server sends `primus::ping::<ms>` (the SDK's pingTimeout is 45 s). */
  pingIntervalMs: number;
  /** A connection that sent nothing (not even a pong) for this long is dropped. */
  idleTimeoutMs: number;
  /** How long a user stays in a room after their last connection closed (`userLeft` after). */
  leaveGraceMs: number;
  /** An unauthenticated connection is closed after its first frame, or after this long. */
  unauthenticatedTimeoutMs: number;
  /** Largest client frame accepted (bytes). */
  maxFrameBytes: number;
  /** A connection whose send buffer grows beyond this (a stalled reader) is dropped. */
  maxBufferedBytes: number;
  /** SEC-SOCKETS-1: open sockets per user and per address; more are refused. */
  maxSocketsPerUser: number;
  maxSocketsPerIp: number;
  /** SEC-FLOOD-1: the token buckets of socket frames (packages/rules SOCKET_RATE_LIMITS). */
  rateLimits: Record<SocketRateKind, RateRule>;
  /** SEC-FLOOD-2: this many refusals within `floodWindowMs` close the connection. */
  floodMaxRefusals: number;
  floodWindowMs: number;
  /** SEC-GUEST-1: guests a room admits besides its users, as a share of roomSize. */
  guestAllowanceRatio: number;
  /** ROOM-OWNER-1: how long a room's lease lasts unrenewed (with Redis): the failover time. */
  leaseMs: number;
  /**
   * ROOM-SAVE-1: a live room's state (DJs, song, votes) is written at most once per this many ms:
   * the first change after a quiet spell at once, the changes of a busy spell together after it.
   */
  saveIntervalMs: number;
  /**
   * PROTO-DEFLATE-1: permessage-deflate, when the client offers it (false: never). Only frames
   * above the threshold are compressed (a join's state, a page of users, never a vote), each
   * on its own (no context kept between frames) with a small window, so an idle socket holds
   * little memory.
   */
  perMessageDeflate: PerMessageDeflateOptions | false;
  /** ROOM-RULES-7: how often the DJs of rooms with afkDjMinutes are looked at. */
  afkSweepMs: number;
}

export const DEFAULT_DEFLATE: PerMessageDeflateOptions = {
  threshold: 4096,
  concurrencyLimit: 4,
  serverNoContextTakeover: true,
  clientNoContextTakeover: true,
  serverMaxWindowBits: 10,
  clientMaxWindowBits: 10,
  zlibDeflateOptions: { level: 6, memLevel: 4 },
};

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  path: '/primus',
  pingIntervalMs: 25_000,
  idleTimeoutMs: 70_000,
  leaveGraceMs: 20_000,
  unauthenticatedTimeoutMs: 10_000,
  maxFrameBytes: 64 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
  maxSocketsPerUser: 10,
  maxSocketsPerIp: 50,
  rateLimits: { ...SOCKET_RATE_LIMITS },
  floodMaxRefusals: 50,
  floodWindowMs: 10_000,
  guestAllowanceRatio: 1,
  leaseMs: 6_000,
  saveIntervalMs: 250,
  perMessageDeflate: DEFAULT_DEFLATE,
  afkSweepMs: 10_000,
};

/** The limits the environment sets (REALTIME_*, ROOM_GUEST_ALLOWANCE_RATIO). */
export function limitsFromConfig(config: Config): Partial<RealtimeOptions> {
  return {
    maxSocketsPerUser: config.REALTIME_MAX_SOCKETS_PER_USER,
    maxSocketsPerIp: config.REALTIME_MAX_SOCKETS_PER_IP,
    rateLimits: { ...SOCKET_RATE_LIMITS, ...config.REALTIME_RATE_LIMITS },
    floodMaxRefusals: config.REALTIME_FLOOD_MAX_REFUSALS,
    floodWindowMs: config.REALTIME_FLOOD_WINDOW * 1000,
    guestAllowanceRatio: config.ROOM_GUEST_ALLOWANCE_RATIO,
    leaseMs: config.ROOM_LEASE_MS,
    saveIntervalMs: config.ROOM_SAVE_INTERVAL_MS,
  };
}

export function realtimeOptions(overrides: Partial<RealtimeOptions> = {}): RealtimeOptions {
  return { ...DEFAULT_REALTIME_OPTIONS, ...overrides };
}
