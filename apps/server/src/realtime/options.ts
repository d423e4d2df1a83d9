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
}

export const DEFAULT_REALTIME_OPTIONS: RealtimeOptions = {
  path: '/primus',
  pingIntervalMs: 25_000,
  idleTimeoutMs: 70_000,
  leaveGraceMs: 20_000,
  unauthenticatedTimeoutMs: 10_000,
  maxFrameBytes: 64 * 1024,
  maxBufferedBytes: 8 * 1024 * 1024,
};

export function realtimeOptions(overrides: Partial<RealtimeOptions> = {}): RealtimeOptions {
  return { ...DEFAULT_REALTIME_OPTIONS, ...overrides };
}
