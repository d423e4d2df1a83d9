import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deviceEndpoints as dv,
  notificationCentreEndpoints as c,
  sendingEndpoints as s,
  socialEndpoints as so,
} from '@tt/protocol';
import { expectError, startTestServer, type TestServer } from '../../../test/harness';
import {
  startApnsFake,
  startFcmFake,
  type ApnsFake,
  type FcmFake,
} from '../../../test/fakes/mobile-push';
import { startFakePushService, type FakePushService } from '../../../test/fakes/web-push';
import { eventually } from '../../realtime/test-kit';
import { webPushSubscriptions } from '../social/schema';

/** Web push, FCM and APNs against local fakes (NOTIFY-PUSH-*, NOTIFY-DEVICE-*, SOCIAL-PUSH-*). */
let srv: TestServer;
let pushService: FakePushService;
let fcm: FcmFake;
let apns: ApnsFake;
type U = { uuid: string; token: string };
const as = (u: U) => srv.as(u.token);
let staff: U;

const ANDROID = 'fcm-token-android-0001:APA91b';
const IOS = 'a'.repeat(64);

beforeAll(async () => {
  [pushService, fcm, apns] = await Promise.all([
    startFakePushService(),
    startFcmFake(),
    startApnsFake(),
  ]);
  srv = await startTestServer({
    PUSH_ALLOW_INSECURE_ENDPOINTS: 'true',
    VAPID_SUBJECT: 'mailto:ops@turntable.test',
    ...fcm.env,
    ...apns.env,
  });
  staff = await srv.createUser({ roles: ['staff'] });
});
afterAll(async () => {
  await srv?.close();
  await Promise.all([pushService?.close(), fcm?.server.close(), apns?.close()]);
});

describe('web push', () => {
  it('SOCIAL-PUSH-1/3, NOTIFY-PUSH-1: a notification reaches the browser, signed and encrypted; a gone subscription is forgotten', async () => {
    const u = await srv.createUser();
    const sub = pushService.subscribe();
    const { publicKey } = await srv.client.call(so.vapidKey, {});
    await as(u).call(so.subscribe, {
      body: { subscription: { endpoint: sub.endpoint, keys: sub.keys, expirationTime: null } },
    });
    await as(staff).call(s.user, {
      body: { userUuid: u.uuid, title: 'Nova is on stage', body: 'Come listen', link: '/rooms/x' },
    });
    await eventually(() => expect(pushService.received).toHaveLength(1));
    const got = pushService.received[0]!;
    expect(pushService.errors).toEqual([]);
    expect(got.vapidKey).toBe(publicKey);
    expect(got.claims.aud).toBe(pushService.url);
    expect(got.claims.sub).toBe('mailto:ops@turntable.test');
    expect(got.urgency).toBe('high');
    expect(got.payload).toMatchObject({
      title: 'Nova is on stage',
      body: 'Come listen',
      link: '/rooms/x',
      data: { kind: 'custom' },
    });
    // The push service forgets the subscription: the next push removes it.
    pushService.expire(sub.endpoint);
    await as(staff).call(s.user, { body: { userUuid: u.uuid, title: 'Again', body: 'x' } });
    await eventually(async () => {
      const rows = await srv.app.platform.db
        .select()
        .from(webPushSubscriptions)
        .where(eq(webPushSubscriptions.endpoint, sub.endpoint));
      expect(rows).toEqual([]);
    });
  });

  it('SOCIAL-PUSH-1: only a user subscribes; bad keys are refused; unsubscribing is for the owner', async () => {
    const [u, other] = [await srv.createUser(), await srv.createUser()];
    const sub = pushService.subscribe();
    await expectError(
      srv.client.call(so.subscribe, {
        body: { subscription: { endpoint: sub.endpoint, keys: sub.keys } },
      }),
      401,
    );
    await expectError(
      as(u).call(so.subscribe, {
        body: {
          subscription: { endpoint: sub.endpoint, keys: { p256dh: 'short', auth: sub.keys.auth } },
        },
      }),
      400,
    );
    await as(u).call(so.subscribe, {
      body: { subscription: { endpoint: sub.endpoint, keys: sub.keys } },
    });
    await expectError(as(other).call(so.unsubscribe, { body: { endpoint: sub.endpoint } }), 404);
    expect(await as(u).call(so.unsubscribe, { body: { endpoint: sub.endpoint } })).toEqual({
      success: true,
    });
    await expectError(
      as(u).call(so.push, { body: { userUuid: u.uuid, title: 'x', body: 'y' } }),
      403,
    );
    // Services push to a browser directly.
    await as(u).call(so.subscribe, {
      body: { subscription: { endpoint: sub.endpoint, keys: sub.keys } },
    });
    const before = pushService.received.length;
    expect(
      (await as(staff).call(so.push, { body: { userUuid: u.uuid, title: 'Direct', body: 'y' } }))
        .recipients,
    ).toBe(1);
    expect(pushService.received.length).toBe(before + 1);
    expect(pushService.received.at(-1)!.payload).toMatchObject({ title: 'Direct' });
  });
});

describe('mobile push', () => {
  it('NOTIFY-PUSH-1/2: Android through FCM v1, iOS through APNs, with the notification', async () => {
    const u = await srv.createUser();
    await as(u).call(dv.register, { body: { token: ANDROID, devicePlatform: 'android' } });
    await as(u).call(dv.register, { body: { token: IOS, devicePlatform: 'ios' } });
    await as(staff).call(s.user, {
      body: { userUuid: u.uuid, title: 'Hello', body: 'World', link: '/friends' },
    });
    await eventually(() => {
      expect(fcm.sent.filter((m) => m.token === ANDROID)).toHaveLength(1);
      expect(apns.sent.filter((m) => m.token === IOS)).toHaveLength(1);
    });
    const android = fcm.sent.find((m) => m.token === ANDROID)!.message;
    expect(android).toMatchObject({
      notification: { title: 'Hello', body: 'World' },
      data: { link: '/friends', kind: 'custom' },
    });
    const ios = apns.sent.find((m) => m.token === IOS)!;
    expect(ios.headers['apns-push-type']).toBe('alert');
    expect(ios.payload).toMatchObject({
      aps: { alert: { title: 'Hello', body: 'World' } },
      link: '/friends',
    });
    // Silent: data only (NOTIFY-PUSH-3).
    await as(staff).call(s.silent, { body: { userUuid: u.uuid, data: { refresh: 'crates' } } });
    await eventually(() => {
      expect(fcm.sent.filter((m) => m.token === ANDROID)).toHaveLength(2);
      expect(apns.sent.filter((m) => m.token === IOS)).toHaveLength(2);
    });
    const silentAndroid = fcm.sent.filter((m) => m.token === ANDROID)[1]!.message;
    expect(silentAndroid.notification).toBeUndefined();
    expect(silentAndroid.data).toMatchObject({ refresh: 'crates' });
    const silentIos = apns.sent.filter((m) => m.token === IOS)[1]!;
    expect(silentIos.headers['apns-push-type']).toBe('background');
    expect(silentIos.payload).toMatchObject({ aps: { 'content-available': 1 }, refresh: 'crates' });
    expect((await as(u).call(c.list, {})).notifications).toHaveLength(1);
  });

  it('NOTIFY-DEVICE-3: a token the push service no longer knows is forgotten', async () => {
    const u = await srv.createUser();
    const token = 'fcm-token-gone-000001:APA91b';
    const iosGone = 'b'.repeat(64);
    fcm.unregistered.add(token);
    apns.unregistered.add(iosGone);
    await as(u).call(dv.register, { body: { token, devicePlatform: 'android' } });
    await as(u).call(dv.register, { body: { token: iosGone, devicePlatform: 'ios' } });
    await as(staff).call(s.user, { body: { userUuid: u.uuid, title: 'x', body: 'y' } });
    await eventually(async () =>
      expect((await as(u).call(dv.ofUser, { params: { userId: u.uuid } })).devices).toEqual([]),
    );
  });

  it('NOTIFY-SET-1: push turned off for a kind: shown in the app, not pushed', async () => {
    const u = await srv.createUser();
    const token = 'fcm-token-quiet-00001:APA91b';
    await as(u).call(dv.register, { body: { token, devicePlatform: 'android' } });
    await as(u).call(c.updateSettings, { body: { kinds: { custom: { push: false } } } });
    await as(staff).call(s.user, { body: { userUuid: u.uuid, title: 'Quiet', body: 'y' } });
    await eventually(async () =>
      expect((await as(u).call(c.list, {})).notifications).toHaveLength(1),
    );
    expect(fcm.sent.filter((m) => m.token === token)).toEqual([]);
  });
});

describe('devices', () => {
  it('NOTIFY-DEVICE-1/2: register, read, move between accounts, remove; others are refused', async () => {
    const [u, other] = [await srv.createUser(), await srv.createUser()];
    const token = 'fcm-token-devices-0001:APA91b';
    const row = await as(u).call(dv.register, { body: { token, devicePlatform: 'web' } });
    expect(row).toMatchObject({ userUuid: u.uuid, token, devicePlatform: 'web' });
    expect(await as(u).call(dv.single, { params: { a: u.uuid, b: token } })).toMatchObject({
      token,
    });
    await expectError(as(other).call(dv.single, { params: { a: u.uuid, b: token } }), 403);
    await expectError(as(other).call(dv.ofUser, { params: { userId: u.uuid } }), 403);
    expect((await as(staff).call(dv.ofUser, { params: { userId: u.uuid } })).devices).toHaveLength(
      1,
    );
    await expectError(
      as(u).call(dv.register, { body: { token: 'x', devicePlatform: 'web' } }),
      400,
    );
    await expectError(
      as(u).call(dv.register, { body: { token, devicePlatform: 'windows' as never } }),
      400,
    );
    await expectError(
      srv.client.call(dv.register, { body: { token, devicePlatform: 'web' } }),
      401,
    );
    // The same phone signs in to another account: the token moves.
    await as(other).call(dv.register, { body: { token, devicePlatform: 'web' } });
    expect((await as(u).call(dv.ofUser, { params: { userId: u.uuid } })).devices).toEqual([]);
    await expectError(as(u).call(dv.remove, { params: { token } }), 404);
    expect(await as(other).call(dv.removeOfUser, { params: { a: other.uuid, b: token } })).toEqual({
      success: true,
    });
    await expectError(as(other).call(dv.fansDevices, { query: { djUuid: u.uuid } }), 403);
    expect(await as(staff).call(dv.fansDevices, { query: { djUuid: u.uuid } })).toEqual({
      devices: [],
      total: 0,
    });
  });
});

describe('push endpoints', () => {
  it('SOCIAL-PUSH-2: without PUSH_ALLOW_INSECURE_ENDPOINTS only public https endpoints are taken', async () => {
    const strict = await startTestServer();
    try {
      const u = await strict.createUser();
      const keys = pushService.subscribe().keys;
      for (const endpoint of [
        `${pushService.url}/push/abc`,
        'https://127.0.0.1/push/abc',
        'https://localhost/push/abc',
        'https://10.1.2.3/push/abc',
        'https://[::1]/push/abc',
        'https://192.168.0.5:8443/x',
      ]) {
        await expectError(
          strict.as(u.token).call(so.subscribe, { body: { subscription: { endpoint, keys } } }),
          400,
          'Push subscriptions must use an https address of a public push service.',
        );
      }
    } finally {
      await strict.close();
    }
  });
});
