import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { roomEndpoints, specialCrateEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { seedDemoCatalogue } from '../../server/src/services/song/index';
import { launchBrowser, signedInPage, startServerWithWeb, waitFor } from './support';

/** Socket state and background work land asynchronously: polls wait this long. */
const POLL = { timeout: 10_000 };

/** Issue 5 "In the room": the DJ plays from their queue; a star saves the song to Starred. */
describe('web: the queue in a room', () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    s = await startServerWithWeb();
    // Three demo tracks (Rooftop Hours, Pulse Cartography, Salt Glass Morning), long enough that
    // none ends on its own while the test reorders on a loaded machine: the DJ skips instead.
    await seedDemoCatalogue(s.app.platform, { count: 3, maxSeconds: 45 });
    browser = await launchBrowser();
    // Rendering and transcoding three tracks takes a while on a loaded machine.
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  /** Adds a song to my queue from the queue panel's search. */
  async function addFromSearch(page: Page, term: string, title: string) {
    const search = page.getByTestId('queue-search');
    await search.getByTestId('song-search-input').fill(term);
    await search
      .getByTestId('search-result')
      .filter({ hasText: title })
      .getByRole('button', { name: /^Add to queue/ })
      .click();
    await page.getByTestId('queue-song').filter({ hasText: title }).waitFor();
  }
  const queueTitles = (page: Page) =>
    page.getByTestId('queue-song').locator('strong').allTextContents();

  it('builds a queue from search, plays it in order and moves each played song to the bottom', async () => {
    const dj = await s.createUser({ nickname: 'DJ Queue' });
    const fan = await s.createUser({ nickname: 'Star Fan' });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Queue Club', design: 'CLUB' } });
    const a = await signedInPage(browser, dj.token);
    const b = await signedInPage(browser, fan.token);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await a.getByTestId('queue-empty').waitFor();

    await a.getByTestId('queue-search-toggle').click();
    await addFromSearch(a, 'rooftop', 'Rooftop Hours');
    await addFromSearch(a, 'salt', 'Salt Glass Morning');
    await addFromSearch(a, 'pulse', 'Pulse Cartography');
    expect(await queueTitles(a)).toEqual([
      'Rooftop Hours',
      'Salt Glass Morning',
      'Pulse Cartography',
    ]);
    // Pulse Cartography moves up one: second in the queue.
    await a
      .getByTestId('queue-song')
      .filter({ hasText: 'Pulse Cartography' })
      .getByTestId('queue-up')
      .click();
    await expect
      .poll(() => queueTitles(a), POLL)
      .toEqual(['Rooftop Hours', 'Pulse Cartography', 'Salt Glass Morning']);

    // Taking a seat plays the first queue song; the second becomes the next song.
    await a.getByTestId('take-seat').getByText('Take a seat with “Rooftop Hours”').waitFor();
    await a.getByTestId('take-seat').click();
    await b.getByTestId('np-title').getByText('Rooftop Hours').waitFor();
    await a.getByTestId('next-song').getByText('Pulse Cartography').waitFor();
    const nextSong = async () =>
      (await s.as(fan.token).call(roomEndpoints.roomState, { params: { id: room.uuid } })).djs[0]
        ?.nextSong?.trackName;
    await expect.poll(nextSong, POLL).toBe('Pulse Cartography');

    // The listener stars the song playing.
    await b.getByTestId('vote-star').click();
    await expect
      .poll(() => b.getByTestId('vote-star').getAttribute('aria-pressed'), POLL)
      .toBe('true');

    // Reordering while on stage changes the next song.
    await a
      .getByTestId('queue-song')
      .filter({ hasText: 'Salt Glass Morning' })
      .getByTestId('queue-up')
      .click();
    await a.getByTestId('next-song').getByText('Salt Glass Morning').waitFor();
    await expect.poll(nextSong, POLL).toBe('Salt Glass Morning');

    // The first song ends (the DJ skips it): the next one plays, the played one is at the bottom
    // of the queue.
    await a.getByTestId('skip-song').click();
    await b.getByTestId('np-title').getByText('Salt Glass Morning').waitFor({ timeout: 30_000 });
    const queue = async () =>
      (
        await s
          .as(dj.token)
          .call(specialCrateEndpoints.songs, { params: { special: 'queue' }, query: {} })
      ).songs.map((x) => x.trackName);
    await expect
      .poll(queue, POLL)
      .toEqual(['Salt Glass Morning', 'Pulse Cartography', 'Rooftop Hours']);
    await expect
      .poll(() => queueTitles(a), POLL)
      .toEqual(['Salt Glass Morning', 'Pulse Cartography', 'Rooftop Hours']);
    await a.getByTestId('next-song').getByText('Pulse Cartography').waitFor();

    // The star went to the listener's starred list.
    await waitFor(async () => {
      const likes = await s
        .as(fan.token)
        .call(specialCrateEndpoints.songs, { params: { special: 'likes' }, query: {} });
      return likes.songs.some((x) => x.trackName === 'Rooftop Hours') ? true : undefined;
    }, 'the starred song');
    await b.goto(`${s.url}/crates/likes`);
    await b.getByTestId('crate-song-title').getByText('Rooftop Hours').waitFor();

    await a.context().close();
    await b.context().close();
  });
});
