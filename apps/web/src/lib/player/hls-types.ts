import type { DriftDecision, DriftOptions } from '@tt/room-client';
import type { PlayerLogger } from './engine';

/** The buffered ranges of a media element as [start, end] pairs (seconds). */
export function bufferedRanges(buffered: {
  length: number;
  start(i: number): number;
  end(i: number): number;
}): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < buffered.length; i++) out.push([buffered.start(i), buffered.end(i)]);
  return out;
}

/** What the page shows about the media: loading, playing, blocked by autoplay rules, failed. */
export type MediaStatus = 'idle' | 'loading' | 'playing' | 'blocked' | 'error';

/** The part of HTMLMediaElement the player uses (an <audio> element in the browser). */
export interface MediaLike {
  currentTime: number;
  readonly paused: boolean;
  readonly seeking: boolean;
  readonly readyState: number;
  playbackRate: number;
  volume: number;
  src: string;
  readonly buffered: { length: number; start(i: number): number; end(i: number): number };
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  canPlayType(type: string): string;
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** The part of hls.js the player uses. */
export interface HlsInstance {
  loadSource(url: string): void;
  attachMedia(media: MediaLike): void;
  on(event: string, listener: (event: string, data: HlsErrorData) => void): void;
  destroy(): void;
}
export interface HlsErrorData {
  fatal?: boolean;
  type?: string;
  details?: string;
  /** The HTTP answer of a failed load (hls.js: `response.code`). */
  response?: { code?: number };
}
export interface HlsClass {
  new (config: Record<string, unknown>): HlsInstance;
  isSupported(): boolean;
  Events: { MANIFEST_PARSED: string; ERROR: string };
}

/** One look at the sync: where the media is, where the room is, what was done about it. */
export interface SyncSample {
  positionSeconds: number;
  expectedSeconds: number;
  /** media position − room position, ms; null while the media is not playing. */
  driftMs: number | null;
  action: DriftDecision['kind'] | 'wait';
  rate: number;
  buffered: [number, number][];
  via: 'hls.js' | 'native';
}

export interface Timers {
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
  setTimeout?(fn: () => void, ms: number): unknown;
  clearTimeout?(id: unknown): void;
}

export interface HlsProviderOptions {
  media: MediaLike;
  /** Loads hls.js (a dynamic import in the browser); null when it cannot be had. */
  loadHls: () => Promise<HlsClass | null>;
  /** The bearer token for key requests. */
  token: () => string | null;
  /** Server clock, ms. */
  serverNow: () => number;
  /** This page's origin (the only one key requests send the token to). */
  origin: string;
  fetch?: (url: string, init?: RequestInit) => Promise<Response>;
  timers?: Timers;
  syncIntervalMs?: number;
  drift?: Partial<DriftOptions>;
  onStatus?: (status: MediaStatus, error?: unknown) => void;
  onSample?: (sample: SyncSample) => void;
  /** The server refused the song's key (403): for a guest, LIVE-LISTEN-2's sign-in prompt. */
  onKeyRefused?: () => void;
  logger?: PlayerLogger;
  /** SYNC-9: a second element the next song is preloaded into (none: no preload). */
  nextMedia?: MediaLike;
  /** SYNC-8: the room's crossfade, seconds (0 or null: a cut). */
  crossfadeSeconds?: () => number | null | undefined;
  /** SYNC-11: ms between the last song's audio stopping and the next one's starting. */
  onGap?: (ms: number) => void;
  /** The element playing changed (SYNC-10 swaps the two). */
  onMedia?: (media: MediaLike, startTime: number) => void;
}
