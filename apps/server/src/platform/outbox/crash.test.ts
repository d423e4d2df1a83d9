import { afterAll, describe, expect, it } from 'vitest';
import {
  analyticsEndpoints,
  authEndpoints,
  chatTokenEndpoints,
  type SessionDto,
} from '@tt/protocol';
import { createApiClient } from '@tt/api-client';
import { killAllServers, sharedState, spawnServer } from '../../../cluster/processes';
import { v3 } from '../../services/chat/testing';
import type { TestServer } from '../../../test/harness';

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

/** The chatMessage analytics events of one user, as an admin reads them. */
async function analyticsRows(url: string, userUuid: string): Promise<unknown[]> {
  const client = createApiClient({ baseUrl: url, getToken: () => null });
  const { accessToken } = await client.call(authEndpoints.login, {
    body: { email: 'admin@turntable.local', password: 'admin-pass-123' },
  });
  const admin = createApiClient({ baseUrl: url, getToken: () => accessToken });
  const page = await admin.call(analyticsEndpoints.list, {
    query: { topic: 'chatMessage', userUuid, limit: 50, offset: 0 },
  });
  return page.events;
}

describe('crash between commit and delivery', () => {
  it('WORK-OUTBOX-2: the event committed by a killed process is delivered once by the next one', async () => {
    const state = await sharedState();
    try {
      // First process: serves requests but never relays (as if it died right after each commit).
      const first = await spawnServer({ ...state.env, OUTBOX_RELAY: 'false', SEED_DEMO: 'true' });
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
      await first.kill();

      // Second process on the same database: it relays the event and the consumer records it.
      const second = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      const deadline = Date.now() + 60_000;
      let rows: unknown[] = [];
      while (Date.now() < deadline) {
        rows = await analyticsRows(second.url, ana.uuid);
        if (rows.length > 0) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(rows).toHaveLength(1);
      // A third start (the relay runs again at start-up) records nothing more.
      await second.kill();
      const third = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await analyticsRows(third.url, ana.uuid)).toHaveLength(1);
      await third.stop();
    } finally {
      await killAllServers();
      await state.drop();
    }
  }, 240_000);
});
