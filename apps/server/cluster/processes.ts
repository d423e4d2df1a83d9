import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { withArenaCap } from '../src/platform/malloc-arenas';

/**
 * Servers as real processes (`tsx src/main.ts`), each in its own process group: the cluster
 * (`npm run cluster`), and the tests that kill a process or run several (crash recovery, cluster,
 * failover). Also the helpers every detached child of ours uses to be stopped as a group.
 */
const SERVER_DIR = path.resolve(import.meta.dirname, '..');
const TSX = path.resolve(SERVER_DIR, '../../node_modules/.bin/tsx');

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process printed (stdout and stderr). */
  output(): string;
  /** SIGKILL to the whole group: no shutdown hooks run. */
  kill(): Promise<void>;
  /** SIGTERM, then SIGKILL if it is still there after 10 s. */
  stop(): Promise<void>;
}

const running = new Set<ServerProcess>();

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Sends `signal` to the detached child's whole process group (nothing if it is gone). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try {
    process.kill(-child.pid!, signal);
  } catch {
    // already gone
  }
}

/**
 * Stops a detached child and everything it started: `ask` asks it to stop (SIGTERM to the group
 * by default); whatever is left after `graceMs` gets SIGKILL. Resolves once the child exited.
 */
export async function endGroup(
  child: ChildProcess,
  graceMs = 10_000,
  ask: () => void = () => signalGroup(child, 'SIGTERM'),
): Promise<void> {
  const gone = exited(child);
  ask();
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), graceMs);
  await gone;
  clearTimeout(timer);
}

/**
 * A new, empty PostgreSQL database beside the one `baseUrl` names (tests and clusters get their
 * own); answers its URL and name. Dropping it is the caller's.
 */
export async function createScratchDatabase(
  baseUrl: string,
  tag: string,
): Promise<{ url: string; name: string }> {
  const name = `${tag}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const u = new URL(baseUrl);
  u.pathname = `/${name}`;
  return { url: u.toString(), name };
}

/** Starts `src/main.ts` with `env` on top of a quiet test environment; answers when it listens. */
export async function spawnServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = spawn(TSX, ['src/main.ts'], {
    cwd: SERVER_DIR,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: withArenaCap({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'warn',
      LOG_PRETTY: 'false',
      SEED_DEMO: 'false',
      RATE_LIMIT_ENABLED: 'false',
      ARGON2_MEMORY_KIB: '4096',
      // TRUST-2: test accounts are trusted unless a test sets thresholds (`npm run cluster`,
      // which runs as production, keeps the configured defaults).
      ...(env.NODE_ENV === 'production'
        ? {}
        : { TRUST_MIN_SONGS_HEARD: '0', TRUST_MIN_POINTS: '0' }),
      ...env,
    }),
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const gone = exited(child);
  const group = (signal: NodeJS.Signals) => signalGroup(child, signal);
  const url = await new Promise<string>((resolve, reject) => {
    const deadline = setTimeout(() => {
      group('SIGKILL');
      reject(new Error(`server did not start in 90 s:\n${out}`));
    }, 90_000);
    const look = () => {
      const m = /running at (http:\/\/\S+)/.exec(out);
      if (m) {
        clearTimeout(deadline);
        resolve(m[1].replace('localhost', '127.0.0.1'));
      }
    };
    child.stdout!.on('data', look);
    void gone.then(() => {
      clearTimeout(deadline);
      reject(new Error(`server exited before it listened:\n${out}`));
    });
  });
  const proc: ServerProcess = {
    url,
    pid: child.pid!,
    output: () => out,
    async kill() {
      group('SIGKILL');
      await gone;
      running.delete(proc);
    },
    async stop() {
      await endGroup(child);
      running.delete(proc);
    },
  };
  running.add(proc);
  return proc;
}

/** Kills every server this test file started and has not stopped. */
export async function killAllServers(): Promise<void> {
  await Promise.all([...running].map((p) => p.kill()));
}

/**
 * Where a group of processes keeps its state: a data directory, and (when DATABASE_URL is set) a
 * fresh PostgreSQL database and a Redis prefix of its own.
 */
export async function sharedState(): Promise<{
  env: Record<string, string | undefined>;
  drop: () => Promise<void>;
}> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-proc-'));
  const base = process.env.DATABASE_URL;
  const scratch = base ? await createScratchDatabase(base, 'tt_proc') : null;
  return {
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `tt-proc-${randomBytes(4).toString('hex')}:`,
      WEB_DIST: path.join(dataDir, 'no-web'),
    },
    async drop() {
      await fs.rm(dataDir, { recursive: true, force: true });
      if (!base || !scratch) return;
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${scratch.name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
