import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  notificationCentreEndpoints as c,
  sendingEndpoints as s,
  type NotificationDto,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import { createRoom, eventually, RoomClient } from '../../realtime/test-kit';

/** NOTIFY-SEND-5: admins message everyone in a room now (POST /room-users/admin). */
let srv: TestServer;
type U = { uuid: string; token: string };
let admin: U;
let staff: U;
const items = async (u: U): Promise<NotificationDto[]> =>
  (await srv.as(u.token).call(c.list, { query: { limit: 100 } })).notifications;

beforeAll(async () => {
  srv = await startTestServer();
  admin = await srv.createUser({ roles: ['admin'] });
  staff = await srv.createUser({ roles: ['staff'] });
});
afterAll(() => srv?.close());

describe('POST /room-users/admin (NOTIFY-SEND-5)', () => {
  it('reaches each person in the room, with a link to the room', async () => {
    const owner = await srv.createUser();
    const listener = await srv.createUser();
    const room = await createRoom(srv, owner.token);
    const client = await RoomClient.join(srv, listener, room.uuid);
    try {
      const res = await srv.as(admin.token).call(s.roomUsersAdmin, {
        body: { roomUuid: room.slug, title: 'Staff', body: 'Maintenance at 10' },
      });
      expect(res.recipients).toBeGreaterThanOrEqual(1);
      await eventually(async () => {
        const got = (await items(listener)).find((n) => n.title === 'Staff');
        expect(got).toMatchObject({ body: 'Maintenance at 10', link: `/rooms/${room.slug}` });
      });
    } finally {
      client.disconnect();
    }
  });

  it('bad input: empty title, unknown room', async () => {
    await expectError(
      srv.as(admin.token).call(s.roomUsersAdmin, {
        body: { roomUuid: 'x', title: '', body: 'y' },
      }),
      400,
    );
    await expectError(
      srv.as(admin.token).call(s.roomUsersAdmin, {
        body: { roomUuid: 'no-such-room', title: 'x', body: 'y' },
      }),
      404,
    );
  });

  it('missing token answers 401; a user or staff (services) answers 403', async () => {
    const body = { roomUuid: 'any', title: 'x', body: 'y' };
    await expectError(srv.client.call(s.roomUsersAdmin, { body }), 401);
    const plain = await srv.createUser();
    await expectError(srv.as(plain.token).call(s.roomUsersAdmin, { body }), 403);
    await expectError(srv.as(staff.token).call(s.roomUsersAdmin, { body }), 403);
  });
});
