import { Text } from 'react-native';
import { fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import type { RoomDto } from '@tt/protocol';
import type { RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { fakeFetch, Providers } from '../dj/testing';
import { PasswordPrompt } from './PasswordPrompt';
import { useEnterRoom } from './useEnterRoom';

jest.mock('../../lib/session', () => ({
  useSession: () => ({ kind: 'user', token: 'user-token', uuid: 'me', roles: ['user'] }),
}));

// The room session is mocked: entering without the right password is refused by the socket
// (the REST join lets a missing password pass), entering with it fills the room.
jest.mock('./session'); // room/__mocks__/session.ts
const { roomStore: mockStore, roomSession: mockSession } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { enterRoom: jest.Mock };
}>('./session');

const ROOM = { uuid: 'room-9', slug: 'velvet', name: 'Velvet Lounge' } as RoomDto;
const WRONG = { message: 'Incorrect room password.', code: 'ROOM_PASSWORD_INCORRECT' };

const api = fakeFetch((url, _method, body) => {
  const password = (body as { password?: string } | undefined)?.password;
  if (url.endsWith('/rooms/velvet/join') && password && password !== 'open sesame') {
    return [403, { statusCode: 403, ...WRONG }];
  }
  return [200, {}];
});

/** The room screen's use of the gate: the prompt while it asks for a password. */
function Door() {
  const gate = useEnterRoom(ROOM, 'user-token');
  if (gate.kind === 'password') return <PasswordPrompt roomName={ROOM.name} gate={gate} />;
  return <Text testID="gate">{gate.kind}</Text>;
}

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(() => queryClient.clear());
afterAll(() => i18n.changeLanguage('en'));

test('SEC-ROOM-PRIV-1: a password room asks for it; a wrong one shows the server message, the right one goes in', async () => {
  await i18n.changeLanguage('en');
  mockSession.enterRoom.mockImplementation((input: { password?: string }) =>
    input.password === 'open sesame'
      ? mockStore.setState({ status: 'joined', state: sampleState(), error: null, errorCode: null })
      : mockStore.setState({
          status: 'failed',
          state: null,
          error: 'This room needs a password.',
          errorCode: 'ROOM_PASSWORD_REQUIRED',
        }),
  );
  await render(
    <Providers>
      <Door />
    </Providers>,
  );

  // The socket refused the entry without a password: the prompt, without an error yet.
  expect(await screen.findByTestId('room-password')).toBeTruthy();
  expect(screen.getByText('This room has a password')).toBeTruthy();
  expect(screen.queryByTestId('room-password-error')).toBeNull();

  await fireEvent.changeText(screen.getByTestId('room-password-input'), 'let me in');
  await fireEvent.press(screen.getByTestId('room-password-submit'));
  expect(await screen.findByText('Incorrect room password.')).toBeTruthy();
  expect(api.seen.at(-1)).toMatchObject({
    method: 'POST',
    body: { password: 'let me in' },
  });

  await fireEvent.changeText(screen.getByTestId('room-password-input'), 'open sesame');
  await fireEvent.press(screen.getByTestId('room-password-submit'));
  await waitFor(() => expect(screen.getByTestId('gate').props.children).toBe('entered'));
  expect(mockSession.enterRoom).toHaveBeenLastCalledWith({
    slug: 'velvet',
    roomUuid: 'room-9',
    password: 'open sesame',
  });
  expect(screen.queryByTestId('room-password')).toBeNull();
});

test('the prompt is in Spanish for a Spanish phone', async () => {
  await i18n.changeLanguage('es');
  mockStore.setState({ status: 'idle', state: null, error: null, errorCode: null });
  mockSession.enterRoom.mockImplementation(() =>
    mockStore.setState({
      status: 'failed',
      state: null,
      error: 'This room needs a password.',
      errorCode: 'ROOM_PASSWORD_REQUIRED',
    }),
  );
  await render(
    <Providers>
      <Door />
    </Providers>,
  );
  expect(await screen.findByText('Esta sala tiene contraseña')).toBeTruthy();
  expect(screen.getByText('Entrar en la sala')).toBeTruthy();
});
