import { fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { ActionError } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { queryClient } from '../../lib/queryClient';
import { fakeFetch, Providers } from '../dj/testing';
import { PersonCard } from './PersonCard';

jest.mock('./session', () => ({
  roomStore: { getState: () => ({ state: null }), subscribe: () => () => undefined },
  roomSession: { roomAction: jest.fn(async () => ({})) },
  useRoomStore: () => null,
}));
const { roomSession: mockSession } = jest.requireMock<{
  roomSession: { roomAction: jest.Mock };
}>('./session');

const MOD = 'aaaaaaaa-0000-4000-8000-00000000000a';
const NOVA = 'bbbbbbbb-0000-4000-8000-00000000000b';
const ROOM_UUID = 'cccccccc-0000-4000-8000-00000000000c';

let mockWho = { kind: 'user', token: 't', uuid: MOD, roles: ['user'] };
jest.mock('../../lib/session', () => ({
  useSession: () => mockWho,
}));

const api = fakeFetch((url, method) => {
  if (url.endsWith('/users/profile')) return [200, { uuid: MOD, emailVerified: true }];
  if (url.includes('/dj-fans/')) return [404, { message: 'Not following' }];
  if (method === 'POST' && url.endsWith('/roomUserRoles/kick-user-from-room')) {
    return [200, { id: 1, role: 'kicked', userUuid: NOVA }];
  }
  return [200, {}];
});

const profile = (uuid: string, nickname: string) => ({
  userProfile: { uuid, nickname, color: '#22D3EE', avatarId: 'x' },
  position: { x: 0, y: 0 },
  songVotes: {},
});

/** A room where MOD is a moderator (room role) and Nova plays on stage. */
function room(): ClientRoomState {
  const nova = { uuid: NOVA, tokenRole: 'user', highestRole: undefined, canDj: true };
  return sampleState({
    settings: {
      uuid: ROOM_UUID,
      slug: 'late-night',
      name: 'Late Night',
      numberOfDjs: 3,
      djType: 'EVERYONE',
      roomRoles: [{ userUuid: MOD, role: 'moderator', expirationTime: null }],
    } as unknown as ClientRoomState['settings'],
    allUserData: { [MOD]: profile(MOD, 'Mo'), [NOVA]: profile(NOVA, 'DJ Nova') } as never,
    allUsers: [
      { uuid: MOD, tokenRole: 'user', highestRole: 'moderator', canDj: true },
      nova,
    ] as never,
    djs: [{ ...nova, nextSong: null }] as never,
    visibleDjs: [{ ...nova, nextSong: null }] as never,
  });
}

const open = (state: ClientRoomState) =>
  render(
    <Providers>
      <PersonCard
        state={state}
        uuid={NOVA}
        me={{ uuid: mockWho.uuid, isGuest: false }}
        onClose={() => undefined}
      />
    </Providers>,
  );

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(() => queryClient.clear());

test('ACCESS-CAN-1: a room moderator kicks someone from their card, with a reason, after confirming', async () => {
  mockWho = { kind: 'user', token: 't', uuid: MOD, roles: ['user'] };
  await open(room());
  expect(await screen.findByTestId('mod-menu')).toBeTruthy();
  expect(screen.getByTestId('mod-remove-dj')).toBeTruthy();
  expect(screen.getByTestId('mod-ban')).toBeTruthy();

  await fireEvent.press(screen.getByTestId('mod-kick'));
  expect(screen.getByText('Kick DJ Nova out of the room? They can come back later.')).toBeTruthy();
  // Nothing is sent before the confirmation.
  expect(api.seen.some((r) => r.url.includes('kick-user-from-room'))).toBe(false);
  await fireEvent.changeText(screen.getByTestId('mod-reason'), 'spamming the chat');
  await fireEvent.press(screen.getByTestId('mod-confirm'));

  expect(await screen.findByText('DJ Nova was kicked')).toBeTruthy();
  expect(api.seen.find((r) => r.url.includes('kick-user-from-room'))).toMatchObject({
    method: 'POST',
    body: { roomUuid: ROOM_UUID, userUuid: NOVA, reason: 'spamming the chat' },
  });
});

test('a refused removal from the stage shows the server message', async () => {
  mockWho = { kind: 'user', token: 't', uuid: MOD, roles: ['user'] };
  mockSession.roomAction.mockRejectedValueOnce(
    new ActionError('Only moderators can remove another DJ', false, 'ROOM_REMOVE_DJ_FORBIDDEN'),
  );
  await open(room());
  await fireEvent.press(await screen.findByTestId('mod-remove-dj'));
  await fireEvent.press(screen.getByTestId('mod-confirm'));
  await waitFor(() =>
    expect(mockSession.roomAction).toHaveBeenCalledWith(SOCKET_ACTIONS.removeDj, {
      djUuid: NOVA,
      playStartTime: undefined, // VOTE-PLAY-1: nothing plays in this room
    }),
  );
  expect(await screen.findByText('Only moderators can remove another DJ')).toBeTruthy();
});

test('a plain user sees no moderator actions (no kick)', async () => {
  mockWho = {
    kind: 'user',
    token: 't',
    uuid: 'dddddddd-0000-4000-8000-00000000000d',
    roles: ['user'],
  };
  await open(room());
  expect(await screen.findByTestId('person-follow')).toBeTruthy();
  expect(screen.queryByTestId('mod-menu')).toBeNull();
  expect(screen.queryByTestId('mod-kick')).toBeNull();
});
