import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessRequestEndpoints as e,
  notificationCentreEndpoints as c,
  profileEndpoints,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';
import { eventually } from '../../../realtime/test-kit';

/** Asking for the upload permission (ACCESS-REQ-*). */
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s?.close());

describe('upload access requests', () => {
  it('ACCESS-REQ-1/2: ask once, moderators are told, a moderator grants it and the person is told', async () => {
    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    const u = await s.createUser({ nickname: 'Rico' });
    const req = await s.as(u.token).call(e.request, { body: { message: 'I produce house music' } });
    expect(req).toMatchObject({ status: 'PENDING', userUuid: u.uuid, nickname: 'Rico' });
    await expectError(
      s.as(u.token).call(e.request, { body: {} }),
      409,
      'Your request is with the moderators already.',
    );
    expect((await s.as(u.token).call(e.mine, {})).request?.id).toBe(req.id);
    await eventually(async () => {
      const n = (await s.as(mod.token).call(c.list, {})).notifications;
      expect(n.find((x) => x.title === 'Rico asks to upload music')?.link).toBe('/admin');
    });
    const list = await s.as(mod.token).call(e.list, {});
    expect(list.data.map((r) => r.id)).toContain(req.id);
    await expectError(s.as(u.token).call(e.list, {}), 403);
    await expectError(
      s.as(u.token).call(e.handle, { params: { id: req.id }, body: { grant: true } }),
      403,
    );
    const done = await s
      .as(mod.token)
      .call(e.handle, { params: { id: req.id }, body: { grant: true } });
    expect(done).toMatchObject({ status: 'GRANTED', handledBy: mod.uuid });
    expect((await s.as(u.token).call(profileEndpoints.capabilities, {})).capabilities).toEqual([
      'uploadMusic',
    ]);
    await expectError(
      s.as(mod.token).call(e.handle, { params: { id: req.id }, body: { grant: false } }),
      409,
    );
    await expectError(
      s.as(u.token).call(e.request, { body: {} }),
      409,
      'You can upload music already.',
    );
    await eventually(async () => {
      const n = (await s.as(u.token).call(c.list, {})).notifications;
      expect(n[0]).toMatchObject({ title: 'You can upload music now', link: '/upload' });
    });
  });

  it('ACCESS-REQ-3: declined, then asked again; bad input and guests are refused', async () => {
    const mod = await s.createUser({ roles: ['user', 'admin'] });
    const u = await s.createUser();
    const first = await s.as(u.token).call(e.request, { body: {} });
    await s.as(mod.token).call(e.handle, { params: { id: first.id }, body: { grant: false } });
    const again = await s.as(u.token).call(e.request, { body: { message: 'please?' } });
    expect(again.id).not.toBe(first.id);
    await expectError(s.as(u.token).call(e.request, { body: { message: 'x'.repeat(501) } }), 400);
    await expectError(s.client.call(e.request, { body: {} }), 401);
    await expectError(
      s.as(mod.token).call(e.handle, { params: { id: 999999 }, body: { grant: true } }),
      404,
    );
    await expectError(s.as(mod.token).call(e.list, { query: { status: 'NOPE' as never } }), 400);
    expect(
      (await s.as(mod.token).call(e.list, { query: { status: 'DECLINED' } })).total,
    ).toBeGreaterThanOrEqual(1);
  });
});
