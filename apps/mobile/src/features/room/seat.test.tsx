import { act, fireEvent, render, screen, waitFor } from '@testing-library/react-native';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import { ActionError, type RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { fakeFetch, Providers } from '../dj/testing';
import { useRoomStore } from './session';
import { Stage } from './Stage';

jest.mock('expo-router', () => ({ router: { push: jest.fn() } }));
jest.mock('./session'); // room/__mocks__/session.ts
const { roomStore: mockStore, roomSession: mockSession } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { roomAction: jest.Mock };
}>('./session');

const ME = 'aaaaaaaa-0000-4000-8000-00000000000a';
jest.mock('../../lib/session', () => ({
  useSession: () => ({ kind: 'user', token: 't', uuid: ME, roles: ['user'] }),
}));

let verified = true;
const TOP = {
  crateSongUuid: '00000000-0000-4000-8000-000000000001',
  position: 0,
  songId: 1,
  songShortId: 's1',
  isrc: null,
  trackName: 'Rooftop Hours',
  artistName: 'Velvet Lanterns',
  duration: 200,
  explicit: false,
  genre: null,
  musicProviders: { spotify: 'sp1' },
  thumbnails: {},
  previews: [],
  playbackToken: null,
  status: 'SUCCESS',
};
const api = fakeFetch((url) => {
  if (url.endsWith('/users/profile'))
    return [200, { uuid: ME, emailVerified: verified, capabilities: [] }];
  if (url.includes('/crate/special/queue/songs'))
    return [200, { songs: [TOP], total: 1, next: null }];
  return [200, {}];
});

const me = { uuid: ME, tokenRole: 'user', highestRole: undefined, canDj: true };
function room(over: Partial<ClientRoomState> = {}, settings: object = {}): ClientRoomState {
  return sampleState({
    settings: {
      uuid: 'room-1',
      slug: 'late-night',
      name: 'Late Night',
      numberOfDjs: 2,
      djType: 'EVERYONE',
      roomRoles: [],
      songsPerDj: 0,
      ...settings,
    } as unknown as ClientRoomState['settings'],
    allUsers: [me] as never,
    floorUsers: [me] as never,
    allUserData: {
      [ME]: { userProfile: { uuid: ME, nickname: 'Ana Beat', color: '#EC4899' }, songVotes: {} },
    } as never,
    ...over,
  });
}

/** The room screen's use of the stage: the room as the store has it. */
function Live() {
  const state = useRoomStore((s) => s.state);
  return state ? <Stage state={state} /> : null;
}

const show = async (state: ClientRoomState) => {
  mockStore.setState({ status: 'joined', state });
  await render(
    <Providers>
      <Live />
    </Providers>,
  );
};

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
beforeEach(() => {
  verified = true;
  mockSession.roomAction.mockReset();
  mockSession.roomAction.mockResolvedValue({});
});
afterEach(async () => {
  // Every answer has landed before the next test (no update after a test's end).
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await act(async () => queryClient.clear());
});

test('RR-DJ-1: take a seat with the top song of my queue, see my next song, skip it on air, leave', async () => {
  await show(room());
  const take = await screen.findByText('Take a seat with “Rooftop Hours”');
  await fireEvent.press(take);
  await waitFor(() =>
    expect(mockSession.roomAction).toHaveBeenCalledWith(SOCKET_ACTIONS.addDj, {
      song: expect.objectContaining({
        trackName: 'Rooftop Hours',
        crateSongUuid: TOP.crateSongUuid,
      }),
    }),
  );
  expect(await screen.findByText("You're in the booth!")).toBeTruthy();

  // The room puts me in the booth with that song next: nothing plays, so I am up next.
  const seated = { ...me, nextSong: { ...TOP, playbackToken: null } };
  await act(async () =>
    mockStore.setState({ state: room({ djs: [seated] as never, visibleDjs: [seated] as never }) }),
  );
  expect(await screen.findByText("You're up next")).toBeTruthy();
  expect(screen.getByTestId('seat-next-song')).toBeTruthy();
  expect(screen.queryByTestId('seat-take')).toBeNull();

  // My song plays: skip it.
  const now = Date.now();
  await act(async () =>
    mockStore.setState({
      state: room({
        djs: [{ ...me, nextSong: null }] as never,
        visibleDjs: [{ ...me, nextSong: null }] as never,
        nowPlaying: { song: TOP, startTime: now, endTime: now + 200_000 } as never,
      }),
    }),
  );
  expect(await screen.findByText("You're on air")).toBeTruthy();
  await fireEvent.press(screen.getByTestId('seat-skip'));
  // VOTE-PLAY-1: the skip names the play shown.
  expect(mockSession.roomAction).toHaveBeenCalledWith(SOCKET_ACTIONS.skipSong, {
    playStartTime: expect.any(Number),
  });

  await fireEvent.press(screen.getByTestId('seat-leave'));
  expect(mockSession.roomAction).toHaveBeenCalledWith(SOCKET_ACTIONS.removeDj);
  expect(await screen.findByText('You left the booth')).toBeTruthy();
});

test('SEC-UNVERIFIED-1: no seat button for an unverified account, and the reason in its words', async () => {
  verified = false;
  await show(room());
  expect(await screen.findByText('Verify your e-mail address to DJ.')).toBeTruthy();
  expect(screen.queryByTestId('seat-take')).toBeNull();
  expect(screen.queryByTestId('booth-take')).toBeNull();
});

test('RR-DJ-2: invite-only decks say so instead of offering a seat', async () => {
  await show(room({}, { djType: 'INVITE_ONLY' }));
  expect(await screen.findByTestId('seat-why')).toBeTruthy();
  expect(screen.getByText(/invite-only/)).toBeTruthy();
  expect(screen.queryByTestId('seat-take')).toBeNull();
});

test("the room's refusal of a seat is shown in the server's words", async () => {
  mockSession.roomAction.mockRejectedValueOnce(
    new ActionError('No free DJ seat', false, 'ROOM_NO_SEAT'),
  );
  await show(room());
  await fireEvent.press(await screen.findByTestId('seat-take'));
  expect(await screen.findByText('No free DJ seat')).toBeTruthy();
});

test('ROOM-RULES-9, ROOM-RULES-2: a room rule’s refusal of a seat reads in the phone’s language', async () => {
  mockSession.roomAction.mockRejectedValueOnce(
    new ActionError(
      'The seat line is frozen: nobody new may take a seat right now',
      false,
      'ROOM_RULE_BOOTH_FROZEN',
    ),
  );
  await act(async () => void (await i18n.changeLanguage('es')));
  try {
    await show(room());
    await fireEvent.press(await screen.findByTestId('seat-take'));
    expect(
      await screen.findByText(
        'La fila de asientos está congelada: ahora nadie nuevo puede tomar un asiento',
      ),
    ).toBeTruthy();
  } finally {
    await act(async () => void (await i18n.changeLanguage('en')));
  }
  mockSession.roomAction.mockRejectedValueOnce(
    new ActionError('server words', false, 'ROOM_RULE_REPEAT'),
  );
  await fireEvent.press(await screen.findByTestId('seat-take'));
  expect(await screen.findByText('This song was played here too recently')).toBeTruthy();
});
