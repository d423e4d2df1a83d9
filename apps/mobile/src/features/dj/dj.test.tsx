import { fireEvent, renderRouter, screen, waitFor, within } from 'expo-router/testing-library';
import RootLayout from '../../../app/_layout';
import Crate from '../../../app/dj/crate/[id]';
import Search from '../../../app/dj/search';
import { queryClient } from '../../lib/queryClient';
import { crateOf, fakeFetch } from './testing';

jest.mock('../../lib/session', () =>
  jest.requireActual<typeof import('./testing')>('./testing').signedInSession(),
);
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));

const CRATE = 'c0ffee00-0000-4000-8000-000000000001';

const song = (n: number, trackName: string) => ({
  crateSongUuid: `00000000-0000-4000-8000-00000000000${n}`,
  position: n - 1,
  songId: n,
  songShortId: `s${n}`,
  isrc: null,
  trackName,
  artistName: 'Velvet Lanterns',
  duration: 200,
  explicit: false,
  genre: null,
  musicProviders: { spotify: `sp${n}` },
  thumbnails: {},
  previews: [],
  playbackToken: null,
  status: 'SUCCESS',
});
const crateDto = (name: string, count: number) => crateOf(CRATE, name, count);

/** The queue as the server keeps it: moves change its order. */
let queue = [song(1, 'Rooftop Hours'), song(2, 'Neon Tide'), song(3, 'Slow Fade')];

const api = fakeFetch((url, method, body) => {
  if (url.endsWith('/search/sources'))
    return [200, { sources: ['uploadService', 'spotify'], searchV2: false }];
  if (url.includes('/search?'))
    return [
      200,
      {
        songs: [
          {
            ...song(7, 'Rooftop Hours'),
            id: 7,
            links: {},
            streamUrls: {},
            albumName: null,
            releaseYear: null,
          },
        ],
        next: null,
      },
    ];
  if (url.includes('/crate/user?')) return [200, { crates: [crateDto('Sunday Set', 0)], count: 1 }];
  if (method === 'POST' && url.endsWith(`/crate/${CRATE}/songs`))
    return [
      201,
      { added: [song(7, 'Rooftop Hours')], duplicates: 0, crate: crateDto('Sunday Set', 1) },
    ];
  const moving = url.match(/\/crate\/special\/queue\/songs\/([^/]+)\/position$/);
  if (method === 'PUT' && moving) {
    const at = queue.findIndex((s) => s.crateSongUuid === moving[1]);
    const [it] = queue.splice(at, 1);
    queue.splice((body as { newPosition: number }).newPosition, 0, it!);
    return [200, crateDto('default', queue.length)];
  }
  if (url.includes('/crate/special/queue/songs'))
    return [
      200,
      { songs: queue.map((s, position) => ({ ...s, position })), total: queue.length, next: null },
    ];
  if (url.endsWith('/crate/special/queue'))
    return [200, { ...crateDto('default', queue.length), special: 'queue' }];
  return [200, {}];
});

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(() => queryClient.clear());

test('search finds a song on a source tab and adds it to one of my crates', async () => {
  await renderRouter({ _layout: RootLayout, 'dj/search': Search }, { initialUrl: '/dj/search' });
  expect(await screen.findByTestId('search-tab-spotify')).toBeTruthy();
  await fireEvent.changeText(screen.getByTestId('song-search-input'), 'rooftop');

  const result = await screen.findByTestId('search-result');
  expect(within(result).getByText('Rooftop Hours')).toBeTruthy();
  expect(api.seen.find((r) => r.url.includes('/search?'))?.url).toContain('source=uploadService');

  await fireEvent.press(within(result).getByRole('button'));
  await fireEvent.press(await screen.findByTestId(`pick-${CRATE}`));

  expect(await screen.findByText('“Rooftop Hours” added to Sunday Set')).toBeTruthy();
  const added = api.seen.find(
    (r) => r.method === 'POST' && r.url.endsWith(`/crate/${CRATE}/songs`),
  );
  expect(added?.body).toMatchObject({
    songs: [{ trackName: 'Rooftop Hours', musicProviders: { spotify: 'sp7' }, songShortId: 's7' }],
  });
});

test('the queue is reordered with the move buttons (down, to the top)', async () => {
  queue = [song(1, 'Rooftop Hours'), song(2, 'Neon Tide'), song(3, 'Slow Fade')];
  await renderRouter(
    { _layout: RootLayout, 'dj/crate/[id]': Crate },
    { initialUrl: '/dj/crate/queue' },
  );
  const order = () =>
    [0, 1, 2].map(
      (i) => within(screen.getByTestId(`crate-song-${i}`)).getByTestId('song-title').props.children,
    );

  expect(await screen.findByTestId('crate-song-2')).toBeTruthy();
  expect(order()).toEqual(['Rooftop Hours', 'Neon Tide', 'Slow Fade']);
  expect(screen.getByTestId('crate-active')).toBeTruthy();

  await fireEvent.press(screen.getByTestId('crate-down-0'));
  await waitFor(() => expect(order()).toEqual(['Neon Tide', 'Rooftop Hours', 'Slow Fade']));
  expect(api.seen.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
    { newPosition: 1 },
  ]);

  await fireEvent.press(screen.getByTestId('crate-top-2'));
  await waitFor(() => expect(order()).toEqual(['Slow Fade', 'Neon Tide', 'Rooftop Hours']));
  expect(api.seen.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([
    { newPosition: 1 },
    { newPosition: 0 },
  ]);
});
