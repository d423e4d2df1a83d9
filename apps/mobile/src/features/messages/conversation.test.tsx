import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import RootLayout from '../../../app/_layout';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import ConversationScreen from './ConversationScreen';

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

const requests: { url: string; method: string; body?: string }[] = [];
function reply(url: string, method: string): unknown {
  if (url.includes('/users/profile'))
    return { uuid: ME, nickname: 'Me', avatarId: 'bear', color: '#fff' };
  if (url.includes('/friends/list/')) return { friendsUuids: [FRIEND] };
  if (url.includes('/v3.0/conversations'))
    return {
      data: [conv(FRIEND, 'Frida', 2, 'see you tonight', 20), conv(STRANGER, 'Stan', 1, 'hey', 10)],
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

test('a conversation is marked read and sends a message', async () => {
  await i18n.changeLanguage('es');
  const router = renderRouter(
    { _layout: RootLayout, 'messages/[uid]': ConversationScreen },
    { initialUrl: `/messages/${FRIEND}?name=Frida` },
  );
  await router;
  expect(await screen.findByText('see you tonight')).toBeTruthy();
  await waitFor(() =>
    expect(requests.some((r) => r.url.includes(`/users/${FRIEND}/conversation/read`))).toBe(true),
  );
  expect(screen.getByPlaceholderText('Escribe un mensaje')).toBeTruthy();

  await fireEvent.changeText(screen.getByTestId('message-input'), 'on my way');
  await fireEvent.press(screen.getByTestId('message-send'));
  expect(await screen.findByText('on my way')).toBeTruthy();
  const sent = requests.find((r) => r.method === 'POST' && r.url.endsWith('/v3.0/messages'));
  expect(JSON.parse(sent!.body!)).toMatchObject({
    receiver: FRIEND,
    receiverType: 'user',
    category: 'message',
    data: { text: 'on my way', metadata: { chatMessage: { userUuid: ME, message: 'on my way' } } },
  });
});
