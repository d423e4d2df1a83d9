import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { crateEndpoints, roomEndpoints, specialCrateEndpoints, type CrateDto } from '@tt/protocol';
import { providerSong } from '../../server/src/services/playlist/crates/test-kit';
import {
  addHarbor,
  startPlaylistWorld,
  type PlaylistWorld,
} from '../../server/src/services/playlist/test-kit';
import { spotifyTrack } from '../../server/test/fakes/spotify';
import { shot } from './search-upload.support';
import { ensureWebBuilt, launchBrowser, signedInPage, waitFor, WEB_DIST } from './support';

/** The crate screens against the real server, with every music provider a local fake. */
describe('web: crates', () => {
  let w: PlaylistWorld;
  let browser: Browser;

  beforeAll(async () => {
    await ensureWebBuilt();
    w = await startPlaylistWorld({ WEB_DIST });
    addHarbor(w);
    w.spotify.tracks.set(
      'harborNightsSpotify001',
      spotifyTrack('harborNightsSpotify001', {
        name: 'Harbor Nights',
        artists: [{ id: 'nova', name: 'Nova Lights' }],
        duration_ms: 180_000,
      }),
    );
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await w?.close();
  });

  async function open(token: string, width = 1280): Promise<Page> {
    const page = await signedInPage(browser, token, width);
    // Nothing leaves this machine: provider art is refused.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (r) => r.abort());
    return page;
  }
  const titles = (page: Page) => page.getByTestId('crate-song-title').allTextContents();

  it('creates a crate, adds from search, reorders by keyboard, removes, renames and copies', async () => {
    const dj = await w.s.createUser({ nickname: 'Crate Digger' });
    const api = w.s.as(dj.token);
    const page = await open(dj.token);
    await page.goto(`${w.s.url}/rooms`);
    await page.getByTestId('nav-crates').click();
    await page.getByTestId('crate-title').getByText('Queue').waitFor();

    await page.getByTestId('crate-new').click();
    await page.getByTestId('crate-title').getByText('New Playlist #1').waitFor();
    await page.getByTestId('crate-empty').waitFor();
    const crateUuid = page.url().split('/').at(-1)!;

    // Add from search: the Spotify tab finds both songs; each "Add" puts one at the bottom.
    await page.getByTestId('crate-add-songs').click();
    await page.getByTestId('search-tab-spotify').click();
    await page.getByTestId('song-search-input').fill('harbor');
    const results = page.getByTestId('search-result');
    await results
      .filter({ hasText: 'Midnight Harbor' })
      .getByRole('button', { name: /^Add/ })
      .click();
    await page.getByTestId('crate-song-title').getByText('Midnight Harbor').waitFor();
    await results
      .filter({ hasText: 'Harbor Nights' })
      .getByRole('button', { name: /^Add/ })
      .click();
    await page.getByTestId('crate-count').getByText('2 songs').waitFor();
    await waitFor(async () => {
      const res = await api.call(crateEndpoints.songs, { params: { id: crateUuid }, query: {} });
      return res.total === 2 ? true : undefined;
    }, 'both songs on the server');
    expect(await titles(page)).toEqual(['Midnight Harbor', 'Harbor Nights']);
    await shot(page, 'crates-desktop');

    // Keyboard reorder: Alt+↓ on the first row moves it down, focus stays with it.
    await page.getByTestId('crate-song-check').first().focus();
    await page.keyboard.press('Alt+ArrowDown');
    await waitFor(
      async () => ((await titles(page))[0] === 'Harbor Nights' ? true : undefined),
      'the reorder on the page',
    );
    const moved = await waitFor(async () => {
      const res = await api.call(crateEndpoints.songs, { params: { id: crateUuid }, query: {} });
      return res.songs[0]?.trackName === 'Harbor Nights' ? res.songs : undefined;
    }, 'the reorder on the server');
    expect(moved.map((s) => [s.trackName, s.position])).toEqual([
      ['Harbor Nights', 0],
      ['Midnight Harbor', 1],
    ]);
    // The move-up button does the same from the keyboard (Enter on a focused button).
    await page.getByRole('button', { name: 'Move Midnight Harbor – Nova Lights up' }).focus();
    await page.keyboard.press('Enter');
    await waitFor(
      async () => ((await titles(page))[0] === 'Midnight Harbor' ? true : undefined),
      'the move-up on the page',
    );

    // Remove one song: it leaves the list at once and the server.
    await page.getByRole('button', { name: 'Remove Harbor Nights – Nova Lights' }).click();
    await page.getByTestId('crate-count').getByText('1 song').waitFor();
    expect(await titles(page)).toEqual(['Midnight Harbor']);
    await waitFor(async () => {
      const c = await api.call(crateEndpoints.get, { params: { id: crateUuid } });
      return c.crateSongsNumber === 1 ? true : undefined;
    }, 'the removal on the server');

    // CRATE-UNDO-1: Undo puts it back where it was; then it goes again.
    await page.getByTestId('crate-undo').click();
    await page.getByTestId('crate-count').getByText('2 songs').waitFor();
    expect(await titles(page)).toEqual(['Midnight Harbor', 'Harbor Nights']);
    await waitFor(async () => {
      const c = await api.call(crateEndpoints.get, { params: { id: crateUuid } });
      return c.crateSongsNumber === 2 ? true : undefined;
    }, 'the song back on the server');
    await page.getByRole('button', { name: 'Remove Harbor Nights – Nova Lights' }).click();
    await page.getByTestId('crate-count').getByText('1 song').waitFor();

    // Rename: the title, the sidebar and the server follow.
    await page.getByTestId('crate-rename').click();
    await page.getByTestId('crate-name-input').fill('Late Night Set');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByTestId('crate-title').getByText('Late Night Set').waitFor();
    await page.getByTestId('crates-list').getByText('Late Night Set').waitFor();
    const renamed = await api.call(crateEndpoints.get, { params: { id: crateUuid } });
    expect(renamed.crateName).toBe('Late Night Set');

    // The phone layout: everything in one column, nothing wider than the screen.
    const phone = await open(dj.token, 390);
    await phone.goto(`${w.s.url}/crates/${crateUuid}`);
    await phone.getByTestId('crate-song-title').getByText('Midnight Harbor').waitFor();
    const overflow = await phone.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await shot(phone, 'crates-phone');
    await phone.context().close();

    // Copy: a new crate with the same songs, opened at once; then back to the original.
    await page.getByTestId('crate-copy').click();
    await page.getByTestId('crate-title').getByText('Late Night Set (copy)').waitFor();
    await page.getByTestId('crate-song-title').getByText('Midnight Harbor').waitFor();
    expect(page.url()).not.toContain(crateUuid);
    await page.getByTestId('crates-list').getByText('Late Night Set', { exact: true }).click();
    await page.getByTestId('crate-title').getByText('Late Night Set', { exact: true }).waitFor();

    // Delete, after confirming.
    await page.getByTestId('crate-delete').click();
    await page.getByTestId('crate-delete-confirm').click();
    await page.getByTestId('crate-title').getByText('Queue').waitFor();
    await expect(api.call(crateEndpoints.get, { params: { id: crateUuid } })).rejects.toMatchObject(
      { status: 404 },
    );
    await page.context().close();
  });

  it('adds the song playing in a room to the starred list from the now-playing card', async () => {
    const dj = await w.s.createUser({ nickname: 'Room DJ' });
    const fan = await w.s.createUser({ nickname: 'Fan' });
    const room = await w.s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Crate Hall', design: 'FESTIVAL' } });
    const djPage = await open(dj.token);
    await djPage.goto(`${w.s.url}/rooms/${room.slug}`);
    await djPage.getByTestId('search-tab-spotify').click();
    await djPage.getByTestId('song-search-input').fill('harbor');
    await djPage
      .getByTestId('search-result')
      .filter({ hasText: 'Midnight Harbor' })
      .getByRole('button', { name: /^Choose/ })
      .click();
    await djPage.getByTestId('take-seat').click();
    await djPage.getByTestId('np-title').getByText('Midnight Harbor').waitFor();

    for (const width of [1280, 390]) {
      const page = await open(fan.token, width);
      await page.goto(`${w.s.url}/rooms/${room.slug}`);
      await page.getByTestId('np-title').getByText('Midnight Harbor').waitFor();
      await page.getByTestId('add-to-crate').click();
      await page.getByTestId('add-to-likes').click();
      const expected = width === 1280 ? 'Added to Starred' : 'Already in Starred';
      const note = page.getByTestId('add-to-crate-note');
      await note.waitFor();
      expect(await note.textContent()).toBe(expected);
      await shot(page, `crates-room-add-${width}`);
      await page.context().close();
    }
    const likes = await w.s
      .as(fan.token)
      .call(specialCrateEndpoints.songs, { params: { special: 'likes' }, query: {} });
    expect(likes.songs.map((x) => x.trackName)).toEqual(['Midnight Harbor']);
    await djPage.context().close();
  });

  it('reorders by drag and drop, and rolls an add and a reorder back when the server refuses them', async () => {
    const dj = await w.s.createUser({ nickname: 'Unlucky' });
    const api = w.s.as(dj.token);
    const crate = await api.call(crateEndpoints.create, { body: { crateName: 'Two Songs' } });
    await api.call(crateEndpoints.addSongs, {
      params: { id: crate.crateUuid },
      body: { songs: [providerSong(1), providerSong(2)] },
    });
    const page = await open(dj.token);
    await page.goto(`${w.s.url}/crates/${crate.crateUuid}`);
    await page.getByTestId('crate-song-title').getByText('Track 2', { exact: true }).waitFor();

    // Drag and drop: the second song dropped on the first goes to the top.
    const rows = page.getByTestId('crate-song');
    await rows.nth(1).dragTo(rows.nth(0));
    await waitFor(
      async () => ((await titles(page))[0] === 'Track 2' ? true : undefined),
      'the drop on the page',
    );
    await waitFor(async () => {
      const res = await api.call(crateEndpoints.songs, {
        params: { id: crate.crateUuid },
        query: {},
      });
      return res.songs[0]?.trackName === 'Track 2' ? true : undefined;
    }, 'the drop on the server');

    // The server fails every change of this crate's songs (a 500 shows the generic message).
    const refused: string[] = [];
    await page.route(/\/crate\/[^/]+\/songs(\/.*)?$/, async (r) => {
      if (r.request().method() === 'GET') return r.continue();
      refused.push(r.request().method());
      await r.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 500, message: 'boom', error: 'Internal Server Error' }),
      });
    });
    await page.getByTestId('crate-song-down').first().click();
    await page.getByRole('alert').getByText('Something went wrong, please try again').waitFor();
    expect(refused).toEqual(['PUT']);
    expect(await titles(page)).toEqual(['Track 2', 'Track 1']);

    await page.getByTestId('crate-add-songs').click();
    await page.getByTestId('search-tab-spotify').click();
    await page.getByTestId('song-search-input').fill('harbor');
    await page
      .getByTestId('search-result')
      .filter({ hasText: 'Midnight Harbor' })
      .getByRole('button', { name: /^Add/ })
      .click();
    // The song showed at once, then left when the server refused it.
    await waitFor(async () => (refused.length === 2 ? true : undefined), 'the refused add');
    await waitFor(
      async () => ((await titles(page)).length === 2 ? true : undefined),
      'the add to roll back',
    );
    expect(await titles(page)).toEqual(['Track 2', 'Track 1']);
    await page.getByTestId('crate-count').getByText('2 songs').waitFor();
    const page1 = await api.call(crateEndpoints.songs, {
      params: { id: crate.crateUuid },
      query: {},
    });
    expect(page1.songs.map((x) => x.trackName)).toEqual(['Track 2', 'Track 1']);
    await page.context().close();
  });

  it('shows a 10,000-song crate a window at a time, paging as it scrolls; shift-click selects a range', async () => {
    const dj = await w.s.createUser({ nickname: 'Big Crate' });
    const api = w.s.as(dj.token);
    const crate: CrateDto = await api.call(crateEndpoints.create, {
      body: { crateName: 'Everything' },
    });
    for (let batch = 0; batch < 20; batch++) {
      const songs = Array.from({ length: 500 }, (_, i) => providerSong(batch * 500 + i));
      await api.call(crateEndpoints.addSongs, { params: { id: crate.crateUuid }, body: { songs } });
    }
    const page = await open(dj.token);
    const offsets: string[] = [];
    page.on('request', (r) => {
      const m = /\/crate\/[^/]+\/songs\?(.*)$/.exec(r.url());
      if (m) offsets.push(new URLSearchParams(m[1]).get('offset') ?? '');
    });
    await page.goto(`${w.s.url}/crates/${crate.crateUuid}`);
    await page.getByTestId('crate-count').getByText('10,000 songs').waitFor();
    await page.getByTestId('crate-song-title').getByText('Track 0', { exact: true }).waitFor();
    // Only the rows in view are in the page.
    const rendered = await page.getByTestId('crate-songs').locator('li').count();
    expect(rendered).toBeGreaterThan(5);
    expect(rendered).toBeLessThan(60);

    // Scrolled to the end, the last page (offset 9,900) loads and the last song shows.
    await page.getByTestId('crate-songs').evaluate((el) => {
      el.scrollTop = el.scrollHeight;
    });
    await page.getByTestId('crate-song-title').getByText('Track 9999', { exact: true }).waitFor();
    expect(offsets).toContain('9900');
    expect(offsets).not.toContain('4800');
    expect(await page.getByTestId('crate-songs').locator('li').count()).toBeLessThan(60);

    // Back at the top: select row 1, shift-click row 4, and remove the four.
    await page.getByTestId('crate-songs').evaluate((el) => {
      el.scrollTop = 0;
    });
    await page.getByTestId('crate-song-title').getByText('Track 0', { exact: true }).waitFor();
    const checks = page.getByTestId('crate-song-check');
    await checks.nth(0).click();
    await checks.nth(3).click({ modifiers: ['Shift'] });
    await page.getByTestId('crate-remove-selected').getByText('Remove 4 songs').click();
    await page.getByTestId('crate-count').getByText('9,996 songs').waitFor();
    expect((await titles(page))[0]).toBe('Track 4');
    await waitFor(async () => {
      const c = await api.call(crateEndpoints.get, { params: { id: crate.crateUuid } });
      return c.crateSongsNumber === 9_996 ? true : undefined;
    }, 'the removals on the server');
    await page.context().close();
  });
});
