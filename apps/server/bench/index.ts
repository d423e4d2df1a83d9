/**
 * `npm run bench`: starts the platform in-process on the embedded defaults (or on DATABASE_URL /
 * REDIS_URL when set) and prints throughput and latency figures for each scenario.
 * BENCH_SECONDS (default 5) and BENCH_CONCURRENCY (default 32) tune the runs.
 */
import { startTestServer } from '../test/harness';
import { load, printResults, type LoadResult } from './http';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 32);

async function main() {
  const s = await startTestServer({ ARGON2_MEMORY_KIB: '19456' });
  console.log(
    `bench: ${s.app.platform.dbKind} database, ${s.app.platform.bus.kind} bus, ${seconds}s per scenario, concurrency ${concurrency}`,
  );
  const results: LoadResult[] = [];
  try {
    const u = await s.createUser({ password: 'bench-password-1' });
    const auth = { authorization: `Bearer ${u.token}` };
    const base = `${s.url}/api/user-service`;

    results.push(
      await load('GET /info-admin/user-service-status', { seconds, concurrency }, () =>
        fetch(`${base}/info-admin/user-service-status`),
      ),
    );
    results.push(
      await load('GET /auth/session (verify RS256 + session check)', { seconds, concurrency }, () =>
        fetch(`${base}/auth/session`, { headers: auth }),
      ),
    );
    results.push(
      await load('GET /users/profile', { seconds, concurrency }, () =>
        fetch(`${base}/users/profile`, { headers: auth }),
      ),
    );
    results.push(
      await load(
        'POST /auth/login (argon2id, 19 MiB)',
        { seconds, concurrency: Math.min(concurrency, 8) },
        () =>
          fetch(`${base}/auth/login`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: u.email, password: 'bench-password-1' }),
          }),
      ),
    );
    results.push(
      await load('GET /auth/guest (RS256 sign)', { seconds, concurrency }, () =>
        fetch(`${base}/auth/guest`),
      ),
    );
  } finally {
    await s.close();
  }
  printResults(results);
}

void main();
