import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { crateEndpoints } from '@tt/protocol';
import {
  addHarbor,
  startPlaylistWorld,
  type PlaylistWorld,
} from '../../server/src/services/playlist/test-kit';
import { spotifyTrack } from '../../server/test/fakes/spotify';
import { shot } from './search-upload.support';
import { ensureWebBuilt, launchBrowser, signedInPage, waitFor, WEB_DIST } from './support';

/** A 22-character Spotify id that search finds and the track lookup then no longer knows. */
const VANISHING = 'VanishingSongSpotify01';

/**
 * CRATE-IMPORT-2: a song found at a provider is imported to the catalogue before it goes into a
 * crate, against the real server with every provider a local fake.
 */
describe('web: import before add', () => {
  let w: PlaylistWorld;
  let browser: Browser;
  // E2E_WEB_DIST: a build of the web app elsewhere than apps/web/dist (optional).
  const dist = process.env.E2E_WEB_DIST ?? WEB_DIST;

  beforeAll(async () => {
    if (!process.env.E2E_WEB_DIST) await ensureWebBuilt();
    w = await startPlaylistWorld({ WEB_DIST: dist });
    addHarbor(w);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  async function open(token: string, lang = 'en', width = 1280): Promise<Page> {
    const page = await signedInPage(browser, token, width);
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (r) => r.abort());
    await page.addInitScript((l) => localStorage.setItem('locale', l), lang);
    return page;
  }

  async function searchSpotify(page: Page, crateUuid: string, q: string) {
    await page.goto(`${w.s.url}/crates/${crateUuid}`);
    await page.getByTestId('crate-add-songs').click();
    await page.getByTestId('search-tab-spotify').click();
    await page.getByTestId('song-search-input').fill(q);
  }

  it('adds a Spotify song from search as a catalogue song with its data', async () => {
    const dj = await w.s.createUser({ nickname: 'Importing DJ' });
    const api = w.s.as(dj.token);
    const crate = await api.call(crateEndpoints.create, { body: { crateName: 'Imported' } });
    const page = await open(dj.token);
    await searchSpotify(page, crate.crateUuid, 'harbor');
    await page
      .getByTestId('search-result')
      .filter({ hasText: 'Midnight Harbor' })
      .getByRole('button', { name: /^Add/ })
      .click();
    await page.getByTestId('crate-song-title').getByText('Midnight Harbor').waitFor();
    await page.getByTestId('crate-count').getByText('1 song').waitFor();
    // On the server: the catalogue song, complete, not a raw entry waiting for its data.
    const [song] = await waitFor(async () => {
      const res = await api.call(crateEndpoints.songs, {
        params: { id: crate.crateUuid },
        query: {},
      });
      return res.total === 1 ? res.songs : undefined;
    }, 'the song on the server');
    expect(song).toMatchObject({ trackName: 'Midnight Harbor', status: 'SUCCESS' });
    expect(song!.songShortId).toBeTruthy();
    expect(song!.songId).toBeGreaterThan(0);
    // Read again, the page shows it as the catalogue has it.
    await page.reload();
    await page.getByTestId('crate-song-title').getByText('Midnight Harbor').waitFor();
    await shot(page, 'import-before-add-desktop');
  });

  for (const [lang, text] of [
    ['en', "Sorry, this song is not in our catalog and can't be imported."],
    ['es', 'Lo sentimos, esta canción no está en nuestro catálogo y no se puede importar.'],
  ] as const) {
    it(`says "Sorry, …" (${lang}) and adds nothing when the song cannot be imported`, async () => {
      w.spotify.tracks.set(
        VANISHING,
        spotifyTrack(VANISHING, {
          name: 'Vanishing Song',
          artists: [{ id: 'g', name: 'Ghost Band' }],
        }),
      );
      const dj = await w.s.createUser();
      const api = w.s.as(dj.token);
      const crate = await api.call(crateEndpoints.create, { body: { crateName: 'Stays empty' } });
      const page = await open(dj.token, lang, lang === 'es' ? 390 : 1280);
      await searchSpotify(page, crate.crateUuid, 'vanishing');
      const result = page.getByTestId('search-result').filter({ hasText: 'Vanishing Song' });
      await result.waitFor();
      // Gone at Spotify between the search and the add: the import is refused (404).
      w.spotify.tracks.delete(VANISHING);
      await result.getByRole('button').last().click();
      await page.getByRole('alert').getByText(text).waitFor();
      await page.getByTestId('crate-empty').waitFor();
      const res = await api.call(crateEndpoints.songs, {
        params: { id: crate.crateUuid },
        query: {},
      });
      expect(res.total).toBe(0);
      await shot(page, `import-before-add-refused-${lang}`);
    });
  }
});
