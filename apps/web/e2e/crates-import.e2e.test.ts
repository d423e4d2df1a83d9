import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { crateEndpoints } from '@tt/protocol';
import {
  startPlaylistWorld,
  type PlaylistWorld,
} from '../../server/src/services/playlist/test-kit';
import { spotifyTrack } from '../../server/test/fakes/spotify';
import { ensureWebBuilt, launchBrowser, signedInPage, waitFor, WEB_DIST } from './support';

/** "Import playlist" on the crates screen, against the real server and a local Spotify. */
describe('web: crate import', () => {
  let w: PlaylistWorld;
  let browser: Browser;
  // E2E_WEB_DIST: a build of the web app elsewhere than apps/web/dist (optional).
  const dist = process.env.E2E_WEB_DIST ?? WEB_DIST;

  beforeAll(async () => {
    if (!process.env.E2E_WEB_DIST) await ensureWebBuilt();
    w = await startPlaylistWorld({ WEB_DIST: dist });
    for (const n of [1, 2, 3]) {
      w.spotify.tracks.set(
        `imp${n}`,
        spotifyTrack(`imp${n}`, {
          name: `Imported song ${n}`,
          artists: [{ id: 'a', name: 'Link Band' }],
        }),
      );
    }
    w.spotify.playlists.set('37i9dQZF1DX0XUsuxWHRQd', ['imp2', 'imp1', 'imp3']);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  it('imports a Spotify playlist from its link into a new crate', async () => {
    const user = await w.s.createUser({ nickname: 'Importer' });
    const page = await signedInPage(browser, user.token, 1280);
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (r) => r.abort());
    await page.goto(`${w.s.url}/crates`);
    await page.getByTestId('crate-import').click();
    const dialog = page.getByTestId('crate-import-dialog');
    // A link that is not a playlist: the server's message, and the dialog stays open.
    await page.getByTestId('crate-import-link').fill('https://example.com/playlist/x');
    await page.getByTestId('crate-import-submit').click();
    await dialog
      .getByRole('alert')
      .getByText('This is not a playlist link of a supported music provider.')
      .waitFor();
    await page
      .getByTestId('crate-import-link')
      .fill('https://open.spotify.com/playlist/37i9dQZF1DX0XUsuxWHRQd');
    await dialog.getByLabel('Crate name (optional)').fill('From Spotify');
    await page.getByTestId('crate-import-submit').click();
    await page.getByTestId('crate-title').getByText('From Spotify').waitFor();
    const crateUuid = page.url().split('/').at(-1)!;
    const done = await waitFor(async () => {
      const c = await w.s.as(user.token).call(crateEndpoints.get, { params: { id: crateUuid } });
      return c.importStatus === 'COMPLETE' ? c : undefined;
    }, 'the import to end');
    expect(done.crateSongsNumber).toBe(3);
    // The screen polls while the crate is importing and shows the songs once it is done.
    await page.getByTestId('crate-count').getByText('3 songs').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('crate-song-title').allTextContents()).toEqual([
      'Imported song 2',
      'Imported song 1',
      'Imported song 3',
    ]);
  });
});
