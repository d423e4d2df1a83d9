import { fireEvent, renderRouter, screen, waitFor } from 'expo-router/testing-library';
import { Text } from 'react-native';
import RootLayout from '../../../app/_layout';
import Home from '../../../app/index';
import { queryClient } from '../../lib/queryClient';
import { roomsToShow, slugFromLink } from './model';

const room = (over: Record<string, unknown>) => ({
  uuid: String(over.slug),
  name: String(over.slug),
  numberOfUsersInRoom: 0,
  numberOfActiveDjs: 0,
  promoted: false,
  isPasswordProtected: false,
  song: null,
  ...over,
});

const QUIET = room({ slug: 'quiet-corner', name: 'Quiet Corner' });
const LIVE = room({
  slug: 'deep-house',
  name: 'Deep House Den',
  numberOfUsersInRoom: 3,
  numberOfActiveDjs: 1,
  song: { artistName: 'Velvet Lanterns', trackName: 'Rooftop Hours' },
});
const PROMOTED = room({
  slug: 'yacht',
  name: 'Sunset Yacht',
  promoted: true,
  numberOfUsersInRoom: 1,
});

const answers: Record<string, unknown> = {
  '/rooms/public': { total: 2, rooms: [QUIET, LIVE] },
  '/rooms/promoted-rooms': [PROMOTED],
  '/events/upcoming': { total: 0, events: [] },
  '/communities': {
    total: 1,
    communities: [
      { uuid: 'c1', slug: 'residents', name: 'The Residents', memberCount: 4, roomCount: 3 },
    ],
  },
};

const fetchMock = jest.fn(async (url: string) => {
  const path = new URL(url).pathname.replace(/^\/api\/[a-z]+-service/, '');
  return {
    ok: true,
    status: 200,
    statusText: 'OK',
    headers: { get: () => 'application/json' },
    text: async () => JSON.stringify(answers[path] ?? {}),
  };
});

beforeAll(() => {
  globalThis.fetch = fetchMock as unknown as typeof fetch;
});

afterEach(() => queryClient.clear());

function RoomStub() {
  return <Text>room screen</Text>;
}

test('lists live rooms first with the promoted one, then events and communities', async () => {
  await renderRouter(
    {
      _layout: RootLayout,
      index: Home,
      'messages/index': RoomStub,
      'notifications/index': RoomStub,
      'profile/index': RoomStub,
      'room/[slug]': RoomStub,
    },
    { initialUrl: '/' },
  );
  expect(await screen.findByText('Deep House Den')).toBeTruthy();
  expect(await screen.findByText('Sunset Yacht')).toBeTruthy();
  const names = screen
    .getAllByTestId(/^room-/)
    .map((node) => node.props.testID as string)
    .filter((id) => id !== 'rooms-list' && id !== 'rooms-search');
  expect(names).toEqual(['room-deep-house', 'room-yacht', 'room-quiet-corner']);
  expect(screen.getByText('Promoted')).toBeTruthy();
  expect(screen.getAllByText('The decks are quiet')).toHaveLength(2);
  expect(await screen.findByText('The Residents')).toBeTruthy();
  expect(screen.getByText('No events planned yet')).toBeTruthy();
  // The four tabs.
  for (const tab of ['Rooms', 'Messages', 'Notifications', 'Profile']) {
    expect(screen.getAllByText(tab).length).toBeGreaterThan(0);
  }
});

test('search keeps the rooms whose name or song matches', async () => {
  await renderRouter({ _layout: RootLayout, index: Home }, { initialUrl: '/' });
  await screen.findByText('Deep House Den');
  await fireEvent.changeText(screen.getByTestId('rooms-search'), 'rooftop');
  await waitFor(() => expect(screen.queryByText('Quiet Corner')).toBeNull());
  expect(screen.getByText('Deep House Den')).toBeTruthy();
  await fireEvent.changeText(screen.getByTestId('rooms-search'), 'nothing like it');
  expect(await screen.findByTestId('rooms-empty')).toBeTruthy();
  expect(screen.getByText(/No room matches/)).toBeTruthy();
});

test('tapping a room opens /room/<slug>', async () => {
  const router = renderRouter(
    { _layout: RootLayout, index: Home, 'room/[slug]': RoomStub },
    { initialUrl: '/' },
  );
  await router;
  await fireEvent.press(await screen.findByTestId('room-deep-house'));
  expect(await screen.findByText('room screen')).toBeTruthy();
  expect(router.getPathname()).toBe('/room/deep-house');
});

test('room order and links', () => {
  expect(roomsToShow([PROMOTED, LIVE] as never, [QUIET, LIVE] as never).map((r) => r.slug)).toEqual(
    ['deep-house', 'yacht', 'quiet-corner'],
  );
  expect(slugFromLink('turntable://rooms/Late-Night')).toBe('late-night');
  expect(slugFromLink('https://turntable.example/rooms/late-night?x=1')).toBe('late-night');
  expect(slugFromLink('https://turntable.example/profile')).toBeNull();
});
