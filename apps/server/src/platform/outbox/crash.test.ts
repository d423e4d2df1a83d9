import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { killAllServers, sharedState, spawnServer } from '../../../cluster/processes';
import type { TestServer } from '../../../test/harness';
import { analyticsEvents } from '../../services/audit/schema';
import { v3 } from '../../services/chat/testing';
import { backlog, deliveredBy, metric, signUp, until, withDatabase } from './crash.testing';

/**
 * WORK-OUTBOX-2: a process killed (SIGKILL) after it committed a change and before it delivered
 * the change's work event loses nothing: the next process delivers it, exactly once.
 * The change is a direct chat message; the effect is its analytics row (CHAT-ANALYTICS-1).
 * (A ban, whose work revokes chat tokens, is crash-ban.test.ts.)
 */
afterAll(killAllServers);

const delivered = deliveredBy('audit.chat-message');

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
      // Committed, waiting in the outbox, delivered to nobody: the message and the two sign-ups
      // (user.created, for their special crates).
      expect(await metric(first.url, backlog)).toBe(3);
      expect(await metric(first.url, delivered)).toBe(0);
      await first.kill();

      // Second process on the same database: it relays the event and the consumer records it.
      const second = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      await until(async () => (await metric(second.url, delivered)) >= 1);
      expect(await metric(second.url, delivered)).toBe(1);
      await until(async () => (await metric(second.url, backlog)) === 0);
      expect(await metric(second.url, backlog)).toBe(0);
      await second.kill();
      // A third start (the relay runs again at start-up) delivers nothing more.
      const third = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await metric(third.url, backlog)).toBe(0);
      expect(await metric(third.url, delivered)).toBe(0);
      await third.stop();
      // The effect, counted where it is kept: one analytics row.
      const rows = await withDatabase(state.env, (db) =>
        db
          .select()
          .from(analyticsEvents)
          .where(
            and(eq(analyticsEvents.userUuid, ana.uuid), eq(analyticsEvents.topic, 'chatMessage')),
          ),
      );
      expect(rows).toHaveLength(1);
    } finally {
      await killAllServers();
      await state.drop();
    }
  }, 240_000);
});
