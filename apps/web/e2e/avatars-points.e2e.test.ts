import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { sql } from 'drizzle-orm';
import { roomEndpoints, seasonEndpoints, serviceBase } from '@tt/protocol';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../server/test/fakes/stripe';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, sdkDjOnStage, signedInPage, startServerWithWeb } from './support';

/**
 * Avatars, points and the Pro perks in Chromium (AVATAR-*, PTS-*, SUB-PERKS-*). Plays pay from
 * their first second here (POINTS_MIN_PLAYED_SECONDS=0) so that a skipped song can be liked.
 */
describe('web: avatars, points and seasons', () => {
  let s: TestServer;
  let stripe: FakeStripe;
  let browser: Browser;
  const DAY = 24 * 60 * 60 * 1000;
  const shot = async (page: Page, name: string) => {
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
    }
  };
  /** An account old enough to earn (PTS-DJ-3). */
  const person = async (nickname: string) => {
    const u = await s.createUser({ nickname });
    await s.app.platform.db.execute(
      sql`update users set created_at = now() - interval '3 days' where uuid = ${u.uuid}`,
    );
    return u;
  };

  beforeAll(async () => {
    stripe = await startFakeStripe();
    s = await startServerWithWeb({ ...stripeEnv(stripe), POINTS_MIN_PLAYED_SECONDS: '0' });
    stripe.webhookUrl = `${s.url}${serviceBase('payment')}/webhook`;
    browser = await launchBrowser();
    const admin = await s.createUser({ roles: ['admin'] });
    await s.as(admin.token).call(seasonEndpoints.create, {
      body: {
        name: 'Season 1 · Autumn Sessions',
        startDate: new Date(Date.now() - 10 * DAY).toISOString(),
        endDate: new Date(Date.now() + 20 * DAY).toISOString(),
      },
    });
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await stripe?.close();
  });

  it('AVATAR-WEAR-1: picks an avatar in the profile settings; the others see it on the floor', async () => {
    const ana = await person('Ana');
    const ben = await person('Ben');
    const room = await s
      .as(ana.token)
      .call(roomEndpoints.create, { body: { name: 'Avatar Party', design: 'CLUB' } });
    const a = await signedInPage(browser, ana.token);
    const b = await signedInPage(browser, ben.token, 390);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    const anaOnFloor = b.getByTestId('floor').getByTestId(`avatar-${ana.uuid}`);
    await anaOnFloor.waitFor();
    expect(await anaOnFloor.getAttribute('data-avatar')).toBe('default');

    const settings = await a.context().newPage();
    await settings.goto(`${s.url}/settings/profile`);
    await settings.getByTestId('avatar-picker').waitFor();
    expect(await settings.getByTestId('avatar-choice-pro-neon').getAttribute('aria-disabled')).toBe(
      'true',
    );
    await settings.getByTestId('avatar-choice-bass-bear').click();
    await expect
      .poll(() => settings.getByTestId('avatar-choice-bass-bear').getAttribute('aria-pressed'))
      .toBe('true');
    await shot(settings, 'avatar-picker-1280');
    await expect
      .poll(() => anaOnFloor.getAttribute('data-avatar'), { timeout: 20_000 })
      .toBe('bass-bear');
    await shot(b, 'room-avatars-390');
    await a.context().close();
    await b.context().close();
  });

  it('PTS-DJ-1: a DJ whose song is liked and starred gets a toast and climbs the leaderboard', async () => {
    const dj = await person('Spinner');
    const fan = await person('Fan');
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Points Club', design: 'FESTIVAL' } });
    const d = await signedInPage(browser, dj.token);
    const f = await signedInPage(browser, fan.token, 390);
    await d.goto(`${s.url}/rooms/${room.slug}`);
    await f.goto(`${s.url}/rooms/${room.slug}`);
    await f.getByTestId('room-page').waitFor();
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Crowd Pleaser');
    try {
      await f.getByTestId('np-title').getByText('Crowd Pleaser').waitFor();
      await d.getByTestId('np-title').getByText('Crowd Pleaser').waitFor();
      await f.getByTestId('vote-like').click();
      await f.getByTestId('vote-star').click();
      await expect.poll(() => d.getByTestId('like-count').textContent()).toBe('1');
      await d.getByTestId('skip-song').click();
      await d.getByTestId('room-toast').getByText('+5 points for your song!').waitFor({
        timeout: 30_000,
      });
    } finally {
      sdk.disconnect();
    }
    await d.goto(`${s.url}/leaderboard`);
    const mine = d.getByTestId('board-row').filter({ hasText: 'Spinner' });
    await mine.waitFor();
    expect(await mine.getAttribute('class')).toContain('is-me');
    expect(await mine.textContent()).toContain('5 pts');
    await shot(d, 'leaderboard-1280');
    await f.goto(`${s.url}/leaderboard`);
    await f.getByTestId('board-row').filter({ hasText: 'Fan' }).getByText('1 pt').waitFor();
    await shot(f, 'leaderboard-390');
    await f.goto(`${s.url}/profile/${dj.uuid}`);
    await f.getByTestId('profile-points').getByText('#1').waitFor();
    await shot(f, 'profile-points-390');
    await d.context().close();
    await f.context().close();
  });

  it('SUB-PERKS-1: subscribes against the fake Stripe and wears a Pro avatar', async () => {
    const u = await person('Pro Fan');
    const page = await signedInPage(browser, u.token, 390);
    await page.goto(`${s.url}/settings/profile`);
    const neon = page.getByTestId('avatar-choice-pro-neon');
    await neon.waitFor();
    expect(await neon.getAttribute('aria-disabled')).toBe('true');
    await shot(page, 'avatar-picker-390');
    await page.getByTestId('avatar-lock-pro-neon').getByRole('link', { name: 'Go Pro' }).click();
    await page.getByTestId('plan-subscribe').first().click();
    await page.waitForURL(/\/subscription\/return\?session_id=cs_test_/);
    await page.getByTestId('subscription-active').waitFor();
    await page.goto(`${s.url}/settings/profile`);
    await expect.poll(() => neon.getAttribute('aria-disabled')).toBe('false');
    await neon.click();
    await expect.poll(() => neon.getAttribute('aria-pressed')).toBe('true');
    await page.goto(`${s.url}/profile/${u.uuid}`);
    await page.locator('.profile-head').waitFor();
    await expect
      .poll(async () => (await page.reload(), await page.locator('.badges').textContent()), {
        timeout: 20_000,
      })
      .toMatch(/Platinum/i);
    await page.context().close();
  });

  it('STAFF-SEASONS-1, STAFF-AVATARS-2: admins add a season, give an avatar and points from the console', async () => {
    const admin = await s.createUser({ roles: ['admin'], nickname: 'Boss' });
    const crew = await person('Crew Member');
    const page = await signedInPage(browser, admin.token);
    await page.goto(`${s.url}/admin/seasons`);
    await page.getByTestId('admin-season-row').filter({ hasText: 'Autumn Sessions' }).waitFor();
    await page.getByTestId('season-name').fill('Season 2 · Winter');
    const start = new Date(Date.now() + 40 * DAY).toISOString().slice(0, 10);
    const end = new Date(Date.now() + 70 * DAY).toISOString().slice(0, 10);
    await page.getByLabel('Starts').fill(start);
    await page.getByLabel('Ends').fill(end);
    await page.getByTestId('season-create').click();
    await page.getByTestId('admin-season-row').filter({ hasText: 'Season 2 · Winter' }).waitFor();
    await shot(page, 'admin-seasons-1280');
    await page.goto(`${s.url}/admin/avatars`);
    await page.getByTestId('admin-avatar-row').first().waitFor();
    await shot(page, 'admin-avatars-1280');

    await page.goto(`${s.url}/admin/users/${crew.uuid}`);
    await page.getByTestId('admin-held-avatars').waitFor();
    await shot(page, 'admin-user-game-1280');
    await page.getByTestId('admin-give-avatar').selectOption({ label: 'Stage Crew' });
    await page.getByTestId('admin-give-avatar-submit').click();
    await page.getByTestId('admin-held-avatars').getByText('Stage Crew').waitFor();
    await page.getByTestId('admin-points-amount').fill('25');
    await page.getByTestId('admin-points').getByLabel('Reason').fill('Helped at the launch party');
    await page.getByTestId('admin-points-submit').click();
    await page.getByTestId('admin-points').getByText('25 pts').waitFor();
    await page.context().close();

    const mine = await signedInPage(browser, crew.token, 390);
    await mine.goto(`${s.url}/settings/profile`);
    const choice = mine.getByTestId('avatar-choice-staff-crew');
    await choice.click();
    await expect.poll(() => choice.getAttribute('aria-pressed')).toBe('true');
    await mine.context().close();
  });
});
