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

export class RedisBus implements EventBus {
  readonly kind = 'redis' as const;
  private pub: Redis;
  private sub: Redis;
  private handlers = new Map<string, Set<Handler<any>>>();

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
      if (!set) return;
      const payload = JSON.parse(message);
      for (const h of set) invoke(h, payload, topic, this.onError);
    });
  }

  async publish<K extends BusTopic>(topic: K, payload: BusTopics[K]): Promise<void> {
    await this.pub.publish(this.prefix + topic, JSON.stringify(payload));
  }

  async subscribe<K extends BusTopic>(topic: K, handler: Handler<BusTopics[K]>) {
    let set = this.handlers.get(topic);
    if (!set) {
      set = new Set();
      this.handlers.set(topic, set);
      await this.sub.subscribe(this.prefix + topic);
    }
    set.add(handler as Handler<any>);
    return async () => {
      set.delete(handler as Handler<any>);
      if (set.size === 0) {
        this.handlers.delete(topic);
        await this.sub.unsubscribe(this.prefix + topic);
      }
    };
  }

  async close(): Promise<void> {
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
