import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { crateEndpoints, roomEndpoints } from '@tt/protocol';
import {
  HARBOR_MORE,
  startMusicServicesWorld,
  type MusicServicesWorld,
} from '../../server/src/services/playlist/song-data/music-services.kit';
import { shot } from './search-upload.support';
import { ensureWebBuilt, launchBrowser, signedInPage, waitFor, WEB_DIST } from './support';

/**
 * Songs from the services added by MUSIC-PROVIDERS-1, against the real server with Deezer,
 * Napster and TIDAL (and every other provider) as local fakes: a Deezer link pasted in the room
 * chat becomes a song card with its preview; pasted into a crate's song search it is that song,
 * imported and added; the preferred order in settings names the new services.
 */
describe('web: the remaining music services', () => {
  let m: MusicServicesWorld;
  let browser: Browser;
  const deezerLink = `https://www.deezer.com/en/track/${HARBOR_MORE.deezer}`;

  beforeAll(async () => {
    if (!process.env.E2E_WEB_DIST) await ensureWebBuilt();
    m = await startMusicServicesWorld({ WEB_DIST });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await m?.close();
  });

  async function open(token: string, width = 1280): Promise<Page> {
    const page = await signedInPage(browser, token, width, 60_000);
    // Nothing leaves this machine: provider art and clips are refused.
    await page.context().route(/^https?:\/\/(?!127\.0\.0\.1|localhost)/, (r) => r.abort());
    return page;
  }

  it('MUSIC-PROVIDERS-1, -2: a Deezer link pasted in the room chat becomes a song card with a preview', async () => {
    const dj = await m.w.s.createUser({ nickname: 'Deezer Fan' });
    const room = await m.w.s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Deezer Den', design: 'CLUB' } });
    const page = await open(dj.token);
    await page.goto(`${m.w.s.url}/rooms/${room.slug}`, {
      waitUntil: 'domcontentloaded',
      timeout: 90_000,
    });
    await page.getByTestId('chat-input').waitFor();
    await page.getByTestId('chat-input').fill(`listen to this ${deezerLink}`);
    await page.getByTestId('chat-input').press('Enter');
    const card = page.getByTestId('chat-song').filter({ hasText: 'Midnight Harbor' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Nova Lights');
    await card
      .getByRole('button', { name: 'Play a preview of Midnight Harbor – Nova Lights' })
      .waitFor();
    await shot(page, 'music-services-chat-card');
    await page.context().close();
  });

  it('SEARCH-LINK-1: a Deezer link pasted into a crate’s song search is that song, added to the crate', async () => {
    const dj = await m.w.s.createUser({ nickname: 'Crate Linker' });
    const page = await open(dj.token);
    await page.goto(`${m.w.s.url}/crates`, { waitUntil: 'domcontentloaded', timeout: 90_000 });
    await page.getByTestId('crate-new').click();
    await page.getByTestId('crate-title').getByText('New Playlist #1').waitFor();
    await page.getByTestId('crate-empty').waitFor();
    await page.getByTestId('crate-add-songs').click();
    await page.getByTestId('song-search-input').fill(deezerLink);
    const result = page.getByTestId('search-result').filter({ hasText: 'Midnight Harbor' });
    await result.waitFor();
    expect(await page.getByTestId('search-result').count()).toBe(1);
    await result.getByRole('button', { name: /^Add/ }).click();
    await page.getByTestId('crate-song-title').getByText('Midnight Harbor').waitFor();
    const crateUuid = page.url().split('/').at(-1)!;
    const songs = await waitFor(async () => {
      const res = await m.w.s
        .as(dj.token)
        .call(crateEndpoints.songs, { params: { id: crateUuid }, query: {} });
      return res.total === 1 ? res : undefined;
    }, 'the song in the crate on the server');
    expect(JSON.stringify(songs)).toContain(HARBOR_MORE.deezer);
    await page.context().close();
  });

  it('MUSIC-PROVIDERS-5: the preferred order in settings names the new services', async () => {
    const u = await m.w.s.createUser({ nickname: 'Order Keeper' });
    const page = await open(u.token, 390);
    await page.goto(`${m.w.s.url}/settings/account`, {
      waitUntil: 'domcontentloaded',
      timeout: 90_000,
    });
    const order = page.getByTestId('preferred-provider');
    await order.first().waitFor();
    const names = await order.allTextContents();
    for (const name of [
      'Deezer',
      'Napster',
      'TIDAL',
      'Amazon Music',
      'Pandora',
      'Yandex Music',
      'Spinrilla',
    ]) {
      expect(names.some((n) => n.includes(name))).toBe(true);
    }
    await shot(page, 'music-services-settings-390');
    await page.context().close();
  });
});
