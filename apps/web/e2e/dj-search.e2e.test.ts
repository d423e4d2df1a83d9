import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { roomEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { seedFixtureSongs } from '../../server/src/services/song/catalogue.fixtures';
import { launchBrowser, signedInPage, startServerWithWeb } from './support';

/** A new DJ's search: the catalogue before a term, forgiving matches, and Choose fills the queue. */
describe('web: a new DJ finds a song', () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    s = await startServerWithWeb();
    await seedFixtureSongs(s.app.platform.db);
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('SEARCH-EMPTY-1, SEARCH-FORGIVING-1/2, DJ-CHOOSE-1: catalogue and genres on an empty search, "lofi" and a typo find songs, Choose adds to the queue', async () => {
    const dj = await s.createUser({ nickname: 'DJ Newcomer' });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'First Hour', design: 'CLUB' } });
    const page = await signedInPage(browser, dj.token);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    const panel = page.getByTestId('dj-panel');
    const search = panel.getByTestId('song-search');
    // SEARCH-EMPTY-1: before typing, the catalogue and its genres.
    await search.getByTestId('search-suggestions').waitFor();
    await expect.poll(() => search.getByTestId('search-result').count()).toBeGreaterThan(5);
    await search.getByTestId('search-suggestion').filter({ hasText: 'Lo-fi' }).click();
    expect(await search.getByTestId('song-search-input').inputValue()).toBe('Lo-fi');
    await search.getByTestId('search-result').filter({ hasText: 'Kettle Steam' }).waitFor();

    // SEARCH-FORGIVING-1: "lofi" finds the Lo-fi songs; SEARCH-FORGIVING-2: so does a typo.
    await search.getByTestId('song-search-input').fill('lofi');
    await expect.poll(() => search.getByTestId('search-result').count()).toBe(3);
    await search.getByTestId('song-search-input').fill('kettel steam');
    const kettle = search.getByTestId('search-result').filter({ hasText: 'Kettle Steam' });
    await kettle.waitFor();

    // DJ-CHOOSE-1: Choose picks the song to take a seat with and puts it in my queue.
    await kettle.getByRole('button', { name: /^Choose/ }).click();
    await panel.getByTestId('picked-song').getByText('Kettle Steam').waitFor();
    await page.getByTestId('queue-song').filter({ hasText: 'Kettle Steam' }).waitFor();
    await page.getByText('“Kettle Steam” added to your queue').waitFor();
    await page.context().close();
  });
});
