import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../cluster/cluster';
import { endGroup } from '../cluster/processes';

/**
 * The soak's own PostgreSQL and Redis: private instances on free ports, started and stopped here,
 * so that restarting them (once each) disturbs nobody else on the machine. PostgreSQL is a fresh
 * cluster (initdb) in a temporary directory, run as the `postgres` user when the soak runs as root.
 */
export interface Service {
  url: string;
  /** Stops it (fast shutdown) and starts it again on the same port and data. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await wait(100);
  }
}

const answers = (cmd: string, args: string[]) => {
  try {
    execFileSync(cmd, args, { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export async function startRedis(): Promise<Service> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const up = async () => {
    child = spawn(
      'redis-server',
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      { detached: true, stdio: 'ignore' },
    );
    await until(() => answers('redis-cli', ['-p', String(port), 'ping']), 'redis');
  };
  const down = async () => {
    if (child) await endGroup(child, 5000);
    child = null;
  };
  await up();
  return {
    url: `redis://127.0.0.1:${port}`,
    async restart() {
      await down();
      await up();
    },
    stop: down,
  };
}

/** The PostgreSQL binaries (Debian's versioned directory, else PATH). */
function pgBin(name: string): string {
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    for (const v of readdirSync(root).sort().reverse()) {
      const bin = path.join(root, v, 'bin', name);
      if (existsSync(bin)) return bin;
    }
  }
  return name;
}

export async function startPostgres(): Promise<Service> {
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-soak-pg-'));
  const data = path.join(dir, 'data');
  const root = process.getuid?.() === 0;
  // initdb and postgres refuse to run as root.
  const as = (cmd: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...args], { stdio: 'pipe' })
      : execFileSync(cmd, args, { stdio: 'pipe' });
  if (root) execFileSync('chown', ['postgres', dir]);
  await fs.chmod(dir, 0o755);
  as(pgBin('initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const ctl = (...args: string[]) => as(pgBin('pg_ctl'), ['-D', data, '-w', '-t', '60', ...args]);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=300`;
  const start = () => ctl('-o', opts, '-l', path.join(dir, 'log'), 'start');
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async restart() {
      ctl('-m', 'fast', 'stop');
      start();
    },
    async stop() {
      try {
        ctl('-m', 'fast', 'stop');
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}
