import { describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import { ResidentDjs } from '../../server/src/demo/residents';
import { seedDemoCatalogue } from '../../server/src/services/song/index';
import { newPage, pageOf, sdkDjOnStage, signedInContext, webFixture } from './support';

/**
 * The landing page shows a real room playing now (its song and listeners), not a made-up one;
 * with nothing playing it invites people to start. SHOTS_DIR=<dir> also saves screenshots.
 */
describe('web: the landing page', () => {
  const web = webFixture();

  it('shows the room that plays now, and leads into it', async () => {
    const s = web.server();
    const page = await newPage(web.browser());
    await page.goto(s.url);
    await page.getByTestId('landing-live').getByText('The decks are quiet right now').waitFor();

    const dj = await s.createUser({ nickname: 'Nova' });
    const room = await s.as(dj.token).call(roomEndpoints.create, {
      body: { name: 'Sunrise Session', slug: `sunrise-${Date.now().toString(36)}` },
    });
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Golden Hour Loop');
    try {
      await expect
        .poll(
          async () => {
            await page.reload();
            return page
              .getByTestId('landing-song')
              .textContent({ timeout: 5000 })
              .catch(() => null);
          },
          { timeout: 60_000 },
        )
        .toBe('Golden Hour Loop');
      await web.shot(page, 'landing-live-desktop');
      await page.getByTestId('landing-join').click();
      await page.waitForURL(`**/rooms/${room.slug}`);
    } finally {
      sdk.disconnect();
    }
  });

  it('at 390 px every header control fits inside the page with a margin', async () => {
    const s = web.server();
    const context = await signedInContext(web.browser(), null, 390);
    const page = await pageOf(context);
    await page.goto(s.url);
    for (const id of ['nav-login', 'nav-signup']) {
      const box = (await page.getByTestId(id).boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390 - 8);
    }
    await context.close();
  });

  it('at 1280 px signed in, the navigation ends before the header buttons begin', async () => {
    const s = web.server();
    const me = await s.createUser({ nickname: 'Wide' });
    const context = await signedInContext(web.browser(), me.token, 1280);
    const page = await pageOf(context);
    await page.goto(`${s.url}/rooms`);
    await page.getByTestId('user-menu').waitFor();
    const links = await page.locator('.main-nav a').all();
    const navEnd = Math.max(
      ...(
        await Promise.all(links.map(async (l) => (await l.boundingBox()) ?? { x: 0, width: 0 }))
      ).map((b) => b.x + b.width),
    );
    const actions = (await page.locator('.header-actions').boundingBox())!;
    expect(navEnd).toBeLessThanOrEqual(actions.x);
    await context.close();
  });

  it('DEMO-RESIDENT-1: a guest arriving finds a resident DJ playing and hears it in the room', async () => {
    const s = web.server();
    await seedDemoCatalogue(s.app.platform, { count: 2, maxSeconds: 60 });
    const owner = await s.createUser({
      email: 'demo-owner@example.test',
      password: 'demo-owner-pass',
      nickname: 'Demo DJ',
    });
    const room = await s.as(owner.token).call(roomEndpoints.create, {
      body: { name: 'Always On', slug: `always-on-${Date.now().toString(36)}` },
    });
    const residents = new ResidentDjs({
      url: s.url,
      dataDir: s.dataDir,
      log: s.app.platform.log,
      owner: { email: 'demo-owner@example.test', password: 'demo-owner-pass' },
      residents: [{ slug: room.slug, nickname: 'Resident Ray', email: 'ray@example.test' }],
      everyMs: 500,
    }).start();
    const context = await signedInContext(web.browser(), null, 390);
    try {
      const page = await pageOf(context);
      await expect
        .poll(
          async () => {
            await page.goto(s.url);
            return page
              .getByTestId('landing-join')
              .getAttribute('href', { timeout: 5000 })
              .catch(() => null);
          },
          { timeout: 90_000 },
        )
        .toContain(room.slug);
      await web.shot(page, 'landing-resident-390');
      await page.getByTestId('landing-join').click();
      await page.getByTestId('np-title').waitFor();
      // The guest's player plays the resident's song (after the one click browsers ask for).
      const listen = page.getByTestId('player-unblock');
      if (await listen.isVisible().catch(() => false)) await listen.click();
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              const m = document.querySelector<HTMLAudioElement>('[data-testid="player-media"]');
              return m ? !m.paused && m.currentTime > 0 : false;
            }),
          { timeout: 60_000 },
        )
        .toBe(true);
      await web.shot(page, 'room-resident-390');
    } finally {
      await residents.stop();
      await context.close();
    }
  });
});
