import {
  DriftController,
  expectedPositionSeconds,
  type DriftDecision,
  type DriftOptions,
} from '@tt/room-client';
import type { PlaybackProvider, PlayerLogger, PlayRequest } from './engine';
import { HlsKeyRefused, hlsKeyAuth, nativeHlsSource } from './hls-auth';

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
}

/** HAVE_FUTURE_DATA: the media can play on from where it is. */
const CAN_PLAY = 3;

/**
 * Plays uploads (provider uploadService) from their AES-128 HLS playlist with hls.js, or natively
 * where hls.js is unsupported (Safari without MediaSource); starts at the room's offset and keeps
 * in sync with the server clock: a seek past ~300 ms of drift, small drift by playbackRate.
 */
export class HlsPlaybackProvider implements PlaybackProvider {
  readonly name = 'uploadService' as const;
  private readonly media: MediaLike;
  private readonly timers: Timers;
  private readonly drift: DriftController;
  private generation = 0;
  private active = false;
  private hls: HlsInstance | null = null;
  private via: SyncSample['via'] = 'hls.js';
  private timer: unknown = null;
  private cleanups: (() => void)[] = [];
  private endTime = 0;
  private duration = 0;
  private status: MediaStatus = 'idle';

  constructor(private readonly options: HlsProviderOptions) {
    this.media = options.media;
    this.timers = options.timers ?? {
      setInterval: (fn, ms) => setInterval(fn, ms),
      clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
    };
    this.drift = new DriftController(options.drift);
    this.media.addEventListener('playing', () => {
      if (!this.active) return;
      this.setStatus('playing');
      this.tick();
    });
    this.media.addEventListener('waiting', () => {
      if (this.active && this.status === 'playing') this.setStatus('loading');
    });
  }

  getStatus(): MediaStatus {
    return this.status;
  }

  async play(request: PlayRequest): Promise<void> {
    const url = request.url;
    if (!url) throw new Error('Missing URL to play from uploadService');
    this.teardown();
    const generation = ++this.generation;
    this.active = true;
    this.duration = request.song.duration;
    this.endTime =
      request.endTime ??
      this.options.serverNow() + (request.song.duration - request.offsetSeconds) * 1000;
    this.drift.reset();
    this.setStatus('loading');
    try {
      const Hls = await this.options.loadHls();
      if (generation !== this.generation) return;
      if (Hls?.isSupported()) {
        this.playWithHlsJs(Hls, url, generation);
      } else if (this.media.canPlayType('application/vnd.apple.mpegurl')) {
        await this.playNatively(url, generation);
      } else {
        throw new Error('HLS playback is not supported in this browser');
      }
      if (generation === this.generation) this.startLoop();
    } catch (error) {
      if (generation === this.generation) {
        this.teardown();
        this.setStatus('error', error);
        if (error instanceof HlsKeyRefused) this.options.onKeyRefused?.();
      }
      throw error;
    }
  }

  stop(): void {
    this.teardown();
    this.setStatus('idle');
  }

  setVolume(volume: number): void {
    this.media.volume = volume;
  }

  /**
   * Plays again after the browser blocked autoplay. Call it from the click handler itself: the
   * click is the user gesture that lets the media play.
   */
  resume(): Promise<void> {
    if (!this.active) return Promise.resolve();
    this.drift.reset(); // far behind after the block: line up again as at a start
    return this.media.play().then(
      () => this.tick(),
      (error: unknown) => this.onPlayRefused(error, this.generation),
    );
  }

  /** Room position (seconds) by the server clock. */
  expectedSeconds(): number {
    return expectedPositionSeconds(
      { duration: this.duration },
      this.endTime,
      this.options.serverNow(),
    );
  }

  /** Compares the media with the room and corrects the drift (runs every second while playing). */
  tick(): void {
    if (!this.active) return;
    const media = this.media;
    const expected = this.expectedSeconds();
    const sample: SyncSample = {
      positionSeconds: media.currentTime,
      expectedSeconds: expected,
      driftMs: null,
      action: 'wait',
      rate: media.playbackRate,
      buffered: bufferedRanges(media.buffered),
      via: this.via,
    };
    const measurable =
      !media.paused && !media.seeking && media.readyState >= CAN_PLAY && expected < this.duration;
    if (measurable) {
      const decision = this.drift.decide(media.currentTime, expected);
      if (decision.kind === 'seek') {
        media.currentTime = Math.min(decision.seekTo, Math.max(0, this.duration - 0.1));
      }
      if (media.playbackRate !== decision.rate) media.playbackRate = decision.rate;
      sample.driftMs = Math.round(decision.drift * 1000);
      sample.action = decision.kind;
      sample.rate = decision.rate;
    }
    this.options.onSample?.(sample);
  }

  // ---- internals -------------------------------------------------------------------------

  private playWithHlsJs(Hls: HlsClass, url: string, generation: number) {
    this.via = 'hls.js';
    const auth = hlsKeyAuth(this.options.token, this.options.origin);
    const hls = new Hls({
      startPosition: this.expectedSeconds(),
      xhrSetup: auth.xhrSetup,
      fetchSetup: auth.fetchSetup,
    });
    this.hls = hls;
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (generation !== this.generation) return;
      if (data?.details === 'keyLoadError' && data.response?.code === 403) {
        this.options.onKeyRefused?.();
      }
      if (!data?.fatal) return;
      this.fail(new Error(`HLS ${data.type ?? 'error'}: ${data.details ?? 'unknown'}`));
    });
    hls.on(Hls.Events.MANIFEST_PARSED, () => {
      if (generation === this.generation) this.startMedia(generation);
    });
    hls.loadSource(url);
    hls.attachMedia(this.media);
  }

  private async playNatively(url: string, generation: number) {
    this.via = 'native';
    const source = await nativeHlsSource(url, {
      token: this.options.token,
      origin: this.options.origin,
      fetch: this.options.fetch ?? ((u, init) => fetch(u, init)),
    });
    if (generation !== this.generation) return;
    const onMetadata = () => {
      this.media.removeEventListener('loadedmetadata', onMetadata);
      if (generation === this.generation) this.startMedia(generation);
    };
    this.media.addEventListener('loadedmetadata', onMetadata);
    this.cleanups.push(() => this.media.removeEventListener('loadedmetadata', onMetadata));
    this.media.src = source;
  }

  private startMedia(generation: number) {
    const expected = this.expectedSeconds();
    if (Math.abs(this.media.currentTime - expected) > 0.3) this.media.currentTime = expected;
    this.media.play().then(
      () => undefined,
      (error: unknown) => this.onPlayRefused(error, generation),
    );
  }

  private onPlayRefused(error: unknown, generation: number) {
    if (generation !== this.generation || !this.active) return;
    const name = (error as { name?: string } | null)?.name;
    if (name === 'NotAllowedError') this.setStatus('blocked');
    else if (name !== 'AbortError') this.fail(error);
  }

  private fail(error: unknown) {
    this.options.logger?.error('Failed to play song', error);
    this.teardown();
    this.setStatus('error', error);
  }

  private startLoop() {
    if (this.timer !== null) return;
    this.timer = this.timers.setInterval(() => this.tick(), this.options.syncIntervalMs ?? 1000);
  }

  private teardown() {
    this.generation++;
    this.active = false;
    if (this.timer !== null) this.timers.clearInterval(this.timer);
    this.timer = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    const hls = this.hls;
    this.hls = null;
    try {
      hls?.destroy();
    } catch (error) {
      this.options.logger?.error('Failed to stop song', error);
    }
    this.media.pause();
    this.media.playbackRate = 1;
    if (this.media.src) {
      this.media.removeAttribute('src');
      this.media.load();
    }
  }

  private setStatus(status: MediaStatus, error?: unknown) {
    if (this.status === status && status !== 'error') return;
    this.status = status;
    this.options.onStatus?.(status, error);
  }
}
