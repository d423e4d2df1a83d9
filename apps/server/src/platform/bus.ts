import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { AnalyticsEventDto } from '@tt/protocol';
import type { LiveEvents, LiveTwins, NotificationLive } from './events';

export type Handler<T = unknown> = (payload: T) => void | Promise<void>;

/** What happens to a handler's error (it never becomes an unhandled rejection). */
export type BusErrorSink = (err: unknown, topic: string) => void;

const defaultSink: BusErrorSink = (err, topic) =>
  console.error(`bus handler for ${topic} failed:`, err);

/** Runs a handler; a throw or a rejection goes to the sink. */
function invoke<T>(handler: Handler<T>, payload: T, topic: string, sink: BusErrorSink): void {
  try {
    void Promise.resolve(handler(payload)).catch((err: unknown) => sink(err, topic));
  } catch (err) {
    sink(err, topic);
  }
}

/**
 * BUS-TYPES-1: every topic of the bus and its payload, so a wrong payload does not compile: the
 * live domain events and the live twins of work events (platform/events.ts), the analytics
 * events, and the live fan-out topics that the realtime layer and the chat add by declaration
 * merging (`declare module '…/platform/bus'`). Work events are not here: they go through the
 * outbox, and publishing one on the bus does not compile.
 */
export interface BusTopics extends LiveEvents, LiveTwins {
  [topic: `analytics.${string}`]: AnalyticsEventDto;
  /** NOTIFY-LIVE-1: a new item of this user's notification centre. */
  [topic: `notify.user.${string}`]: NotificationLive;
}

/** The bus topic of one user's new notifications. */
export const notifyTopic = (uid: string) => `notify.user.${uid}` as const;
export type BusTopic = keyof BusTopics & string;

/**
 * Broadcast delivery: every process that subscribed receives every event (live fan-out to
 * sockets, caches to drop). In-process by default; Redis pub/sub when REDIS_URL is set so that
 * several processes see each other's events.
 */
export interface EventBus {
  readonly kind: 'memory' | 'redis';
  publish<K extends BusTopic>(topic: K, payload: BusTopics[K]): Promise<void>;
  subscribe<K extends BusTopic>(
    topic: K,
    handler: Handler<BusTopics[K]>,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export class MemoryBus implements EventBus {
  readonly kind = 'memory' as const;
  private emitter = new EventEmitter().setMaxListeners(0);

  constructor(private readonly onError: BusErrorSink = defaultSink) {}

  async publish<K extends BusTopic>(topic: K, payload: BusTopics[K]): Promise<void> {
    // Deliver asynchronously, with a structured copy, as a network bus would.
    const copy = structuredClone(payload);
    queueMicrotask(() => this.emitter.emit(topic, copy));
  }

  async subscribe<K extends BusTopic>(topic: K, handler: Handler<BusTopics[K]>) {
    const fn = (p: BusTopics[K]) => invoke(handler, p, topic, this.onError);
    this.emitter.on(topic, fn);
    return async () => {
      this.emitter.off(topic, fn);
    };
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/** The longest a Redis publish waits for its own echo (BUS-LOCAL-1). */
const ECHO_WAIT_MS = 2_000;

export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private pub: Redis;
  private sub: Redis;
  private handlers = new Map<string, Set<Handler<any>>>();
  /** BUS-LOCAL-1: this process's publishes waiting for their own echo, by channel and message. */
  private echoes = new Map<string, { at: number; done: () => void }[]>();
  private echoSweep: NodeJS.Timeout | undefined;
  /** Topics whose subscription Redis confirmed (only those echo). */
  private followed = new Set<string>();

  constructor(
    url: string,
    private readonly prefix = 'tt:bus:',
    private readonly onError: BusErrorSink = defaultSink,
  ) {
    this.pub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 });
    this.sub.on('message', (channel: string, message: string) => {
      const topic = channel.slice(this.prefix.length);
      const set = this.handlers.get(topic);
      if (set) {
        const payload = JSON.parse(message);
        for (const h of set) invoke(h, payload, topic, this.onError);
      }
      // Only this process's own publishes are waited for: no key is built while none waits.
      if (this.echoes.size > 0) this.echoed(channel + '\n' + message);
    });
  }

  /**
   * BUS-LOCAL-1: resolves once Redis took the event and, when this process follows the topic,
   * once its own handlers were given it (as the in-process bus does), so a change answered after
   * its publish is already applied here. Redis's one order for every process is kept. An echo
   * that does not come (the subscriber reconnecting) is waited for at most ECHO_WAIT_MS.
   */
  async publish<K extends BusTopic>(topic: K, payload: BusTopics[K]): Promise<void> {
    const channel = this.prefix + topic;
    const message = JSON.stringify(payload);
    if (!this.followed.has(topic)) {
      await this.pub.publish(channel, message);
      return;
    }
    const key = channel + '\n' + message;
    let waiter!: { at: number; done: () => void };
    const echo = new Promise<void>((done) => (waiter = { at: Date.now(), done }));
    const list = this.echoes.get(key) ?? [];
    list.push(waiter);
    this.echoes.set(key, list);
    this.echoSweep ??= setInterval(() => this.sweepEchoes(), ECHO_WAIT_MS).unref();
    try {
      await this.pub.publish(channel, message);
    } catch (err) {
      // Not published: this publish stops waiting (not another one of the same message).
      const waiting = this.echoes.get(key) ?? [];
      const at = waiting.indexOf(waiter);
      if (at >= 0) waiting.splice(at, 1);
      if (waiting.length === 0) this.echoes.delete(key);
      throw err;
    }
    await echo;
  }

  /** The first publish waiting for this message is done (an equal one from elsewhere counts too:
   * the handlers were given the same event). */
  private echoed(key: string): void {
    const list = this.echoes.get(key);
    if (!list) return;
    list.shift()?.done();
    if (list.length === 0) this.echoes.delete(key);
  }

  private sweepEchoes(): void {
    const old = Date.now() - ECHO_WAIT_MS;
    for (const [key, list] of this.echoes) {
      while (list.length && list[0].at <= old) list.shift()?.done();
      if (list.length === 0) this.echoes.delete(key);
    }
    if (this.echoes.size === 0) {
      clearInterval(this.echoSweep);
      this.echoSweep = undefined;
    }
  }

  async subscribe<K extends BusTopic>(topic: K, handler: Handler<BusTopics[K]>) {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      await this.sub.subscribe(this.prefix + topic);
      if (this.handlers.get(topic) === set) this.followed.add(topic);
    }
    set.add(handler as Handler<any>);
    return async () => {
      set.delete(handler as Handler<any>);
      if (set.size === 0) {
        this.handlers.delete(topic);
        this.followed.delete(topic);
        await this.sub.unsubscribe(this.prefix + topic);
      }
    };
  }

  async close(): Promise<void> {
    for (const list of this.echoes.values()) for (const w of list) w.done();
    this.echoes.clear();
    clearInterval(this.echoSweep);
    this.sub.disconnect();
    this.pub.disconnect();
  }
}

export function createBus(
  redisUrl: string | undefined,
  prefix?: string,
  onError?: BusErrorSink,
): EventBus {
  return redisUrl ? new RedisBus(redisUrl, prefix, onError) : new MemoryBus(onError);
}
