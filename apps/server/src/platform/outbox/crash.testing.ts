import path from 'node:path';
import { authEndpoints, chatTokenEndpoints, type SessionDto } from '@tt/protocol';
import { createApiClient } from '@tt/api-client';
import { openDatabase, type Db } from '../db/index';

/**
 * Helpers of the crash tests (crash.test.ts, crash-ban.test.ts): processes started with
 * cluster/processes.ts on one shared database, read through the API, /metrics, and the
 * database itself once no process runs.
 */

/** A new account on the process at `url`, with its access token and a chat token. */
export async function signUp(url: string, tag: string) {
  const client = createApiClient({ baseUrl: url, getToken: () => null });
  const email = `${tag}-${Date.now().toString(36)}@example.test`;
  const password = 'correct-horse-42';
  const { accessToken } = await client.call(authEndpoints.signUp, {
    body: { email, password, nickname: `${tag}${Date.now() % 100000}` },
  });
  const as = createApiClient({ baseUrl: url, getToken: () => accessToken });
  const session: SessionDto = await as.call(authEndpoints.session, {});
  const { authToken } = await as.call(chatTokenEndpoints.userToken, {});
  return { uuid: session.uuid, email, password, token: accessToken, chat: authToken };
}

/** One figure of a process's /metrics (0 when absent). */
export async function metric(url: string, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = pattern.exec(text);
  return m ? Number(m[1]) : 0;
}

export const backlog = /^tt_outbox_backlog (\d+)$/m;

/** The pattern of a consumer's finished deliveries in /metrics. */
export const deliveredBy = (consumer: string) =>
  new RegExp(`^tt_work_deliveries_total\\{consumer="${consumer}",outcome="done"\\} (\\d+)$`, 'm');

/** Waits until `check` holds (a minute at most). */
export async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await check()) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs `work` on the shared database; only while no process has it open (PGlite). */
export async function withDatabase<T>(
  env: Record<string, string | undefined>,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR!, 'db'),
  });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
