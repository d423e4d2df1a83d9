import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { ServiceName } from '@tt/protocol';
import type { Config } from './config';
import type { Db } from './db/index';
import type { EventBus } from './bus';
import type { Counters } from './counters';
import type { TokenService } from './auth';
import type { Mailer } from './mail';
import type { SmsSender } from './sms';
import type { FileStorage } from './storage';
import type { Ports } from './ports';
import type { ProviderClients } from './providers/index';
import type { JobQueue } from './jobs';
import type { Outbox } from './outbox/outbox';
import type { Metrics } from './metrics';
import type { Wiring } from './wiring';

/** Everything the platform gives a service. */
export interface Platform {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  /** Broadcast delivery: every process hears every event (live fan-out, caches). */
  bus: EventBus;
  /** Work delivery: events written with the change, each consumer runs once (WORK-OUTBOX-1). */
  outbox: Outbox;
  counters: Counters;
  tokens: TokenService;
  mailer: Mailer;
  sms: SmsSender;
  storage: FileStorage;
  log: Logger;
  startedAt: Date;
  /** Prefix of this app's Redis keys and channels (REDIS_PREFIX; unique per test app). */
  keyPrefix: string;
  /** In-process ports between services (see ports.ts). */
  ports: Ports;
  /** The music-provider adapters whose credentials are configured. */
  providers: ProviderClients;
  /** Prometheus figures of this process (GET /metrics). */
  metrics: Metrics;
  /** Background jobs (in-process, or BullMQ when REDIS_URL is set). */
  jobs: JobQueue;
}

/**
 * Mounts routes at another service's prefix (`/api/<service>-service`). For endpoints whose
 * contract in packages/protocol declares that service — their URLs are that service's — while
 * this service owns the data and the code behind them (the social service serves the friends,
 * blocks and DJ-fan endpoints declared under `notification`). The routes are served whenever the
 * service that mounts them runs, whether or not the service whose prefix they use does.
 */
export type MountAt = (service: ServiceName, routes: (app: FastifyInstance) => void) => void;

/**
 * A service: a Fastify plugin mounted at /api/<name>-service. Its wiring (platform/wiring.ts) says
 * which ports it installs in `register`, which it requires and which it can run without.
 */
export interface ServiceModule extends Wiring {
  name: ServiceName;
  /** Published version; null while the service has none (only its status route is served). */
  version: string | null;
  register(app: FastifyInstance, platform: Platform, mountAt: MountAt): Promise<void>;
  /** Optional first-start data (demo accounts, catalogue). */
  seed?(platform: Platform): Promise<string[]>;
}
