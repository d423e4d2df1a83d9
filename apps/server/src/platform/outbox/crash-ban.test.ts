import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { authEndpoints, moderationEndpoints } from '@tt/protocol';
import { createApiClient } from '@tt/api-client';
import { killAllServers, sharedState, spawnServer } from '../../../cluster/processes';
import type { TestServer } from '../../../test/harness';
import { chatTokens } from '../../services/chat/schema';
import { v3 } from '../../services/chat/testing';
import { emails, users } from '../../services/user/schema';
import { backlog, deliveredBy, metric, signUp, until, withDatabase } from './crash.testing';
import { outboxDeliveries, outboxEvents } from './schema';

/**
 * WORK-OUTBOX-2, CHAT-TOKEN-3: a ban committed by a process killed (SIGKILL) before it delivered
 * the ban's work still ends the banned account's chat tokens: the next process revokes them,
 * exactly once. Before, the revoke rode the bus, and a ban whose broadcast was missed left the
 * chat token alive.
 */
afterAll(killAllServers);

const revoked = deliveredBy('chat.tokens-banned');
const conversations = (url: string, token: string) =>
  v3({ url } as TestServer, 'GET', '/conversations', { token });

describe('crash between a ban and its work', () => {
  it('WORK-OUTBOX-2: the banned account’s chat token is revoked once by the next process', async () => {
    const state = await sharedState();
    try {
      // Two accounts; the victim holds a working chat token.
      const setup = await spawnServer({ ...state.env, OUTBOX_RELAY: 'false' });
      const mod = await signUp(setup.url, 'mod');
      const bad = await signUp(setup.url, 'bad');
      expect((await conversations(setup.url, bad.chat)).status).toBe(200);
      await setup.stop();
      // The first account becomes a global moderator who may log in.
      await withDatabase(state.env, async (db) => {
        const [row] = await db
          .update(users)
          .set({ roles: ['user', 'globalModerator'] })
          .where(eq(users.uuid, mod.uuid))
          .returning({ id: users.id });
        await db.update(emails).set({ status: 'VERIFIED' }).where(eq(emails.userId, row!.id));
      });

      // This process bans and never relays (as if it died right after the commit), then dies.
      const first = await spawnServer({ ...state.env, OUTBOX_RELAY: 'false' });
      const { accessToken } = await createApiClient({
        baseUrl: first.url,
        getToken: () => null,
      }).call(authEndpoints.login, { body: { email: mod.email, password: mod.password } });
      await createApiClient({ baseUrl: first.url, getToken: () => accessToken }).call(
        moderationEndpoints.ban,
        { body: { userUuid: bad.uuid, reason: 'spam' } },
      );
      // The ban is committed with its work event, which nobody has delivered: the chat token
      // still works.
      expect(await metric(first.url, backlog)).toBeGreaterThanOrEqual(1);
      expect(await metric(first.url, revoked)).toBe(0);
      expect((await conversations(first.url, bad.chat)).status).toBe(200);
      await first.kill();

      // The next process on the same database delivers the ban's work: the token is revoked.
      const second = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      await until(async () => (await metric(second.url, revoked)) >= 1);
      expect(await metric(second.url, revoked)).toBe(1);
      expect((await conversations(second.url, bad.chat)).status).toBe(401);
      await until(async () => (await metric(second.url, backlog)) === 0);
      await second.kill();
      // A third start revokes nothing more.
      const third = await spawnServer({ ...state.env, OUTBOX_POLL_MS: '200' });
      await new Promise((r) => setTimeout(r, 1500));
      expect(await metric(third.url, backlog)).toBe(0);
      expect(await metric(third.url, revoked)).toBe(0);
      await third.stop();

      // Counted where it is kept: one ban event, one finished revocation of it, run once; the
      // victim has no chat token left, the moderator keeps theirs.
      await withDatabase(state.env, async (db) => {
        const bans = (await db.select().from(outboxEvents))
          .filter((e) => e.topic === 'user.banned')
          .filter((e) => (e.payload as { uuid: string }).uuid === bad.uuid);
        expect(bans).toHaveLength(1);
        const runs = await db
          .select()
          .from(outboxDeliveries)
          .where(eq(outboxDeliveries.eventId, bans[0]!.eventId));
        expect(runs.map((r) => [r.consumer, r.status, r.attempts])).toEqual([
          ['chat.tokens-banned', 'done', 1],
        ]);
        expect(await db.select().from(chatTokens).where(eq(chatTokens.uid, bad.uuid))).toEqual([]);
        expect(await db.select().from(chatTokens).where(eq(chatTokens.uid, mod.uuid))).toHaveLength(
          1,
        );
      });
    } finally {
      await killAllServers();
      await state.drop();
    }
  }, 300_000);
});
