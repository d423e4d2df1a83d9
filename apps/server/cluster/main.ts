import path from 'node:path';
import { startCluster } from './cluster';

/**
 * `npm run cluster [-- --processes N --port P]`: N app processes (3) behind Debian's nginx
 * (installed through apt when missing) on this machine, on PostgreSQL and Redis (DATABASE_URL and
 * REDIS_URL, by default the local ones). Ctrl-C stops everything.
 */
function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const processes = arg('processes', 3);
const port = arg('port', 8080);
const cwd = process.env.INIT_CWD ?? process.cwd();
const env = {
  DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  DATA_DIR: path.resolve(cwd, process.env.DATA_DIR ?? 'data-cluster'),
  REDIS_PREFIX: process.env.REDIS_PREFIX ?? 'tt-cluster:',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  PUBLIC_URL: `http://localhost:${port}`,
  NODE_ENV: 'production',
  RATE_LIMIT_ENABLED: 'true',
  ARGON2_MEMORY_KIB: '19456',
};
console.log(`Starting ${processes} processes on ${env.DATABASE_URL} and ${env.REDIS_URL}…`);
const cluster = await startCluster({
  processes,
  port,
  env,
  firstEnv: { SEED_DEMO: 'true' },
});
console.log(
  [
    '',
    `  Turntable LIVE cluster: ${cluster.url.replace('127.0.0.1', 'localhost')} (nginx, round robin, no sticky sessions)`,
    ...cluster.ports.map(
      (p, i) => `    process ${i + 1}: http://127.0.0.1:${p}  (metrics: /metrics)`,
    ),
    '  Ctrl-C stops the cluster.',
    '',
  ].join('\n'),
);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
