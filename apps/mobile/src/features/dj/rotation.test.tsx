import { act, render, waitFor } from '@testing-library/react-native';
import { SOCKET_ACTIONS, type ClientRoomState } from '@tt/protocol';
import type { RoomStore } from '@tt/room-client';
import { sampleState } from '@tt/room-client/testing';
import { queryClient } from '../../lib/queryClient';
import { fakeFetch, Providers } from './testing';
import { useDjRotation } from './useDjRotation';

jest.mock('../room/session'); // room/__mocks__/session.ts
const { roomStore: mockStore, roomSession: mockSession } = jest.requireMock<{
  roomStore: RoomStore;
  roomSession: { roomAction: jest.Mock };
}>('../room/session');

const ME = 'aaaaaaaa-0000-4000-8000-00000000000a';
const OTHER = 'bbbbbbbb-0000-4000-8000-00000000000b';
jest.mock('../../lib/session', () => ({
  useSession: () => ({ kind: 'user', token: 't', uuid: ME, roles: ['user'] }),
}));

const song = (n: number, trackName: string) => ({
  crateSongUuid: `00000000-0000-4000-8000-00000000000${n}`,
  songId: n,
  songShortId: `s${n}`,
  isrc: null,
  trackName,
  artistName: 'Velvet Lanterns',
  duration: 200,
  explicit: false,
  genre: null,
  musicProviders: { uploadService: `s${n}` },
  thumbnails: {},
  previews: [],
  playbackToken: null,
  status: 'SUCCESS',
});
const queue = [song(1, 'Rooftop Hours'), song(2, 'Neon Tide'), song(3, 'Slow Fade')];
const api = fakeFetch((url, method, body) => {
  const moving = url.match(/\/crate\/special\/queue\/songs\/([^/]+)\/position$/);
  if (method === 'PUT' && moving) {
    const [it] = queue.splice(
      queue.findIndex((s) => s.crateSongUuid === moving[1]),
      1,
    );
    queue.splice((body as { newPosition: number }).newPosition, 0, it!);
    return [200, {}];
  }
  if (url.includes('/crate/special/queue/songs')) {
    const songs = queue.map((s, position) => ({ ...s, position }));
    return [200, { songs, total: queue.length, next: null }];
  }
  return [200, {}];
});

const user = (uuid: string, nextSong: unknown = null) => ({
  uuid,
  tokenRole: 'user',
  highestRole: undefined,
  canDj: true,
  nextSong,
});
const roomWith = (over: Partial<ClientRoomState>) =>
  sampleState({ settings: { uuid: 'room-1', roomRoles: [] } as never, ...over });
const setRoom = (over: Partial<ClientRoomState>) =>
  act(async () => mockStore.setState({ status: 'joined', state: roomWith(over) }));
const nextSongs = () =>
  mockSession.roomAction.mock.calls
    .filter(([def]) => def === SOCKET_ACTIONS.updateNextSong)
    .map(([, p]) => (p as { song: { trackName: string } }).song.trackName);

function Rotating() {
  useDjRotation();
  return null;
}

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(async () => {
  // Every answer has landed before the next test (no update after a test's end).
  await waitFor(() => expect(queryClient.isFetching()).toBe(0));
  await act(async () => queryClient.clear());
});

test('RR-ROT-5: my crate plays in order while I am in the booth; a played song goes to its bottom', async () => {
  await setRoom({ djs: [user(ME)] as never });
  await render(
    <Providers>
      <Rotating />
    </Providers>,
  );
  // Seated without a next song: the top of my queue becomes it.
  await waitFor(() => expect(nextSongs()).toEqual(['Rooftop Hours']));

  // My song starts (the room empties my next song): the following one is sent.
  const now = Date.now();
  const first = { ...song(1, 'Rooftop Hours') };
  await setRoom({
    djs: [user(ME)] as never,
    nowPlaying: { song: first, startTime: now, endTime: now + 200_000 } as never,
  });
  await waitFor(() => expect(nextSongs()).toEqual(['Rooftop Hours', 'Neon Tide']));

  // It has played and another DJ plays: it goes to the bottom of my queue.
  await setRoom({
    djs: [user(OTHER), user(ME, song(2, 'Neon Tide'))] as never,
    nowPlaying: {
      song: song(9, 'Other Song'),
      startTime: now + 200_000,
      endTime: now + 400_000,
    } as never,
  });
  await waitFor(() =>
    expect(api.seen.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
      { newPosition: 2 },
    ]),
  );
  await waitFor(() =>
    expect(queue.map((s) => s.trackName)).toEqual(['Neon Tide', 'Slow Fade', 'Rooftop Hours']),
  );
  // Neon Tide is already my next song: nothing more is sent.
  expect(nextSongs()).toEqual(['Rooftop Hours', 'Neon Tide']);
});
