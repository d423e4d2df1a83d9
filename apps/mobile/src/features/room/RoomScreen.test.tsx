import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import { SOCKET_ACTIONS } from '@tt/protocol';
import type { RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import RootLayout from '../../../app/_layout';
import Room from '../../../app/room/[slug]';
import { queryClient } from '../../lib/queryClient';

jest.mock('../player/RoomPlayer', () => ({ __esModule: true, default: () => null }));
/** The refusal that ended the session when the room asks (a ban in the kick test). */
let mockEnded: unknown = null;
jest.mock('../../lib/session', () => ({
  useSession: () => ({ kind: 'user', token: 'user-token', uuid: 'a', roles: [] }),
  bootstrapSession: async () => undefined,
  onBeforeSignOut: () => () => undefined,
  checkSession: async () => undefined,
  sessionEndedBy: () => mockEnded,
}));
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));

// The room session is mocked: entering fills the store with a room where a song plays.
jest.mock('./session'); // room/__mocks__/session.ts
const { roomStore: mockStore, roomSession: mockSession } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { [K in 'enterRoom' | 'leaveRoom' | 'roomAction' | 'activeRoomUuid']: jest.Mock };
}>('./session');

const ROOM = { uuid: 'room-1', slug: 'late-night', name: 'Late Night' };
const fetchMock = jest.fn(async (url: string, _init?: RequestInit) => ({
  ok: true,
  status: 200,
  statusText: 'OK',
  headers: { get: () => 'application/json' },
  text: async () => JSON.stringify(url.endsWith('/join') ? {} : ROOM),
}));

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});
afterEach(() => queryClient.clear());

test('joins the room, then shows the stage, the floor, the song and the votes; people in their section', async () => {
  const now = Date.now();
  mockSession.enterRoom.mockImplementation(() =>
    mockStore.setState({
      status: 'joined',
      serverTimeOffset: 0,
      state: sampleState({
        allUserData: {
          a: {
            userProfile: { uuid: 'a', nickname: 'Ana Beat', color: '#EC4899', avatarId: 'a1' },
            position: { x: 0, y: 0 },
            songVotes: {},
          },
          d: {
            userProfile: { uuid: 'd', nickname: 'DJ Nova', color: '#22D3EE', avatarId: 'd1' },
            position: { x: 0, y: 0 },
            songVotes: {},
          },
        } as never,
        visibleDjs: [
          { uuid: 'd', tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null },
        ] as never,
        djs: [
          { uuid: 'd', tokenRole: 'user', highestRole: undefined, canDj: true, nextSong: null },
        ] as never,
        nowPlaying: {
          song: {
            trackName: 'Rooftop Hours',
            artistName: 'Velvet Lanterns',
            duration: 200,
            thumbnails: {},
          },
          startTime: now - 65_000,
          endTime: now + 135_000,
        } as never,
        allUsers: [
          { uuid: 'a', tokenRole: 'user', highestRole: undefined, canDj: true },
          { uuid: 'd', tokenRole: 'user', highestRole: undefined, canDj: true },
        ] as never,
        vibeMeter: 0.75,
        voteCounts: { likes: 3, dislikes: 1, stars: 2 },
      }),
    }),
  );
  await renderRouter(
    { _layout: RootLayout, 'room/[slug]': Room },
    { initialUrl: '/room/late-night' },
  );

  expect(await screen.findByTestId('room-live')).toBeTruthy();
  expect(mockSession.enterRoom).toHaveBeenCalledWith({ slug: 'late-night', roomUuid: 'room-1' });
  expect(fetchMock).toHaveBeenCalledWith(
    'http://localhost:3000/api/room-service/rooms/late-night/join',
    expect.objectContaining({ method: 'POST' }),
  );
  expect(screen.getByText('Rooftop Hours')).toBeTruthy();
  expect(screen.getByTestId('position').props.children).toBe('1:05');
  expect(screen.getByText('75%')).toBeTruthy();
  expect(screen.getByTestId('dj-d')).toBeTruthy();
  expect(screen.getByTestId('floor-a')).toBeTruthy();

  await fireEvent.press(screen.getByTestId('vote-like'));
  // VOTE-PLAY-1: the vote names the play shown (its startTime).
  expect(mockSession.roomAction).toHaveBeenCalledWith(SOCKET_ACTIONS.voteOnSong, {
    songVotes: { like: true },
    playStartTime: now - 65_000,
  });

  // People: the list opens a person's card; blocking goes to the social service.
  await fireEvent.press(screen.getByTestId('room-tab-people'));
  expect(await screen.findByTestId('people-list')).toBeTruthy();
  expect(screen.queryByTestId('stage-djs')).toBeNull();
  await fireEvent.press(screen.getByTestId('person-d'));
  expect(await screen.findByTestId('person-card')).toBeTruthy();
  await fireEvent.press(screen.getByTestId('person-block'));
  await waitFor(() =>
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/\/blocked-users$/),
      expect.objectContaining({ method: 'POST' }),
    ),
  );
  expect(await screen.findByText('Blocked: you will not see each other')).toBeTruthy();
});

test('says when joining is refused', async () => {
  mockSession.enterRoom.mockImplementation(() =>
    mockStore.setState({ status: 'failed', state: null, error: 'The room is full' }),
  );
  await renderRouter(
    { _layout: RootLayout, 'room/[slug]': Room },
    { initialUrl: '/room/late-night' },
  );
  await waitFor(() => expect(screen.getByTestId('room-failed')).toBeTruthy());
  expect(screen.getByText('The room is full')).toBeTruthy();
});

test.each(['kicked', 'closed'] as const)(
  'SEC-SESSION-3: the room ended by a ban (%s), the screen says so and until when',
  async (status) => {
    // The store starts as a new one would: the status below is the one change this screen sees.
    mockStore.setState({ status: 'idle', state: null, kickReason: null });
    const { ApiError } = jest.requireActual<typeof import('@tt/api-client')>('@tt/api-client');
    mockEnded = new ApiError('/api/user-service/auth/session', 401, 'Unauthorized', {
      message: 'This account is banned until 2030-11-26T23:03:47.810Z',
      code: 'ACCOUNT_BANNED',
    });
    mockSession.enterRoom.mockImplementation(() =>
      mockStore.setState({ status, state: null, kickReason: status === 'kicked' ? 'spam' : null }),
    );
    await renderRouter(
      { _layout: RootLayout, 'room/[slug]': Room },
      { initialUrl: '/room/late-night' },
    );
    const until = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date('2030-11-26T23:03:47.810Z'),
    );
    expect((await screen.findByTestId('room-banned')).props.children).toBe(
      `You were signed out. Your account is banned until ${until}.`,
    );
    mockEnded = null;
  },
);
