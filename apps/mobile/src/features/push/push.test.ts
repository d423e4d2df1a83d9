import * as Notifications from 'expo-notifications';
import { Platform } from 'react-native';
import { devicePlatformFor, linkOfPushData, rawDeviceToken, routeForLink } from './links';
import { registerPush, unregisterPush } from './index';

jest.mock('expo-notifications', () => ({
  AndroidImportance: { HIGH: 4 },
  setNotificationChannelAsync: jest.fn(async () => null),
  getPermissionsAsync: jest.fn(async () => ({ granted: false, canAskAgain: true })),
  requestPermissionsAsync: jest.fn(async () => ({ granted: true, canAskAgain: true })),
  getDevicePushTokenAsync: jest.fn(async () => ({
    type: 'android',
    data: 'fcm-token-0123456789:abc',
  })),
  addNotificationResponseReceivedListener: jest.fn(() => ({ remove: jest.fn() })),
  getLastNotificationResponseAsync: jest.fn(async () => null),
}));
jest.mock('expo-router', () => ({ router: { push: jest.fn() } }));

const calls: { url: string; init?: RequestInit }[] = [];
beforeAll(() => {
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      headers: { get: () => 'application/json' },
      text: async () => '{"ok":true}',
    };
  }) as unknown as typeof fetch;
});

describe('links', () => {
  test('web paths map to app routes', () => {
    expect(routeForLink('/rooms/deep-house')).toBe('/room/deep-house');
    expect(routeForLink('/messages/0b7c1c9e-1111-4222-8333-444455556666')).toBe(
      '/messages/0b7c1c9e-1111-4222-8333-444455556666',
    );
    expect(routeForLink('/profile/abc')).toBe('/profile/abc');
    expect(routeForLink('https://tt.example/rooms/lofi?x=1')).toBe('/room/lofi');
    expect(routeForLink('/messages')).toBe('/messages');
    expect(routeForLink('/settings')).toBeNull();
    expect(routeForLink(null)).toBeNull();
  });
  test('push data, platforms and raw tokens', () => {
    expect(linkOfPushData({ link: '/rooms/a', kind: 'djLive' })).toBe('/rooms/a');
    expect(linkOfPushData({})).toBeNull();
    expect(linkOfPushData(null)).toBeNull();
    expect(devicePlatformFor('ios')).toBe('ios');
    expect(devicePlatformFor('android')).toBe('android');
    expect(devicePlatformFor('web')).toBeNull();
    expect(rawDeviceToken({ type: 'ios', data: 'a1b2c3d4e5f60718293a' })).toBe(
      'a1b2c3d4e5f60718293a',
    );
    expect(rawDeviceToken({ type: 'web', data: { endpoint: 'x' } })).toBeNull();
  });
});

describe('registration', () => {
  const os = Platform.OS;
  afterEach(() => {
    Platform.OS = os;
    calls.length = 0;
  });

  test('asks permission, sets the Android channel and registers the raw token', async () => {
    Platform.OS = 'android';
    await expect(registerPush()).resolves.toBe('fcm-token-0123456789:abc');
    expect(Notifications.setNotificationChannelAsync).toHaveBeenCalled();
    expect(Notifications.requestPermissionsAsync).toHaveBeenCalled();
    expect(calls[0]!.url).toMatch(/\/devices$/);
    expect(JSON.parse(String(calls[0]!.init?.body))).toEqual({
      token: 'fcm-token-0123456789:abc',
      devicePlatform: 'android',
    });
    await unregisterPush();
    expect(calls[1]!.url).toMatch(/\/devices\/fcm-token-0123456789%3Aabc$/);
    expect(calls[1]!.init?.method).toBe('DELETE');
  });

  test('refused permission registers nothing; the web build skips push', async () => {
    Platform.OS = 'ios';
    (Notifications.requestPermissionsAsync as jest.Mock).mockResolvedValueOnce({
      granted: false,
      canAskAgain: false,
    });
    await expect(registerPush()).resolves.toBeNull();
    Platform.OS = 'web';
    await expect(registerPush()).resolves.toBeNull();
    expect(calls).toHaveLength(0);
  });
});
