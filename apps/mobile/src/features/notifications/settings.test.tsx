import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import RootLayout from '../../../app/_layout';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
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
      notifications: [N('n1'), N('n2', { kind: 'friendAccepted', readAt: '2026-01-01T00:00:00Z' })],
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

test('Spanish texts, and settings per kind switch push off', async () => {
  await i18n.changeLanguage('es');
  const router = renderRouter(
    { _layout: RootLayout, 'notifications/settings': SettingsScreen },
    { initialUrl: '/notifications/settings' },
  );
  await router;
  await waitFor(() => expect(screen.getByTestId('setting-djLive')).toBeTruthy());
  expect(await screen.findByText('DJs que sigues suben a la cabina')).toBeTruthy();
  fireEvent(screen.getByTestId('setting-djLive-push'), 'valueChange', false);
  await waitFor(() =>
    expect(
      requests.some((r) => r.method !== 'GET' && r.body === '{"kinds":{"djLive":{"push":false}}}'),
    ).toBe(true),
  );
});
