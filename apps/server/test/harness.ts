import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createApiClient, type ApiClient } from '@tt/api-client';
import type { UserRole } from '@tt/protocol';
import { buildApp, type App, type BuildOptions } from '../src/app';
import { loadConfig } from '../src/platform/config';
import { openDatabase, type Database } from '../src/platform/db/index';
import { AccountService } from '../src/services/user/service';
import { createScratchDatabase } from '../cluster/processes';

/**
 * A real server for tests: real HTTP on a random port, a fresh database (in-memory PGlite, or a
 * new PostgreSQL database when DATABASE_URL is set), Redis for the bus when REDIS_URL is set.
 */
export interface TestServer {
  url: string;
  app: App;
  /** The database (and how to drop it), for a later server started with `reuse`. */
  database: { database: Database; drop: () => Promise<void> };
  client: ApiClient;
  dataDir: string;
  redisPrefix: string;
  accounts: AccountService;
  /** Creates an account directly (verified e-mail) and answers its token. */
  createUser(opts?: {
    roles?: UserRole[];
    email?: string;
    password?: string;
    nickname?: string;
  }): Promise<{ uuid: string; id: number; email: string; password: string; token: string }>;
  /** A client whose calls carry `token`. */
  as(token: string | null): ApiClient;
  /** Messages written to the offline outbox, oldest first. */
  outbox(): Promise<{ to: string; subject: string; text: string; html?: string }[]>;
  close(): Promise<void>;
}

let counter = 0;
export const uniqueEmail = (tag = 'user') =>
  `${tag}-${Date.now().toString(36)}-${(counter++).toString(36)}-${randomBytes(3).toString('hex')}@example.test`;

export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({});
    return { database, drop: async () => {} };
  }
  const { url: scratchUrl, name } = await createScratchDatabase(url, 'tt_test');
  const database = await openDatabase({ url: scratchUrl });
  return {
    database,
    drop: async () => {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      try {
        // pg's pool.end() resolves before its connections have finished closing; FORCE at once
        // would kill them mid-goodbye and they would raise an uncaught "terminating connection".
        // Wait for them to go (a plain DROP fails while anyone is connected), FORCE only at last.
        for (let attempt = 0; ; attempt++) {
          try {
            await c.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 50 ? ' WITH (FORCE)' : ''}`);
            break;
          } catch (err) {
            if ((err as { code?: string }).code !== '55006' || attempt >= 50) throw err;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await c.end();
      }
    },
  };
}

export interface TestServerOptions {
  configure?: BuildOptions['configure'];
  /** Realtime tunables (short heartbeat, short leave grace). */
  realtime?: BuildOptions['realtime'];
  /** Start on the database and data directory (keys) of this server, as a restart would. */
  reuse?: TestServer;
  /** Log here instead of the configured logger. */
  logger?: BuildOptions['logger'];
  /** close() stops the server but keeps its database and data directory for a `reuse`. */
  keep?: boolean;
  /**
   * Another process of the same deployment as `share`: its database, data directory and Redis
   * prefix (several processes behind one load balancer). close() leaves them to `share`.
   */
  share?: TestServer;
}

export async function startTestServer(
  env: Record<string, string> = {},
  configureOrOptions?: BuildOptions['configure'] | TestServerOptions,
): Promise<TestServer> {
  const opts: TestServerOptions =
    typeof configureOrOptions === 'function'
      ? { configure: configureOrOptions }
      : (configureOrOptions ?? {});
  const base = opts.reuse ?? opts.share;
  const dataDir = base?.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'tt-test-')));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_ENABLED: 'false',
    LOGIN_MAX_ATTEMPTS_PER_IP: '10000',
    ARGON2_MEMORY_KIB: '4096',
    WEB_DIST: path.join(dataDir, 'no-web'),
    // TRUST-2: fresh test accounts are trusted unless a test sets thresholds (trust tests do).
    TRUST_MIN_SONGS_HEARD: '0',
    TRUST_MIN_POINTS: '0',
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    // HTTP-OUT-1: tests check every answer against its schema; the benches measure `shape`.
    RESPONSE_CHECK: process.env.RESPONSE_CHECK,
    ...env,
  });
  const { database, drop } = base?.database ?? (await freshDatabase());
  const redisPrefix = opts.share?.redisPrefix ?? `tt-test-${randomBytes(4).toString('hex')}:`;
  const app = await buildApp(config, {
    database,
    redisPrefix,
    configure: opts.configure,
    realtime: opts.realtime,
    logger: opts.logger,
  });
  await app.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.app.server.address();
  const url = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
  const accounts = new AccountService(app.platform);
  const as = (token: string | null) => createApiClient({ baseUrl: url, getToken: () => token });

  return {
    url,
    app,
    database: { database, drop },
    dataDir,
    redisPrefix,
    accounts,
    client: as(null),
    as,
    async createUser(opts = {}) {
      const email = opts.email ?? uniqueEmail();
      const password = opts.password ?? 'correct-horse-42';
      const { user } = await accounts.createAccount({
        email,
        password,
        nickname: opts.nickname,
        roles: opts.roles ?? ['user'],
        emailStatus: 'VERIFIED',
      });
      return {
        uuid: user.uuid,
        id: user.id,
        email,
        password,
        token: await accounts.issueToken(user),
      };
    },
    async outbox() {
      const dir = path.join(dataDir, 'outbox');
      let files: string[];
      try {
        files = (await fs.readdir(dir)).filter((f) => f.endsWith('.json') && !f.startsWith('sms-'));
      } catch {
        return [];
      }
      files.sort();
      return Promise.all(
        files.map(async (f) => JSON.parse(await fs.readFile(path.join(dir, f), 'utf8'))),
      );
    },
    async close() {
      // A close still running after 30 s says what is left open (CI once saw a close hang past
      // its hook's two minutes, with nothing printed to say where).
      const watchdog = setTimeout(() => {
        process.stderr.write(
          `test server close still running after 30 s; open: ${process.getActiveResourcesInfo().join(', ')}\n`,
        );
      }, 30_000);
      watchdog.unref();
      try {
        await app.close();
      } finally {
        clearTimeout(watchdog);
      }
      if (opts.keep || opts.share) return;
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Expects a call to fail with `status` (and `message` when given); answers the ApiError body. */
export async function expectError(
  promise: Promise<unknown>,
  status: number,
  message?: string | RegExp,
): Promise<{ statusCode: number; error: string; message: string | string[] }> {
  try {
    await promise;
  } catch (err) {
    const e = err as { status?: number; body?: any };
    if (e.status !== status) {
      throw new Error(`expected status ${status}, got ${e.status}: ${JSON.stringify(e.body)}`);
    }
    const body = e.body;
    if (body?.statusCode !== status || typeof body?.error !== 'string') {
      throw new Error(`error body is not { statusCode, error, message }: ${JSON.stringify(body)}`);
    }
    if (message !== undefined) {
      const texts: string[] = Array.isArray(body.message) ? body.message : [body.message];
      const ok = texts.some((t) => (typeof message === 'string' ? t === message : message.test(t)));
      if (!ok) throw new Error(`expected message ${message}, got ${JSON.stringify(body.message)}`);
    }
    return body;
  }
  throw new Error(`expected the call to fail with ${status}, but it succeeded`);
}
