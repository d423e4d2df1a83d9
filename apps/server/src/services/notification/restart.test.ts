import { afterAll, describe, expect, it } from 'vitest';
import { friendEndpoints as f, notificationCentreEndpoints as c } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../../test/harness';
import { eventually } from '../../realtime/test-kit';

/**
 * NOTIFY-ONCE-2: the process that wrote an invitation stops before its notification went out; the
 * next process delivers it, once.
 */
const servers: TestServer[] = [];
afterAll(async () => {
  for (const s of servers.reverse()) await s.close();
});

describe('notifications across a restart', () => {
  it('NOTIFY-ONCE-2: an event written before a stop is delivered after the restart, once', async () => {
    // This process writes events but does not relay them (as if it died right after the commit).
    const first = await startTestServer({ OUTBOX_RELAY: 'false' }, { keep: true });
    const a = await first.createUser();
    const b = await first.createUser();
    await first.as(a.token).call(f.invite, { body: { receiverUuid: b.uuid } });
    expect((await first.as(b.token).call(c.list, {})).notifications).toEqual([]);
    await first.close();

    const second = await startTestServer({}, { reuse: first });
    servers.push(second);
    await eventually(async () =>
      expect((await second.as(b.token).call(c.list, {})).notifications).toHaveLength(1),
    );
    // A second pass of the relay finds nothing left to deliver.
    await second.app.platform.outbox.relayOnce();
    await new Promise((r) => setTimeout(r, 300));
    const after = await second.as(b.token).call(c.list, {});
    expect(after.notifications).toHaveLength(1);
    expect(after.notifications[0]).toMatchObject({ kind: 'friendInvitation', actorUuid: a.uuid });
  });
});
