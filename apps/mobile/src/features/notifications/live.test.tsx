import { act, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import type { NotificationDto } from '@tt/protocol';
import RootLayout from '../../../app/_layout';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { chatSocket } from '../chat/socket';
import { chatSocketNow, installFakeWebSocket, serverReady, serverSays } from '../chat/testing';
import NotificationsScreen from './NotificationsScreen';

// A signed-in user's token (a JWT the session can read).
jest.mock('../../lib/token', () => {
  const payload = btoa(JSON.stringify({ uuid: 'u-1', roles: ['user'] }));
  const jwt = `e30.${payload}.sig`;
  return {
    currentToken: () => jwt,
    userToken: () => jwt,
    loadToken: async () => jwt,
    saveToken: async () => undefined,
    setGuestToken: () => undefined,
  };
});
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));

const N = (id: string, name: string, room: string): NotificationDto =>
  ({
    id,
    kind: 'djLive',
    title: 'x',
    body: 'y',
    link: '/rooms/deep-house',
    actorUuid: null,
    params: { name, room },
    createdAt: new Date().toISOString(),
    readAt: null,
  }) as NotificationDto;

// What the server holds.
const server = { items: [N('n1', 'Ana', 'Deep House Den')] };
const requests: string[] = [];

function reply(url: string): unknown {
  const unread = server.items.filter((n) => !n.readAt).length;
  if (url.includes('/unread-count')) return { unread };
  if (/\/notifications(\?|$)/.test(url))
    return { notifications: [...server.items].reverse(), next: null, unread };
  return {};
}

beforeAll(() => {
  installFakeWebSocket();
  globalThis.fetch = jest.fn(async (url: string) => {
    requests.push(url);
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify(reply(url)),
    };
  }) as unknown as typeof fetch;
});
afterAll(() => queryClient.clear());

test('NOTIFY-LIVE-1: a notification moves the count and tops the list at once; a reconnect catches up', async () => {
  await i18n.changeLanguage('en');
  const router = renderRouter(
    { _layout: RootLayout, 'notifications/index': NotificationsScreen },
    { initialUrl: '/notifications' },
  );
  await router;
  expect(await screen.findByText('Ana is on stage')).toBeTruthy();
  expect(await screen.findByText('Unread (1)')).toBeTruthy();
  await serverReady();

  const n2 = N('n2', 'Bea', 'Night Owls');
  server.items = [...server.items, n2];
  await serverSays({ type: 'notification', notification: n2 });
  expect(await screen.findByText('Bea is on stage')).toBeTruthy();
  expect(await screen.findByText('Unread (2)')).toBeTruthy();
  expect(screen.getAllByTestId(/^notification-n/)[0].props.testID).toBe('notification-n2');

  // Sent while the socket was away: fetched after the reconnect.
  server.items = [...server.items, N('n3', 'Caro', 'Lo-fi Lounge')];
  await act(async () => {
    chatSocketNow().serverDrop();
    chatSocket.reconnectNow();
  });
  await serverReady();
  expect(await screen.findByText('Caro is on stage')).toBeTruthy();
  await waitFor(() => expect(screen.getByText('Unread (3)')).toBeTruthy());
});
