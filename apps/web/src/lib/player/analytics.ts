import {
  AnalyticsEventInput,
  analyticsEndpoints,
  MAX_ANALYTICS_BATCH,
  serviceBase,
  type PlayEventPayload,
} from '@tt/protocol';
import type { PlayEvent, PlayEventSink, PlayTopic } from './tracking';

/** One play event as kept for the drift overlay. */
export interface LoggedPlayEvent {
  topic: PlayTopic;
  playId: string;
  trackName: string;
  secondsPlayed: number;
  roomSlug: string;
  /** When it was sent (local clock, ms). */
  at: number;
}

/**
 * The latest play events (analytics topics userSong15Seconds, userSong30Seconds,
 * userSongTotalPlayed), kept in memory for the sync overlay and written to the console at debug
 * level; each is handed on to `forward` (the AnalyticsSender, which posts them to the audit
 * service).
 */
export class PlayEventLog {
  private readonly entries: LoggedPlayEvent[] = [];
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly options: {
      limit?: number;
      clock?: () => number;
      console?: Pick<Console, 'debug'> | null;
      forward?: PlayEventSink;
    } = {},
  ) {}

  /** The sink to hand to the PlayTracker. */
  readonly sink: PlayEventSink = (topic: PlayTopic, event: PlayEvent) => {
    const entry: LoggedPlayEvent = {
      topic,
      playId: event.playId,
      trackName: event.songInfo.trackName,
      secondsPlayed: Math.round(event.secondsPlayed * 10) / 10,
      roomSlug: event.roomSlug,
      at: (this.options.clock ?? Date.now)(),
    };
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, this.options.limit ?? 20);
    const out = this.options.console === undefined ? console : this.options.console;
    out?.debug(`[analytics] ${topic}`, event);
    for (const listener of [...this.listeners]) listener();
    return this.options.forward?.(topic, event);
  };

  /** Newest first. */
  list(): readonly LoggedPlayEvent[] {
    return this.entries;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

// ---------------------------------------------------------------------------------------------

/** Where analytics events are posted (same origin). */
export const ANALYTICS_EVENTS_URL = `${serviceBase('audit')}${analyticsEndpoints.record.path}`;

export type AnalyticsEvent = AnalyticsEventInput;

const iso = (ms: number) => new Date(ms).toISOString();
/** The engine's volume (0–1) as the percentage the analytics record. */
const percent = (volume: number) => Math.round(Math.min(1, Math.max(0, volume)) * 100);

/** A tracked play as the audit service takes it: volumes in percent, ISO dates, the song's essentials. */
export function toPlayPayload(event: PlayEvent): PlayEventPayload {
  const song = event.songInfo;
  return {
    playId: event.playId,
    roomSlug: event.roomSlug,
    roomOwnerUuid: event.roomOwnerUuid,
    djUuid: event.djUuid,
    songInfo: {
      ...(song.songShortId ? { songShortId: song.songShortId } : {}),
      trackName: song.trackName,
      artistName: song.artistName,
      musicProviders: song.musicProviders,
      duration: song.duration,
    },
    secondsPlayed: Math.round(event.secondsPlayed * 1000) / 1000,
    volumeStart: percent(event.volumeStart),
    volumeEnd: percent(event.volumeEnd),
    startedDate: iso(event.startedDate),
    updatedDate: iso(event.updatedDate),
    sent15sec: event.sent15sec,
    sent30sec: event.sent30sec,
    deviceData: event.deviceData,
    userProvider: event.userProvider,
    subscriptionLevel: event.subscriptionLevel,
  };
}

interface Timers {
  setTimeout: (fn: () => void, ms: number) => unknown;
  clearTimeout: (id: never) => void;
}

export interface AnalyticsSenderOptions {
  /** The bearer token (the user's or the guest's); events wait while there is none. */
  token: () => string | null;
  fetch?: typeof fetch;
  url?: string;
  /** How long events gather before they are posted, ms. */
  flushMs?: number;
  /** How long after a network error (or 429 / 5xx) a batch is tried again, once, ms. */
  retryMs?: number;
  /** Events kept at most; the oldest are dropped beyond. */
  maxQueue?: number;
  timers?: Timers;
  logger?: Pick<Console, 'debug'> | null;
}

interface Queued {
  event: AnalyticsEvent;
  /** Failed sends so far. */
  failures: number;
}

/** Where the sender listens for the page going away (window and document in the browser). */
export interface PageLifecycle {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * Posts analytics events to the audit service (POST /analytics/events) in small batches: events
 * gather for `flushMs` (or until a batch is full) and go in one request. When the page is hidden
 * everything queued goes at once with `keepalive` (it outlives the page, as a beacon would), and
 * so does every event sent while it stays hidden. A batch refused with a 4xx other than 429 is
 * dropped; one lost to a network error, a 429 or a 5xx is tried once more after `retryMs`.
 */
export class AnalyticsSender {
  private readonly queue: Queued[] = [];
  private readonly fetch: typeof fetch;
  private readonly url: string;
  private readonly flushMs: number;
  private readonly retryMs: number;
  private readonly maxQueue: number;
  private readonly timers: Timers;
  private readonly logger: Pick<Console, 'debug'> | null;
  private timer: unknown = null;
  private hidden = false;
  private sending: Promise<void> = Promise.resolve();

  constructor(private readonly options: AnalyticsSenderOptions) {
    this.fetch = options.fetch ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
    this.url = options.url ?? ANALYTICS_EVENTS_URL;
    this.flushMs = options.flushMs ?? 5000;
    this.retryMs = options.retryMs ?? 20_000;
    this.maxQueue = options.maxQueue ?? 200;
    this.timers = options.timers ?? {
      setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
      clearTimeout: (id) => globalThis.clearTimeout(id),
    };
    this.logger = options.logger === undefined ? console : options.logger;
  }

  /** The sink for the PlayTracker (through PlayEventLog's `forward`). */
  readonly sink: PlayEventSink = (topic, event) => {
    this.enqueue({ topic, payload: toPlayPayload(event), occurredAt: iso(event.updatedDate) });
  };

  /** Queues one event; one the server would refuse is dropped here, so it cannot sink a batch. */
  enqueue(event: AnalyticsEvent): void {
    const checked = AnalyticsEventInput.safeParse(event);
    if (!checked.success) {
      this.logger?.debug('[analytics] event dropped: invalid', event, checked.error.issues);
      return;
    }
    this.queue.push({ event, failures: 0 });
    if (this.queue.length > this.maxQueue) this.queue.splice(0, this.queue.length - this.maxQueue);
    if (this.hidden) void this.flush({ keepalive: true });
    else if (this.queue.length >= MAX_ANALYTICS_BATCH) void this.flush();
    else this.schedule(this.flushMs);
  }

  /** Events waiting to be sent. */
  pending(): number {
    return this.queue.length;
  }

  /**
   * Sends everything queued now, a batch at a time. With `keepalive` (page hiding) the batches
   * go at once, without waiting for a request in flight.
   */
  flush(opts: { keepalive?: boolean } = {}): Promise<void> {
    this.cancelTimer();
    if (opts.keepalive) return this.sendQueued(true);
    this.sending = this.sending.then(() => this.sendQueued(false));
    return this.sending;
  }

  /** Flushes with keepalive when the page is hidden or left; batches again when it is back. */
  attach(win: PageLifecycle, doc: PageLifecycle & { visibilityState: string }): () => void {
    const hide = () => {
      this.hidden = true;
      void this.flush({ keepalive: true });
    };
    const onVisibility = () => {
      if (doc.visibilityState === 'hidden') hide();
      else this.hidden = false;
    };
    const onShow = () => {
      if (doc.visibilityState !== 'hidden') this.hidden = false;
    };
    doc.addEventListener('visibilitychange', onVisibility);
    win.addEventListener('pagehide', hide);
    win.addEventListener('pageshow', onShow);
    return () => {
      doc.removeEventListener('visibilitychange', onVisibility);
      win.removeEventListener('pagehide', hide);
      win.removeEventListener('pageshow', onShow);
    };
  }

  private async sendQueued(keepalive: boolean): Promise<void> {
    const token = this.options.token();
    if (!token) {
      // A guest token comes soon after start: wait for it (not when the page is going away).
      if (keepalive) this.queue.length = 0;
      else if (this.queue.length) this.schedule(this.flushMs);
      return;
    }
    // What is queued now; a batch that fails comes back to the queue for a later flush.
    const items = this.queue.splice(0);
    const posts: Promise<void>[] = [];
    for (let i = 0; i < items.length; i += MAX_ANALYTICS_BATCH) {
      const batch = items.slice(i, i + MAX_ANALYTICS_BATCH);
      const post = this.post(batch, token, keepalive);
      if (keepalive) posts.push(post);
      else await post;
    }
    await Promise.all(posts);
  }

  private async post(batch: Queued[], token: string, keepalive: boolean): Promise<void> {
    let status: number;
    try {
      const res = await this.fetch(this.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ events: batch.map((q) => q.event) }),
        keepalive,
      });
      status = res.status;
    } catch (error) {
      this.retry(batch, error);
      return;
    }
    if (status < 400) return;
    if (status === 429 || status >= 500) this.retry(batch, status);
    else this.logger?.debug(`[analytics] ${batch.length} events refused (${status}): dropped`);
  }

  /** A failed batch goes back to the front of the queue once, for a later flush. */
  private retry(batch: Queued[], reason: unknown): void {
    const again = batch.filter((q) => q.failures === 0).map((q) => ({ ...q, failures: 1 }));
    const dropped = batch.length - again.length;
    if (dropped) this.logger?.debug(`[analytics] ${dropped} events dropped after a retry`, reason);
    if (!again.length) return;
    this.queue.unshift(...again);
    this.queue.splice(this.maxQueue);
    this.schedule(this.retryMs);
  }

  private schedule(ms: number): void {
    if (this.timer !== null) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    this.timers.clearTimeout(this.timer as never);
    this.timer = null;
  }
}

/** The page's sender: same-origin fetch, the session's token, flushed as the page goes away. */
export function startBrowserAnalytics(token: () => string | null): AnalyticsSender {
  const sender = new AnalyticsSender({ token, logger: console });
  sender.attach(window, document);
  return sender;
}
