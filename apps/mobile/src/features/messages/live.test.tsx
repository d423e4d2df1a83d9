import { act, fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import RootLayout from '../../../app/_layout';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { chatSocket } from '../chat/socket';
import {
  chatSocketNow,
  cometMessage,
  installFakeWebSocket,
  serverReady,
  serverSays,
} from '../chat/testing';
import ConversationScreen from './ConversationScreen';
import MessagesScreen from './MessagesScreen';

// A signed-in user's token (a JWT the session can read).
jest.mock('../../lib/token', () => {
  const payload = btoa(
    JSON.stringify({ uuid: 'aaaaaaaa-0000-4000-8000-000000000001', roles: ['user'] }),
  );
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

const ME = 'aaaaaaaa-0000-4000-8000-000000000001';
const FRIEND = 'bbbbbbbb-0000-4000-8000-000000000002';

const dm = (id: string, sender: string, receiver: string, text: string) =>
  cometMessage({ id, sender, receiver, receiverType: 'user', data: { text } as never });

// What the server holds: the thread with Frida and her unread count.
const server = { thread: [dm('1', FRIEND, ME, 'see you tonight')], unread: 1 };
const requests: { url: string; method: string }[] = [];

function reply(url: string, method: string): unknown {
  if (url.includes('/users/profile')) return { uuid: ME, nickname: 'Me', avatarId: 'bear' };
  if (url.includes('/friends/list/')) return { friendsUuids: [FRIEND] };
  if (url.includes('/v3.0/conversations'))
    return {
      data: [
        {
          conversationId: `${ME}_user_${FRIEND}`,
          conversationType: 'user',
          unreadMessageCount: server.unread,
          updatedAt: server.thread[server.thread.length - 1].sentAt,
          lastMessage: server.thread[server.thread.length - 1],
          conversationWith: { uid: FRIEND, name: 'Frida' },
        },
      ],
      meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1 } },
    };
  if (url.includes('/conversation/read')) {
    server.unread = 0;
    return { data: { success: true } };
  }
  if (method === 'GET' && url.includes(`/v3.0/users/${FRIEND}/messages`))
    return { data: server.thread, meta: {} };
  return {};
}

beforeAll(() => {
  installFakeWebSocket();
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method });
    return {
      ok: true,
      status: 200,
      statusText: 'OK',
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify(reply(url, method)),
    };
  }) as unknown as typeof fetch;
});
afterAll(() => queryClient.clear());

/** Frida writes: the server keeps it, then the chat socket says so. */
async function fridaWrites(id: string, text: string) {
  const m = dm(id, FRIEND, ME, text);
  server.thread = [...server.thread, m];
  server.unread += 1;
  await serverSays({ type: 'message', message: m });
}

test('CHAT-LIVE-1: a direct message shows at once in the inbox and in its open conversation', async () => {
  await i18n.changeLanguage('en');
  const router = renderRouter(
    { _layout: RootLayout, 'messages/index': MessagesScreen, 'messages/[uid]': ConversationScreen },
    { initialUrl: '/messages' },
  );
  await router;
  expect(await screen.findByText('see you tonight')).toBeTruthy();
  expect(screen.getByText('1 unread')).toBeTruthy();
  await serverReady(false, ME);
  expect(chatSocketNow().url).toMatch(/\/primus\?token=e30\./);

  await fridaWrites('2', 'doors at nine');
  expect(await screen.findByText('doors at nine')).toBeTruthy();
  expect(await screen.findByText('2 unread')).toBeTruthy();

  await fireEvent.press(screen.getByTestId(`conversation-${FRIEND}`));
  await waitFor(() => expect(router.getPathname()).toBe(`/messages/${FRIEND}`));
  expect(await screen.findByTestId('message-2')).toBeTruthy();
  const reads = () => requests.filter((r) => r.url.includes('/conversation/read')).length;
  await waitFor(() => expect(reads()).toBeGreaterThan(0));
  const before = reads();

  // While it is open, her next message appears and is marked read.
  await fridaWrites('3', 'bring the records');
  expect(await screen.findByText('bring the records')).toBeTruthy();
  await waitFor(() => expect(reads()).toBeGreaterThan(before));

  // After a reconnect (resync) the thread is fetched again: nothing missed is lost.
  server.thread = [...server.thread, dm('4', FRIEND, ME, 'sent while you were away')];
  await act(async () => {
    chatSocketNow().serverDrop();
    chatSocket.reconnectNow();
  });
  await serverReady(false, ME);
  expect(await screen.findByText('sent while you were away')).toBeTruthy();
});
