import { registerActivityProxy } from './platform/activity-proxy';
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { serviceBase, serviceStatusEndpoint } from '@tt/protocol';
import type { Config } from './platform/config';
import { createLogger, requestContext } from './platform/logger';
import { installErrorHandling } from './platform/errors';
import { responseSerializer } from './platform/response-shape';
import { installHttpHardening, requestId } from './platform/http-hardening';
import { installAuth, TokenService } from './platform/auth';
import { openDatabase, type Database } from './platform/db/index';
import { createBus, type EventBus } from './platform/bus';
import { createCounters, type Counters } from './platform/counters';
import { Mailer } from './platform/mail';
import { createSmsSender } from './platform/sms';
import { FileStorage } from './platform/storage';
import { createProviderClients } from './platform/providers/index';
import { createJobQueue } from './platform/jobs';
import { Outbox } from './platform/outbox/outbox';
import { Metrics } from './platform/metrics';
import { route } from './platform/route';
import type { MountAt, Platform, ServiceModule } from './platform/service';
import { absentPorts, assertWiring, installedProblems, serviceComponent } from './platform/wiring';
import { SERVICES } from './services/index';
import {
  realtimeComponent,
  startRealtime,
  type Realtime,
  type RealtimeOptions,
} from './realtime/index';
import { brandedIndex } from './platform/brand-html';
import { registerLiveAudioListen } from './realtime/live-audio-listen-route';

export interface BuildOptions {
  /** Use this database instead of opening one from the config (tests). */
  database?: Database;
  logger?: Logger;
  /** Key prefix for Redis (bus channels and counters), so test apps do not share state. */
  redisPrefix?: string;
  /** Extra routes registered before the app is sealed (tests exercise the error paths with it). */
  configure?: (app: FastifyInstance) => void | Promise<void>;
  /** Realtime tunables (tests shorten the heartbeat and the leave grace period). */
  realtime?: Partial<RealtimeOptions>;
}

export interface App {
  app: FastifyInstance;
  platform: Platform;
  services: ServiceModule[];
  /** The room socket, when the room service runs in this process. */
  realtime: Realtime | null;
  close(): Promise<void>;
}

/**
 * The composition root: checks that the selected services can run together (WIRING-1), builds the
 * platform (database, bus, tokens, mail, SMS, storage), mounts the selected services, starts the
 * realtime engine beside the room service and checks what they installed (WIRING-2).
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const selected = SERVICES.filter((s) => config.SERVICES.includes(s.name));
  const withRealtime = config.SERVICES.includes('room');
  const components = [
    ...selected.map(serviceComponent),
    ...(withRealtime ? [realtimeComponent] : []),
  ];
  // Before anything is opened: a selection missing a required port does not start.
  assertWiring(components, [...SERVICES.map(serviceComponent), realtimeComponent]);
  const log = opts.logger ?? createLogger(config);
  for (const { component, port, behaviour } of absentPorts(components)) {
    log.info({ port }, `${component} runs without the ${port} port: ${behaviour}`);
  }
  const database =
    opts.database ??
    (await openDatabase({
      url: config.DATABASE_URL,
      dataDir: path.join(config.dataDir, 'db'),
      onConnectionError: (err) =>
        log.warn({ err }, 'a database connection broke; the pool opens another'),
    }));
  const prefix = opts.redisPrefix ?? config.REDIS_PREFIX;
  const bus: EventBus = createBus(config.REDIS_URL, `${prefix}bus:`, (err, topic) =>
    log.error({ err, topic }, 'bus handler failed'),
  );
  const counters: Counters = createCounters(config.REDIS_URL, `${prefix}count:`);
  const jobs = createJobQueue(config.REDIS_URL, `${prefix}jobs`, log);
  const metrics = new Metrics();
  const platform: Platform = {
    config,
    db: database.db,
    dbKind: database.kind,
    bus,
    outbox: new Outbox(database.db, jobs, log, {
      relay: config.OUTBOX_RELAY,
      pollMs: config.OUTBOX_POLL_MS,
      relayDelayMs: config.OUTBOX_RELAY_DELAY_MS,
      onDelivery: (consumer, outcome, count = 1) =>
        metrics.workDeliveries.inc({ consumer, outcome }, count),
    }),
    metrics,
    counters,
    tokens: await TokenService.create(config),
    mailer: new Mailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      dataDir: config.dataDir,
      log,
    }),
    sms: createSmsSender(config, log),
    storage: new FileStorage(path.join(config.dataDir, 'uploads')),
    log,
    startedAt: new Date(),
    keyPrefix: prefix,
    ports: {},
    providers: createProviderClients(config.providers, log),
    jobs,
  };

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    genReqId: requestId,
    requestIdHeader: false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  // HTTP-OUT-1: answers cut to their schema's keys; checked against it too under test.
  app.setSerializerCompiler(responseSerializer(config.RESPONSE_CHECK === 'full'));
  // OBS-LOG-1: everything a route handler does (and awaits) logs with the request's id.
  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: unknown, request, reply) {
      return requestContext.run({ reqId: String(request.id) }, () =>
        handler.call(this as never, request, reply),
      );
    };
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  installErrorHandling(app);
  metrics.instrument(app);
  metrics.gauge('tt_outbox_backlog', 'Work events committed and not yet relayed', () =>
    platform.outbox.backlog(),
  );
  metrics.gauge('tt_work_jobs_pending', 'Work deliveries waiting or running in the job queue', () =>
    platform.outbox.pendingJobs(),
  );
  const pool = database.pool;
  if (pool) {
    metrics.gauge('tt_db_pool_total', 'Database connections open', () => pool().total);
    metrics.gauge('tt_db_pool_idle', 'Database connections idle', () => pool().idle);
    metrics.gauge('tt_db_pool_waiting', 'Queries waiting for a connection', () => pool().waiting);
  }
  // Before auth, so a refused token's 401 carries the security and CORS headers too
  // (SEC-HEADERS-1: every response).
  await installHttpHardening(app, config);
  installAuth(app, platform.tokens);

  await app.register(multipart, { limits: { fileSize: config.IMAGE_MAX_BYTES, files: 1 } });
  // Runs before the rate-limit plugin's own onRoute hook, which reads `config.rateLimit`.
  if (!config.RATE_LIMIT_ENABLED) {
    app.addHook('onRoute', (r) => void (r.config = { ...r.config, rateLimit: false }));
  }
  const rateLimitRedis = config.REDIS_URL
    ? new Redis(config.REDIS_URL, { keyPrefix: `${prefix}rl:` })
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(rateLimitRedis ? { redis: rateLimitRedis } : {}),
    skipOnError: true,
    enableDraftSpec: false,
  });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Turntable LIVE API',
        description:
          'Every service of the live-music listening platform, generated from the zod contracts.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // Routes a service serves under another service's prefix (see MountAt), mounted after them all.
  const elsewhere: Parameters<MountAt>[] = [];
  const mountAt: MountAt = (name, routes) => elsewhere.push([name, routes]);
  for (const service of selected) {
    await app.register(
      async (scope) => {
        route(scope, serviceStatusEndpoint(service.name), () => ({
          service: `${service.name}-service`,
          status: 'ok' as const,
          version: service.version,
          uptimeSeconds: Math.round((Date.now() - platform.startedAt.getTime()) / 1000),
          database: platform.dbKind,
          bus: platform.bus.kind,
        }));
        await service.register(scope, platform, mountAt);
      },
      { prefix: serviceBase(service.name) },
    );
  }
  for (const [name, routes] of elsewhere) {
    await app.register(async (scope) => routes(scope), { prefix: serviceBase(name) });
  }

  registerActivityProxy(app, config);

  if (fs.existsSync(path.join(config.webDist, 'index.html'))) {
    await app.register(fastifyStatic, { root: config.webDist, wildcard: false, index: false });
    const indexHtml = brandedIndex(
      fs.readFileSync(path.join(config.webDist, 'index.html'), 'utf8'),
      config.BRAND,
    );
    // The web app's client-side routes: a GET that is not an API call and not a built asset
    // (every file of the build is a static route of its own) serves index.html, dots and all.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = request.url.split('?')[0];
      if (url.startsWith('/api/') || url.startsWith('/assets/')) {
        return reply.callNotFound();
      }
      return reply.type('text/html').send(indexHtml);
    });
  }

  // LIVE-AUDIO-12: the phones' MP3 stream of a room's live voice (answered by the realtime engine).
  registerLiveAudioListen(app, platform);

  await opts.configure?.(app);
  await app.ready();
  // Every service has registered its consumers: relay the events committed so far and from now on.
  platform.outbox.start();

  // The room socket lives beside the room service: /primus on the same HTTP server.
  const realtime = withRealtime
    ? await startRealtime(app.server, platform, {
        pingIntervalMs: config.REALTIME_PING_INTERVAL * 1000,
        idleTimeoutMs: config.REALTIME_IDLE_TIMEOUT * 1000,
        leaveGraceMs: config.ROOM_LEAVE_GRACE * 1000,
        ...opts.realtime,
      })
    : null;

  const built: App = {
    app,
    platform,
    services: selected,
    realtime,
    async close() {
      await realtime?.close();
      await app.close();
      await platform.outbox.close();
      // Running jobs finish before the database goes away.
      await platform.jobs.close();
      await bus.close();
      await counters.close();
      rateLimitRedis?.disconnect();
      platform.mailer.close();
      if (!opts.database) await database.close();
    },
  };
  // WIRING-2: every component installed what it declared, and nothing undeclared is installed.
  const problems = installedProblems(components, platform.ports);
  if (problems.length) {
    await built.close();
    throw new Error(`Wiring declarations do not match the ports installed: ${problems.join('; ')}`);
  }
  return built;
}
