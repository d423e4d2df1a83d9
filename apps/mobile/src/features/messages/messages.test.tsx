import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import RootLayout from '../../../app/_layout';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import MessagesScreen from './MessagesScreen';
import { messageKeys } from './queries';

jest.mock('../../lib/token', () => ({
  currentToken: () => 'test-token',
  loadToken: async () => 'test-token',
}));
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));

const ME = 'aaaaaaaa-0000-4000-8000-000000000001';
const FRIEND = 'bbbbbbbb-0000-4000-8000-000000000002';
const STRANGER = 'cccccccc-0000-4000-8000-000000000003';

const msg = (id: string, sender: string, receiver: string, text: string) => ({
  id,
  conversationId: `${ME}_user_${FRIEND}`,
  sender,
  receiver,
  receiverType: 'user',
  category: 'message',
  type: 'text',
  data: { text, entities: {} },
  sentAt: 1_700_000_000 + Number(id),
  updatedAt: 1_700_000_000 + Number(id),
});
const conv = (uid: string, name: string, unread: number, text: string, at: number) => ({
  conversationId: `${ME}_user_${uid}`,
  conversationType: 'user',
  unreadMessageCount: unread,
  updatedAt: at,
  lastMessage: msg('1', uid, ME, text),
  conversationWith: { uid, name },
});

/** Unread messages in the friend's conversation (the stranger's always has one). */
let friendUnread = 2;
const requests: { url: string; method: string; body?: string }[] = [];
/** Holds the friends list's answer back while set. */
let friendsGate: Promise<void> | null = null;
function reply(url: string, method: string): unknown {
  if (url.includes('/users/profile'))
    return { uuid: ME, nickname: 'Me', avatarId: 'bear', color: '#fff' };
  if (url.includes('/friends/list/')) return { friendsUuids: [FRIEND] };
  if (url.includes('/v3.0/conversations'))
    return {
      data: [
        conv(FRIEND, 'Frida', friendUnread, 'see you tonight', 20),
        conv(STRANGER, 'Stan', 1, 'hey', 10),
      ],
      meta: { pagination: { total: 2, count: 2, per_page: 50, current_page: 1, total_pages: 1 } },
    };
  if (url.includes('/conversation/read')) return { data: { success: true } };
  if (method === 'GET' && url.includes(`/v3.0/users/${FRIEND}/messages`))
    return {
      data: [msg('1', FRIEND, ME, 'see you tonight')],
      meta: { pagination: { total: 1, count: 1, per_page: 50, current_page: 1, total_pages: 1 } },
    };
  if (method === 'POST' && url.endsWith('/v3.0/messages'))
    return { data: msg('2', ME, FRIEND, 'on my way') };
  return {};
}

beforeAll(() => {
  globalThis.fetch = jest.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    requests.push({ url, method, body: init?.body as string | undefined });
    if (friendsGate && url.includes('/friends/list/')) await friendsGate;
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

test('Friends and Others tabs with their unread counts', async () => {
  await i18n.changeLanguage('en');
  const router = renderRouter(
    { _layout: RootLayout, 'messages/index': MessagesScreen },
    { initialUrl: '/messages' },
  );
  await router;
  expect(await screen.findByText('Frida')).toBeTruthy();
  expect(screen.queryByText('Stan')).toBeNull();
  expect(screen.getByText('2 unread')).toBeTruthy();
  expect(screen.getByText('Others · 1')).toBeTruthy();

  await fireEvent.press(screen.getByTestId('messages-tab-others'));
  expect(await screen.findByText('Stan')).toBeTruthy();
  expect(screen.queryByText('Frida')).toBeNull();
});

test('CHAT-INBOX-2: the inbox opens on the list with unread messages; a list picked stays', async () => {
  queryClient.clear();
  friendUnread = 0;
  await i18n.changeLanguage('es');
  await renderRouter(
    { _layout: RootLayout, 'messages/index': MessagesScreen },
    { initialUrl: '/messages' },
  );
  // Frida's conversation is read, Stan's waits: the inbox opens on Others.
  expect(await screen.findByText('Stan')).toBeTruthy();
  expect(screen.queryByText('Frida')).toBeNull();
  expect(screen.getByTestId('messages-tab-others').props.accessibilityState).toEqual({
    selected: true,
  });
  await fireEvent.press(screen.getByTestId('messages-tab-friends'));
  expect(await screen.findByText('Frida')).toBeTruthy();
  expect(screen.queryByText('Stan')).toBeNull();
  await i18n.changeLanguage('en');
});

test('CHAT-INBOX-2: nobody is sorted before the friends list answers; then the friend is under Friends', async () => {
  queryClient.clear();
  requests.length = 0;
  friendUnread = 2;
  let release = () => {};
  friendsGate = new Promise((r) => (release = r));
  await i18n.changeLanguage('en');
  await renderRouter(
    { _layout: RootLayout, 'messages/index': MessagesScreen },
    { initialUrl: '/messages' },
  );
  await waitFor(() => expect(queryClient.getQueryData(messageKeys.conversations)).toBeDefined());
  await waitFor(() => expect(requests.some((r) => r.url.includes('/friends/list/'))).toBe(true));
  // The conversations have answered, the friends list has not: Frida's unread messages are
  // counted under neither list yet (before, they showed as "Others · 3").
  expect(screen.queryByText('Others · 3')).toBeNull();
  expect(screen.queryByText('Frida')).toBeNull();
  release();
  friendsGate = null;
  expect(await screen.findByText('Frida')).toBeTruthy();
  expect(screen.getByText('Others · 1')).toBeTruthy();
});
