import { fireEvent, renderRouter, screen, waitFor, within } from 'expo-router/testing-library';
import type { RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import RootLayout from '../../../app/_layout';
import Room from '../../../app/room/[slug]';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import {
  chatSocketNow,
  cometMessage,
  installFakeWebSocket,
  serverReady,
  serverSays,
} from './testing';

jest.mock('../player/RoomPlayer', () => ({ __esModule: true, default: () => null }));
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));

// Who is signed in: Ana ('a'), or a guest.
const USER = { kind: 'user', token: 'user-token', uuid: 'a', roles: ['user'] };
const GUEST = { kind: 'guest', token: 'guest-token', uuid: 'g', roles: ['guest'] };
let mockSession: typeof USER = USER;
jest.mock('../../lib/session', () => ({
  useSession: () => mockSession,
  bootstrapSession: async () => undefined,
  onBeforeSignOut: () => () => undefined,
  sessionEndedBy: () => null,
}));

// The room session is mocked: entering fills the store with the room.
jest.mock('../room/session'); // room/__mocks__/session.ts
const { roomStore: mockStore, roomSession: mockRoom } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { enterRoom: jest.Mock };
}>('../room/session');

const GUID = 'room-1';
const person = (uuid: string, nickname: string, color: string) => ({
  userProfile: { uuid, nickname, color, avatarId: `${uuid}1` },
  position: { x: 0, y: 0 },
  songVotes: {},
});
const user = (uuid: string) => ({ uuid, tokenRole: 'user', highestRole: undefined, canDj: true });

function roomState(roomRoles: unknown[] = []) {
  return sampleState({
    allUserData: {
      a: person('a', 'Ana', '#EC4899'),
      d: person('d', 'Dina', '#22D3EE'),
      m: person('m', 'Marco', '#F59E0B'),
    } as never,
    allUsers: [user('a'), user('d'), user('m')] as never,
    settings: {
      uuid: GUID,
      slug: 'late-night',
      name: 'Late Night',
      numberOfDjs: 5,
      hasChat: true,
      roomRoles,
    } as never,
  });
}

const HISTORY = [
  cometMessage({ id: '11', sender: 'd', receiver: GUID }, { message: 'hey all', userName: 'Dina' }),
  cometMessage(
    { id: '12', sender: 'm', receiver: GUID },
    {
      message: 'welcome @Ana',
      userName: 'Marco',
      mentions: [{ userNickname: 'Ana', start: 8, userUuid: 'a' }],
    },
  ),
];

type Reply = { status?: number; body: unknown };
type SendBody = {
  muid: string;
  data: { text: string; metadata: { chatMessage: Record<string, unknown> } };
};
let sendReply: (body: SendBody) => Reply;
const calls: { url: string; method: string; body?: unknown }[] = [];

function reply(url: string, method: string, body: unknown): Reply {
  if (url.includes(`/v3.0/groups/${GUID}/messages`))
    return { body: { data: url.includes('affix=append') ? [] : HISTORY, meta: {} } };
  if (url.includes(`/v3.0/groups/${GUID}/members`)) return { body: { data: {} } };
  if (method === 'POST' && url.endsWith('/v3.0/messages')) return sendReply(body as SendBody);
  const reacted = /\/v3\.0\/messages\/(\d+)\/reactions\/(.+)$/.exec(url);
  if (reacted) {
    const original = HISTORY.find((m) => m.id === reacted[1])!;
    const chat = original.data.metadata!.chatMessage as object;
    return {
      body: {
        data: {
          ...original,
          data: {
            ...original.data,
            metadata: { chatMessage: { ...chat, reactions: { [reacted[2]]: ['a'] } } },
          },
        },
      },
    };
  }
  if (url.endsWith('/rooms/late-night')) return { body: { uuid: GUID, slug: 'late-night' } };
  return { body: {} };
}

beforeAll(() => {
  installFakeWebSocket();
  globalThis.fetch = jest.fn(async (raw: string, init?: RequestInit) => {
    const url = decodeURIComponent(raw);
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(init.body as string) : undefined;
    calls.push({ url, method, body });
    const r = reply(url, method, body);
    const status = r.status ?? 200;
    return {
      ok: status < 400,
      status,
      statusText: status < 400 ? 'OK' : 'Refused',
      headers: { get: () => 'application/json' },
      text: async () => JSON.stringify(r.body),
    };
  }) as unknown as typeof fetch;
});

beforeEach(() => {
  mockSession = USER;
  calls.length = 0;
  sendReply = (b) => ({
    body: {
      data: cometMessage(
        { id: '20', sender: 'a', receiver: GUID },
        { ...b.data.metadata.chatMessage, uuid: b.muid },
      ),
    },
  });
});
afterEach(() => queryClient.clear());

async function openRoomChat(roomRoles: unknown[] = [], language = 'en') {
  await i18n.changeLanguage(language);
  mockRoom.enterRoom.mockImplementation(() =>
    mockStore.setState({ status: 'joined', serverTimeOffset: 0, state: roomState(roomRoles) }),
  );
  await renderRouter(
    { _layout: RootLayout, 'room/[slug]': Room },
    { initialUrl: '/room/late-night' },
  );
  await fireEvent.press(await screen.findByTestId('room-tab-chat'));
  expect(await screen.findByText('hey all')).toBeTruthy();
}

test('CHAT-LIVE-1: the history, then a live message of the room; counted on the tab while away', async () => {
  await openRoomChat();
  const socket = await serverReady();
  // GATEWAY-CLIENT-1: the chat rides on the app's one socket, /primus.
  expect(socket.url).toMatch(/^ws:\/\/localhost:3000\/primus\?token=user-token&/);
  expect(socket.chatSent()).toContainEqual({ type: 'subscribe', guid: GUID });
  // Joining lets Ana write (CHAT-JOIN-1).
  expect(calls.some((c) => c.method === 'POST' && c.url.includes('/groups/room-1/members'))).toBe(
    true,
  );
  // A mention of me stands out.
  expect(screen.getByTestId('room-chat-mention-me')).toBeTruthy();

  await serverSays({
    type: 'message',
    message: cometMessage({ id: '13', sender: 'd', receiver: GUID }, { message: 'next one is 🔥' }),
  });
  expect(await screen.findByText('next one is 🔥')).toBeTruthy();
  expect(screen.getAllByTestId('room-chat-message')).toHaveLength(3);

  // While the Room section is shown, new messages count on the Chat tab.
  await fireEvent.press(screen.getByTestId('room-tab-room'));
  await waitFor(() =>
    expect(screen.getByTestId('room-tab-room').props.accessibilityState.selected).toBe(true),
  );
  await serverSays({
    type: 'message',
    message: cometMessage({ id: '14', sender: 'm', receiver: GUID }, { message: 'brb' }),
  });
  expect((await screen.findByTestId('room-tab-chat-unread')).props.children).toBe(1);
  await fireEvent.press(screen.getByTestId('room-tab-chat'));
  expect(screen.getByText('brb')).toBeTruthy();
  expect(screen.queryByTestId('room-tab-chat-unread')).toBeNull();
});

test('CHAT-VALID-3: typing @ suggests people in the room; the mention is sent and shown', async () => {
  await openRoomChat();
  await serverReady();
  await fireEvent.changeText(screen.getByTestId('room-chat-input'), 'great set @Di');
  const suggestions = await screen.findByTestId('room-chat-mentions');
  expect(within(suggestions).queryByText('Marco')).toBeNull();
  await fireEvent.press(within(suggestions).getByTestId('room-chat-mention-d'));
  expect(screen.getByTestId('room-chat-input').props.value).toBe('great set @Dina ');
  await fireEvent.changeText(screen.getByTestId('room-chat-input'), 'great set @Dina thanks');
  await fireEvent.press(screen.getByTestId('room-chat-send'));

  expect(await screen.findByText('@Dina')).toBeTruthy();
  const sent = calls.find((c) => c.method === 'POST' && c.url.endsWith('/v3.0/messages'));
  expect(sent?.body).toMatchObject({
    receiver: GUID,
    receiverType: 'group',
    data: {
      text: 'great set @Dina thanks',
      metadata: {
        chatMessage: {
          userUuid: 'a',
          userName: 'Ana',
          mentions: [{ userNickname: 'Dina', start: 10, userUuid: 'd' }],
        },
      },
    },
  });
  expect(screen.getByTestId('room-chat-input').props.value).toBe('');
});

test('CHAT-REACT-1: a reaction is given from the message and counted, live ones too', async () => {
  await openRoomChat();
  await serverReady();
  const row = () =>
    screen.getAllByTestId('room-chat-message').find((r) => within(r).queryByText('hey all'))!;
  const first = row();
  await fireEvent.press(within(first).getByTestId('room-chat-react'));
  await fireEvent.press(within(first).getByTestId('room-chat-reaction-🔥'));
  await waitFor(() =>
    expect(
      calls.some((c) => c.method === 'POST' && c.url.endsWith('/v3.0/messages/11/reactions/🔥')),
    ).toBe(true),
  );
  await waitFor(() =>
    expect(within(first).getByTestId('room-chat-reaction-🔥')).toHaveTextContent('🔥 1'),
  );
  await serverSays({
    type: 'reaction',
    action: 'added',
    messageId: '11',
    conversationId: `group_${GUID}`,
    reaction: '🔥',
    uid: 'm',
  });
  await waitFor(() =>
    expect(within(row()).getByTestId('room-chat-reaction-🔥')).toHaveTextContent('🔥 2'),
  );
});

test('CHAT-GUEST-1: a guest reads the chat read-only and is asked to sign in', async () => {
  mockSession = GUEST as typeof USER;
  await openRoomChat();
  expect(chatSocketNow().url).toMatch(/token=guest-token&/);
  expect(screen.getByTestId('room-chat-guest')).toBeTruthy();
  expect(screen.getByText('Sign in to chat')).toBeTruthy();
  expect(screen.queryByTestId('room-chat-input')).toBeNull();
  expect(screen.queryByTestId('room-chat-react')).toBeNull();
  expect(calls.some((c) => c.url.includes('/members'))).toBe(false);
});

test('CHAT-FLOOD-1: a refusal is shown in the server’s words and the message goes', async () => {
  await openRoomChat();
  await serverReady();
  sendReply = () => ({
    status: 429,
    body: {
      error: {
        code: 'ERR_TOO_MANY_REQUESTS',
        message: 'You are sending messages too fast, please wait a moment.',
        details: { code: 'CHAT_RATE_LIMITED', statusCode: 429 },
      },
    },
  });
  await fireEvent.changeText(screen.getByTestId('room-chat-input'), 'spam');
  await fireEvent.press(screen.getByTestId('room-chat-send'));
  expect(await screen.findByTestId('room-chat-error')).toHaveTextContent(
    'You are sending messages too fast, please wait a moment.',
  );
  await waitFor(() => expect(screen.queryByText('spam')).toBeNull());
});

test('CHAT-MUTE-1: a muted listener reads but gets no composer (ACCESS-CAN-1)', async () => {
  await openRoomChat([{ userUuid: 'a', role: 'chatDisabled', expirationTime: null }], 'es');
  expect(await screen.findByTestId('room-chat-muted')).toHaveTextContent(
    'Por ahora estás silenciado en esta sala.',
  );
  expect(screen.queryByTestId('room-chat-input')).toBeNull();
});
