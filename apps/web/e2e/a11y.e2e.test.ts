import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { communityEndpoints, crateEndpoints, roomEndpoints } from '@tt/protocol';
import {
  animationOf,
  focusRing,
  seriousViolations,
  seriousViolationsInBothBrands,
  tabTo,
} from './a11y';
import { pageOf, sdkDjOnStage, signedInContext, webFixture } from './support';

/**
 * A11Y-1: axe-core finds no serious or critical violation on the main pages, in both brands'
 * colours (one server, one browser, one page that walks from page to page).
 */
describe('web: accessibility', () => {
  const web = webFixture();

  it('A11Y-1: every main page, turntable and hangout colours, has no serious or critical axe violation', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'], nickname: 'Ada Admin' });
    const dj = await s.createUser({ nickname: 'Dj Nova' });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Open Ears', design: 'CLUB' } });
    const crate = await s
      .as(admin.token)
      .call(crateEndpoints.create, { body: { crateName: 'Night Drive' } });
    const community = await s
      .as(admin.token)
      .call(communityEndpoints.create, { body: { name: 'Open Circle' } });
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Morning Tide');

    const context = await signedInContext(web.browser(), null);
    const page = await pageOf(context);
    const found: string[] = [];
    const check = async (path: string, ready: (p: Page) => Promise<void>) => {
      await page.goto(`${s.url}${path}`);
      await ready(page);
      const v = await seriousViolationsInBothBrands(page, path);
      if (v) found.push(v);
    };
    const testId = (id: string) => (p: Page) => p.getByTestId(id).first().waitFor();

    try {
      // As a guest.
      await check('/', testId('landing'));
      await check('/login', (p) => p.locator('form').first().waitFor());
      await check('/signup', (p) => p.locator('form').first().waitFor());

      // Signed in (an admin, so the console opens too).
      await page.evaluate((t) => {
        localStorage.setItem(
          'tt-session',
          JSON.stringify({ state: { accessToken: t }, version: 0 }),
        );
      }, admin.token);
      await check('/rooms', testId('rooms-page'));
      await check(`/rooms/${room.slug}`, (p) =>
        p.getByTestId('np-title').getByText('Morning Tide').waitFor(),
      );
      // A11Y-4: the live region said the song playing on entering.
      await expect
        .poll(() => page.getByTestId('room-announcer').textContent())
        .toContain('Now playing: Morning Tide by Nova, DJ Dj Nova');
      // A11Y-7: the avatars sway or dance, unless reduced motion is asked for (the flows' pages
      // ask for it by default: TEST-MOTION-1).
      const sway = () => animationOf(page, '.avatar-figure.is-full .av-all');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await expect.poll(sway).toMatch(/^av-(idle|bounce)$/);
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect.poll(sway).toBe('none');
      await check('/crates', testId('crates-page'));
      await check(`/crates/${crate.crateUuid}`, testId('crate-empty'));
      await check(`/profile/${admin.uuid}`, testId('profile-nickname'));
      await check('/settings/profile', testId('profile-form'));
      await check('/settings/account', testId('account-password'));
      await check('/settings/notifications', testId('notification-settings'));
      await check('/notifications', testId('notifications-page'));
      await check('/messages', testId('messages-page'));
      await check('/friends', testId('friends-page'));
      await check('/communities', testId('communities-page'));
      await check(`/communities/${community.slug}`, testId('community-page'));
      await check('/plans', testId('plans-page'));
      await check('/leaderboard', testId('leaderboard-page'));
      await check('/rooms/new', testId('room-form'));
      await check(`/rooms/${room.slug}/settings`, testId('room-form'));
      await check('/events/new', testId('event-form'));
      await check('/friends/find', (p) => p.locator('main h1').first().waitFor());
      await check('/admin', testId('admin-page'));
      // A phone's layout (menu button, stacked room) on the same page.
      await page.setViewportSize({ width: 390, height: 844 });
      await check('/rooms', testId('rooms-page'));
      await check(`/rooms/${room.slug}`, (p) =>
        p.getByTestId('np-title').getByText('Morning Tide').waitFor(),
      );
      // The check is not vacuous: a button without a name is caught.
      await page.evaluate(() => document.body.append(document.createElement('button')));
      expect(await seriousViolations(page)).toContain('button-name');
    } finally {
      sdk.disconnect();
      await context.close();
    }
    expect(found.join('\n\n')).toBe('');
  });

  it('A11Y-8: with the keyboard alone: landing, log in, into a room, like the song, chat; focus stays put (A11Y-6) and a liked song does not dance with reduced motion (A11Y-7)', async () => {
    const s = web.server();
    const dj = await s.createUser({ nickname: 'Dj Keys' });
    const fan = await s.createUser({ nickname: 'Kim Keys' });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Keys Only', design: 'CLUB' } });
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Tab Stop');
    const context = await signedInContext(web.browser(), null);
    const page = await pageOf(context);
    try {
      await page.goto(s.url);
      await page.getByTestId('landing').waitFor();
      await tabTo(page, '[data-testid="nav-login"]');
      await page.keyboard.press('Enter');
      await tabTo(page, 'input[name="email"]');
      await page.keyboard.type(fan.email);
      await page.keyboard.press('Tab');
      await page.keyboard.type(fan.password);
      await page.keyboard.press('Enter');
      await page.getByTestId('user-menu').filter({ hasText: 'Kim Keys' }).waitFor();

      await tabTo(page, '[data-testid="nav-rooms"]');
      await page.keyboard.press('Enter');
      await page.getByTestId('rooms-page').waitFor();
      await tabTo(page, `a[href="/rooms/${room.slug}"]`);
      await page.keyboard.press('Enter');
      await page.getByTestId('np-title').getByText('Tab Stop').waitFor();

      // Like with the space bar; the focus ring shows where we are.
      await tabTo(page, '[data-testid="vote-like"]');
      expect(await focusRing(page)).not.toBe('none');
      await page.keyboard.press('Space');
      await expect
        .poll(() => page.getByTestId('vote-like').getAttribute('aria-pressed'))
        .toBe('true');
      await expect.poll(() => page.getByTestId('like-count').textContent()).toBe('1');
      // A11Y-7: my avatar dances to a liked song, and stands still with reduced motion.
      const dance = () => animationOf(page, '.avatar-figure.is-dancing .av-all');
      await page.emulateMedia({ reducedMotion: 'no-preference' });
      await expect.poll(dance).toBe('av-bounce');
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await expect.poll(dance).toBe('none');

      // Chat: type and send with Enter; the input keeps the focus as the message comes in.
      await tabTo(page, '[data-testid="chat-input"]');
      await page.keyboard.type('Typed without a mouse');
      await page.keyboard.press('Enter');
      await page.locator('.room-chat').getByText('Typed without a mouse').waitFor();
      const focused = () =>
        page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null);
      expect(await focused()).toBe('chat-input');
      await page.keyboard.type('still here');
      expect(await page.getByTestId('chat-input').inputValue()).toBe('still here');
      // A11Y-1 again with a liked song and a chat message on screen.
      expect(await seriousViolationsInBothBrands(page, 'room after chatting')).toBe('');
    } finally {
      sdk.disconnect();
      await context.close();
    }
  });
});
