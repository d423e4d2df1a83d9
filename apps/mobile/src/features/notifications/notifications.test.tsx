import { act, fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import RootLayout from '../../../app/_layout';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import NotificationsScreen from './NotificationsScreen';
import SettingsScreen from './SettingsScreen';

jest.mock('../../lib/token', () => ({
  currentToken: () => 'test-token',
  loadToken: async () => 'test-token',
}));
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));

const N = (id: string, over: object = {}) => ({
  id,
  kind: 'djLive',
  title: 'x',
  body: 'y',
  link: '/rooms/deep-house',
  actorUuid: null,
  params: { name: 'Ana', room: 'Deep House Den' },
  createdAt: new Date().toISOString(),
  readAt: null,
  ...over,
});

const requests: { url: string; method: string; body?: string }[] = [];
const settings = {
  kinds: { djLive: { app: true, push: true }, directMessage: { app: true, push: false } },
};

function reply(url: string, method: string, body?: string): unknown {
  if (url.includes('/notifications/unread-count') || url.includes('/unread')) return { unread: 1 };
  if (url.includes('/notification-settings')) {
    if (method !== 'GET') {
      const kinds = JSON.parse(body ?? '{}').kinds;
      for (const [k, v] of Object.entries(kinds))
        Object.assign((settings.kinds as Record<string, object>)[k] ?? {}, v);
    }
    return settings;
  }
  if (method === 'GET' && /\/notifications(\?|$)/.test(url))
    return {
      notifications: [
        N('n1'),
        N('n2', { kind: 'friendAccepted', readAt: '2026-01-01T00:00:00Z' }),
        N('n3', { kind: 'newFan', link: '/profile/u-1', readAt: '2026-01-01T00:00:00Z' }),
      ],
      next: null,
      unread: 1,
    };
  return { unread: 0 };
}

beforeAll(() => {
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method, body: init?.body as string | undefined });
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify(reply(url, method, init?.body as string | undefined)),
    };
  }) as unknown as typeof fetch;
});

afterEach(() => {
  queryClient.clear();
  requests.length = 0;
});

test('lists notifications in the reader language, marks all read, opens a link', async () => {
  await i18n.changeLanguage('en');
  const router = renderRouter(
    {
      _layout: RootLayout,
      'notifications/index': NotificationsScreen,
      'notifications/settings': SettingsScreen,
      'room/[slug]': () => null,
    },
    { initialUrl: '/notifications' },
  );
  await router;
  expect(await screen.findByText('Ana is on stage')).toBeTruthy();
  expect(screen.getByText('Ana accepted your friend invitation')).toBeTruthy();
  // NOTIFY-FAN-1, in both languages.
  expect(screen.getByText('Ana started following you')).toBeTruthy();
  await act(() => i18n.changeLanguage('es'));
  expect(await screen.findByText('Ana empezó a seguirte')).toBeTruthy();
  expect(screen.getByText('Se enterará cuando subas a la cabina.')).toBeTruthy();
  await act(() => i18n.changeLanguage('en'));
  expect(await screen.findByText('Ana started following you')).toBeTruthy();
  expect(await screen.findByText('Unread (1)')).toBeTruthy();

  fireEvent.press(screen.getByTestId('notifications-mark-all'));
  await waitFor(() =>
    expect(requests.some((r) => r.method !== 'GET' && r.body === '{"all":true}')).toBe(true),
  );

  fireEvent.press(screen.getByTestId('notification-n1'));
  await waitFor(() => expect(router.getPathname()).toBe('/room/deep-house'));
});
