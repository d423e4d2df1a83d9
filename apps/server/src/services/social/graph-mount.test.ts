import { afterAll, describe, expect, it } from 'vitest';
import {
  deviceEndpoints as dv,
  friendEndpoints as f,
  sendingEndpoints as send,
  serviceStatusEndpoint,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';

/**
 * The social graph's routes keep the notification service's URLs (their contracts declare it) and
 * are served by the social service wherever it runs; the notification service reads fans and
 * blocks through the social service's ports (NOTIFY-SOCIAL-1).
 */

const servers: TestServer[] = [];
const start = async (services: string) => {
  const s = await startTestServer({ SERVICES: services });
  servers.push(s);
  return s;
};
afterAll(() => Promise.all(servers.map((s) => s.close())));

describe('the social graph without the notification service', () => {
  it('friends routes answer at /api/notification-service, served by the social service', async () => {
    const s = await start('user,social');
    await expectError(s.client.call(serviceStatusEndpoint('notification'), {}), 404);
    const [a, b] = await Promise.all([s.createUser(), s.createUser()]);
    const inv = await s.as(a.token).call(f.invite, { body: { receiverUuid: b.uuid } });
    expect(inv).toMatchObject({ senderUuid: a.uuid, invitationStatus: 'pending' });
    expect(s.app.platform.ports.social).toBeDefined();
    expect(s.app.platform.ports.graph).toBeDefined();
  });
});

describe('NOTIFY-SOCIAL-1: the notification service without the social service', () => {
  it('has no friends routes, and what needs DJ fans answers 503 naming the social service', async () => {
    const s = await start('user,notification');
    const a = await s.createUser();
    await expectError(s.as(a.token).call(f.friendUuids, { params: { id: a.uuid } }), 404);
    const staff = await s.createUser({ roles: ['staff'] });
    await expectError(
      s.as(staff.token).call(dv.fansDevices, { query: { djUuid: a.uuid } }),
      503,
      /social service/,
    );
    await expectError(
      s.as(staff.token).call(send.djFans, {
        body: { djUuid: a.uuid, roomUuid: '00000000-0000-4000-8000-000000000000' },
      }),
      503,
      /social service/,
    );
  });
});
