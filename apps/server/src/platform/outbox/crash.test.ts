import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authEndpoints, chatTokenEndpoints, type SessionDto } from '@tt/protocol';
import { createApiClient } from '@tt/api-client';
import { killAllServers, sharedState, spawnServer } from '../../../cluster/processes';
import type { TestServer } from '../../../test/harness';
import { analyticsEvents } from '../../services/audit/schema';
import { v3 } from '../../services/chat/testing';
import { openDatabase } from '../db/index';

/**
 * WORK-OUTBOX-2: a process killed (SIGKILL) after it committed a change and before it delivered
 * the change's work event loses nothing: the next process delivers it, exactly once.
 * The change is a direct chat message; the effect is its analytics row (CHAT-ANALYTICS-1).
 */
afterAll(killAllServers);

async function signUp(url: string, tag: string) {
  const client = createApiClient({ baseUrl: url, getToken: () => null });
  const email = `${tag}-${Date.now().toString(36)}@example.test`;
  const { accessToken } = await client.call(authEndpoints.signUp, {
    body: { email, password: 'correct-horse-42', nickname: `${tag}${Date.now() % 100000}` },
  });
  const as = createApiClient({ baseUrl: url, getToken: () => accessToken });
  const session: SessionDto = await as.call(authEndpoints.session, {});
  const { authToken } = await as.call(chatTokenEndpoints.userToken, {});
  return { uuid: session.uuid, token: accessToken, chat: authToken };
}

/** One figure of a process's /metrics (0 when absent). */
async function metric(url: string, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const m = pattern.exec(text);
  return m ? Number(m[1]) : 0;
}
const backlog = /^tt_outbox_backlog (\d+)$/m;
const delivered =
  /^tt_work_deliveries_total\{consumer="audit\.chat-message",outcome="done"\} (\d+)$/m;

/** The chatMessage analytics rows of one user, read from the database once no process runs. */
async function analyticsRows(env: Record<string, string | undefined>, userUuid: string) {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.join(env.DATA_DIR!, 'db'),
  });
  try {
    return await database.db
      .select()
      .from(analyticsEvents)
      .where(and(eq(analyticsEvents.userUuid, userUuid), eq(analyticsEvents.topic, 'chatMessage')));
  } finally {
    await database.close();
  }
}

describe('crash between commit and delivery', () => {
  it('WORK-OUTBOX-2: the event committed by a killed process is delivered once by the next one', async () => {
    const state = await sharedState();
    try {
      // First process: serves requests but never relays (as if it died right after each commit).
      const first = await spawnServer({ ...state.env, OUTBOX_RELAY: 'false' });
      const ana = await signUp(first.url, 'ana');
      const ben = await signUp(first.url, 'ben');
      const sent = await v3({ url: first.url } as TestServer, 'POST', '/messages', {
        token: ana.chat,
        body: {
          receiver: ben.uuid,
          receiverType: 'user',
          category: 'message',
          type: 'text',
          data: { text: 'still there?' },
        },
      });
      expect(sent.status).toBe(200);
      // Committed, waiting in the outbox, delivered to nobody.
      expect(await metric(first.url, backlog)).toBe(1);
      expect(await metric(first.url, delivered)).toBe(0);
      await first.kill();

      // Second process on the same database: it relays the event and the consumer records it.
      const second = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      const deadline = Date.now() + 60_000;
      while ((await metric(second.url, delivered)) < 1 && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(await metric(second.url, delivered)).toBe(1);
      expect(await metric(second.url, backlog)).toBe(0);
      await second.kill();
      // A third start (the relay runs again at start-up) delivers nothing more.
      const third = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await metric(third.url, backlog)).toBe(0);
      expect(await metric(third.url, delivered)).toBe(0);
      await third.stop();
      // The effect, counted where it is kept: one analytics row.
      expect(await analyticsRows(state.env, ana.uuid)).toHaveLength(1);
    } finally {
      await killAllServers();
      await state.drop();
    }
  }, 240_000);
});
