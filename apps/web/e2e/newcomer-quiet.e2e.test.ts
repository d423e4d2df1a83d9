import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { roomEndpoints } from '@tt/protocol';
import { signedInPage, webFixture } from './support';

/**
 * A newcomer's pages are quiet (SUB-STATUS-1, PLAYER-TOKENS-4): on a server without payments and
 * without SoundCloud, a signed-in page and a room, at 1280 and 390 px, are answered no 4xx at all
 * (not only the calls of the features that are off: any refused call is a page asking for what
 * it should not). E2E_WEB_DIST=<dir> serves a build from elsewhere.
 */
describe('web: a newcomer’s pages ask for nothing the server refuses', () => {
  // Payments (STRIPE_*) and SoundCloud (SOUNDCLOUD_*) are not configured in the harness.
  const web = webFixture();

  /** Every answer of the page's server with a 4xx status, as "status METHOD path". */
  function refusals(page: Page): string[] {
    const refused: string[] = [];
    page.on('response', (r) => {
      const url = web.server().url;
      if (r.status() < 400 || r.status() >= 500 || !r.url().startsWith(url)) return;
      refused.push(`${r.status()} ${r.request().method()} ${new URL(r.url()).pathname}`);
    });
    return refused;
  }

  /** Waits until the page has made no request for a while (sockets aside). */
  const settled = (page: Page) => page.waitForLoadState('networkidle');

  it('SUB-STATUS-1, PLAYER-TOKENS-4: a signed-in page and a room log no 4xx with payments and SoundCloud off', async () => {
    const s = web.server();
    const dee = await s.createUser({ nickname: 'Dee' });
    const room = await s
      .as(dee.token)
      .call(roomEndpoints.create, { body: { name: 'Quiet Corner', design: 'CLUB' } });
    const listener = await s.createUser({ nickname: 'Lou' });

    /** The rooms list, then the room, as `who` at `width`: everything asked, nothing refused. */
    async function visit(who: typeof dee, width: number) {
      const page = await signedInPage(web.browser(), who.token, width);
      const refused = refusals(page);
      const asked: string[] = [];
      page.on('request', (r) => {
        if (r.url().startsWith(s.url)) asked.push(new URL(r.url()).pathname);
      });

      await page.goto(`${s.url}/rooms`);
      await page.getByText('Quiet Corner').first().waitFor();
      await settled(page);
      await page.goto(`${s.url}/rooms/${room.slug}`);
      await page.getByTestId('floor').waitFor();
      await settled(page);

      // The page did ask the server things (the check is not vacuous) ...
      expect(asked.some((p) => p.endsWith('/subscription/status'))).toBe(true);
      expect(asked.some((p) => p.includes('/rooms/'))).toBe(true);
      // ... never the features that are off, and nothing was refused.
      expect(asked.filter((p) => /products|public-token|subscription$/.test(p))).toEqual([]);
      expect(refused, `${width} px, ${who === dee ? 'owner' : 'listener'}`).toEqual([]);
      await page.context().close();
    }

    // The owner and a listener are in the room together, at each width.
    for (const width of [1280, 390]) {
      await Promise.all([visit(dee, width), visit(listener, width)]);
    }
  });
});
