import { act, fireEvent, render, screen } from '@testing-library/react-native';
import type { ClientRoomState } from '@tt/protocol';
import { ApiError } from '@tt/api-client';
import { ActionError, type RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { fakeFetch, Providers } from '../dj/testing';
import { useRoomStore } from '../room/session';
import { Stage } from '../room/Stage';
import { trustText, trustTextOfError } from './text';

jest.mock('expo-router', () => ({ router: { push: jest.fn() } }));
jest.mock('../room/session'); // room/__mocks__/session.ts
const { roomStore: mockStore, roomSession: mockSession } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { roomAction: jest.Mock };
}>('../room/session');

const ME = 'aaaaaaaa-0000-4000-8000-00000000000a';
jest.mock('../../lib/session', () => ({
  useSession: () => ({ kind: 'user', token: 't', uuid: ME, roles: ['user'] }),
}));

const api = fakeFetch((url) => {
  if (url.endsWith('/users/profile'))
    return [200, { uuid: ME, emailVerified: true, capabilities: [] }];
  return [200, {}];
});

const SEAT =
  'New accounts cannot take a DJ seat in a busy room yet. Listen to 16 more songs or earn 38 more points to unlock this (heard 4 of 20, points 12 of 50).';

const me = { uuid: ME, tokenRole: 'user', highestRole: undefined, canDj: true };
const room = (): ClientRoomState =>
  sampleState({
    settings: {
      uuid: 'room-1',
      slug: 'busy',
      name: 'Busy',
      numberOfDjs: 2,
      djType: 'EVERYONE',
      roomRoles: [],
      songsPerDj: 0,
    } as unknown as ClientRoomState['settings'],
    allUsers: [me] as never,
    floorUsers: [me] as never,
    allUserData: {
      [ME]: { userProfile: { uuid: ME, nickname: 'Ana Beat', color: '#EC4899' }, songVotes: {} },
    } as never,
  });

function Live() {
  const state = useRoomStore((s) => s.state);
  return state ? <Stage state={state} /> : null;
}

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(async () => {
  await act(async () => {
    await i18n.changeLanguage('en');
  });
  queryClient.clear();
});

test('TRUST-7: a trust refusal in Spanish names the limit and how far the person is', async () => {
  await i18n.changeLanguage('es');
  expect(trustText('TRUST_SEAT_NOT_YET', SEAT)).toBe(
    'Las cuentas nuevas aún no pueden tomar un puesto de DJ en una sala concurrida. Escucha 16 canciones más o gana 38 puntos más para desbloquearlo (canciones escuchadas: 4 de 20, puntos: 12 de 50).',
  );
  expect(trustText('ROOM_NO_SEAT', 'Every DJ seat is taken')).toBeNull();
  // The chat's CometChat-shaped refusal (a direct message to a stranger).
  const dm = new ApiError('/v3.0/messages', 403, 'Forbidden', {
    error: {
      code: 'ERR_NOT_ALLOWED',
      message:
        'New accounts can only message people who follow them. Listen to 1 more song or earn 2 more points to unlock this (heard 2 of 3, points 48 of 50).',
      details: { code: 'TRUST_DM_NOT_YET', statusCode: 403 },
    },
  });
  expect(trustTextOfError(dm)).toMatch(/^Las cuentas nuevas solo pueden escribir a quienes/);
});

test('TRUST-6, TRUST-7: the seat button shows the room socket’s trust refusal (English)', async () => {
  mockSession.roomAction.mockRejectedValueOnce(new ActionError(SEAT, false, 'TRUST_SEAT_NOT_YET'));
  mockStore.setState({ status: 'joined', state: room() });
  await render(
    <Providers>
      <Live />
    </Providers>,
  );
  await fireEvent.press(await screen.findByTestId('seat-take'));
  expect(
    await screen.findByText(
      'New accounts cannot take a DJ seat in a busy room yet. Listen to 16 more songs or earn 38 more points to unlock this (songs heard: 4 of 20, points: 12 of 50).',
    ),
  ).toBeTruthy();
});
