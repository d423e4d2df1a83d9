import { fireEvent, renderRouter, screen, within } from 'expo-router/testing-library';
import RootLayout from '../../../app/_layout';
import Search from '../../../app/dj/search';
import { i18n } from '../../i18n';
import { queryClient } from '../../lib/queryClient';
import { crateOf, fakeFetch } from './testing';

jest.mock('../../lib/session', () =>
  jest.requireActual<typeof import('./testing')>('./testing').signedInSession(),
);
jest.mock('expo-notifications', () => jest.requireActual('../../testing/notifications-mock'));

const CRATE = 'c0ffee00-0000-4000-8000-000000000002';

/** A Spotify search result not in our catalogue yet (no short id). */
const found = {
  id: 0,
  trackName: 'Harbor Lights',
  artistName: 'Nova Lights',
  genre: null,
  duration: 200,
  isrc: 'USNL12400009',
  explicit: false,
  musicProviders: { spotify: 'HarborLightsSpotify001' },
  thumbnails: {},
  links: {},
  previews: [],
  streamUrls: {},
  albumName: null,
  releaseYear: null,
};
const crateDto = (count: number) => crateOf(CRATE, 'Night Set', count);

/** How the catalogue answers the import: the song, or a refusal below 500. */
let importable = true;

const api = fakeFetch((url, method) => {
  if (url.endsWith('/search/sources')) return [200, { sources: ['spotify'], searchV2: false }];
  if (url.includes('/search?')) return [200, { songs: [found], next: null }];
  if (url.includes('/crate/user?')) return [200, { crates: [crateDto(0)], count: 1 }];
  if (method === 'POST' && url.endsWith('/api/v1/track-import')) {
    return importable
      ? [200, { created: true, song: { ...found, id: 41, songShortId: 'imp41' } }]
      : [404, { statusCode: 404, error: 'Not Found', message: 'This song was not found.' }];
  }
  if (method === 'POST' && url.endsWith(`/crate/${CRATE}/songs`)) {
    const added = { ...found, songId: 41, songShortId: 'imp41', status: 'SUCCESS' };
    return [201, { added: [added], duplicates: 0, crate: crateDto(1) }];
  }
  return [200, {}];
});

beforeAll(() => {
  globalThis.fetch = api.fetch;
});
afterEach(async () => {
  queryClient.clear();
  api.seen.length = 0;
  importable = true;
  await i18n.changeLanguage('en');
});

async function addFromSearch() {
  await renderRouter({ _layout: RootLayout, 'dj/search': Search }, { initialUrl: '/dj/search' });
  await fireEvent.changeText(await screen.findByTestId('song-search-input'), 'harbor');
  const result = await screen.findByTestId('search-result');
  await fireEvent.press(within(result).getByRole('button'));
  await fireEvent.press(await screen.findByTestId(`pick-${CRATE}`));
}

const crateAdds = () =>
  api.seen.filter((r) => r.method === 'POST' && r.url.endsWith(`/crate/${CRATE}/songs`));

test('CRATE-IMPORT-2: a provider song is imported, then the catalogue song is added', async () => {
  await addFromSearch();
  expect(await screen.findByText('“Harbor Lights” added to Night Set')).toBeTruthy();
  const imported = api.seen.find((r) => r.url.endsWith('/api/v1/track-import'));
  expect(imported?.body).toEqual({
    musicProvider: 'spotify',
    providerId: 'HarborLightsSpotify001',
  });
  expect(crateAdds().map((r) => r.body)).toEqual([{ songs: [{ songShortId: 'imp41' }] }]);
});

test('CRATE-IMPORT-2: a refused import says "Sorry, …" and adds nothing', async () => {
  importable = false;
  await addFromSearch();
  expect(
    await screen.findByText("Sorry, this song is not in our catalog and can't be imported."),
  ).toBeTruthy();
  expect(crateAdds()).toHaveLength(0);
});

test('CRATE-IMPORT-2: the refusal in Spanish', async () => {
  importable = false;
  await i18n.changeLanguage('es');
  await addFromSearch();
  expect(
    await screen.findByText(
      'Lo sentimos, esta canción no está en nuestro catálogo y no se puede importar.',
    ),
  ).toBeTruthy();
  expect(crateAdds()).toHaveLength(0);
});
