import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { discordEndpoints, profileEndpoints, roomEndpoints } from '@tt/protocol';
import { startFakeDiscord, type FakeDiscord } from '../../server/test/fakes/discord';
import type { TestServer } from '../../server/test/harness';
import {
  launchBrowser,
  pageOf,
  signedInContext,
  signedInPage,
  startServerWithWeb,
} from './support';

/**
 * Discord in the browser (DISCORD-AUTH-1..3, DISCORD-LINK-1, ACTIVITY-1, AVATAR-DISCORD-1) against
 * a local Discord: "Continue with Discord" makes an account and signs in; an existing account
 * links Discord from its settings; opened as an activity (Discord's query parameters), the app
 * asks to sign in through Discord, keeps explicit songs out of search until allowed, and offers
 * the Discord-only avatar. SHOTS_DIR=<dir> also saves screenshots at 1280 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR;
let discord: FakeDiscord;
let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  discord = await startFakeDiscord();
  s = await startServerWithWeb(discord.env);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
  await discord?.close();
});

const shot = async (page: import('playwright-core').Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

describe('web: Discord', () => {
  it('Continue with Discord makes an account and signs in', async () => {
    discord.person = {
      id: '90351110224678001',
      username: 'rhea',
      global_name: 'Rhea Beats',
      email: 'rhea@discord.example',
      verified: true,
    };
    const context = await signedInContext(browser, null, 390);
    const page = await pageOf(context);
    await page.goto(`${s.url}/login`);
    await page.getByTestId('discord-login').waitFor();
    await shot(page, 'login-discord-phone');
    await page.getByTestId('discord-login').click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByTestId('user-menu').filter({ hasText: 'Rhea Beats' }).waitFor();
    await context.close();
  });

  it('an account links Discord in its settings; then Discord signs in to it', async () => {
    const me = await s.createUser({ nickname: 'Linker' });
    discord.person = {
      id: '90351110224678002',
      username: 'linker',
      global_name: 'Linker on Discord',
      email: 'linker-discord@discord.example',
      verified: true,
    };
    const page = await signedInPage(browser, me.token);
    await page.goto(`${s.url}/settings/account`);
    await page.getByTestId('discord-link').click();
    await page.waitForURL('**/settings/account');
    await page.getByTestId('discord-linked').filter({ hasText: 'linker' }).waitFor();
    await shot(page, 'account-discord-linked-desktop');
    const link = await s.as(me.token).call(discordEndpoints.link, {});
    expect(link).toMatchObject({ linked: true, username: 'linker' });
    await page.context().close();
  });

  it('as an activity: sign in through Discord, no explicit songs unless allowed, the Discord avatar', async () => {
    // Not signed in: the activity offers Discord's sign-in.
    const visitor = await signedInContext(browser, null, 390);
    const vp = await pageOf(visitor);
    await vp.goto(`${s.url}/?frame_id=frame-1&instance_id=i-1&platform=mobile`);
    await vp.getByTestId('activity-signin').getByText('Continue with Discord').waitFor();
    await shot(vp, 'activity-signin-phone');
    await visitor.close();

    // A linked account inside the activity.
    const me = await s.createUser({ nickname: 'Activity Fan' });
    discord.person = {
      id: '90351110224678003',
      username: 'fan',
      global_name: 'Fan',
      email: null,
      verified: false,
    };
    const code = discord.activityCode();
    const t = await s.client.call(discordEndpoints.exchangeCode, { body: { code } });
    await s
      .as(me.token)
      .call(discordEndpoints.linkDiscord, { body: { accessToken: t.accessToken } });
    const page = await signedInPage(browser, me.token);
    await page.goto(`${s.url}/rooms?frame_id=frame-2&instance_id=i-2&platform=desktop`);
    await page.getByTestId('rooms-page').waitFor();
    await expect(page.getByTestId('activity-signin').count()).resolves.toBe(0);

    // AVATAR-DISCORD-1: the Discord-only avatar is offered here, and can be worn.
    await page.goto(`${s.url}/settings/profile`);
    await page.getByTestId('avatar-choice-discord-buddy').click();
    await expect
      .poll(async () => (await s.as(me.token).call(profileEndpoints.ownProfile, {})).avatarId)
      .toBe('discord-buddy');

    // ACTIVITY-1: search asks for no explicit songs until the person allows them.
    const room = await s.as(me.token).call(roomEndpoints.create, {
      body: { name: 'Activity Room' },
    });
    const searchOf = (p: typeof page) =>
      p.waitForRequest((r) => /\/search(\/v2)?\?/.test(r.url()) && r.url().includes('q=night'));
    await page.goto(`${s.url}/rooms/${room.slug}`);
    let request = searchOf(page);
    await page.getByTestId('song-search-input').fill('night');
    expect(new URL((await request).url()).searchParams.get('explicit')).toBe('false');
    await page.goto(`${s.url}/settings/account`);
    await page.getByTestId('discord-explicit').click();
    await expect
      .poll(async () => (await s.as(me.token).call(profileEndpoints.getUserData, {})).allowExplicit)
      .toBe(true);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    request = searchOf(page);
    await page.getByTestId('song-search-input').fill('night');
    expect(new URL((await request).url()).searchParams.get('explicit')).toBeNull();

    // Outside the activity (a new tab), the Discord-only avatar is not offered.
    const site = await signedInPage(browser, me.token);
    await site.goto(`${s.url}/settings/profile`);
    await site.getByTestId('avatar-picker').waitFor();
    await expect(site.getByTestId('avatar-choice-discord-buddy').count()).resolves.toBe(0);
    await Promise.all([page.context().close(), site.context().close()]);
  });
});
