import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import {
  adminEndpoints,
  paymentEndpoints,
  serviceBase,
  authEndpoints,
  djFanEndpoints,
  moderationEndpoints,
  pointsEndpoints,
  seasonEndpoints,
  socialEndpoints,
} from '@tt/protocol';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../server/test/fakes/stripe';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, signedInPage, startServerWithWeb, webFixture } from './support';

const DAY = 24 * 3600 * 1000;

/**
 * The staff console's tools (STAFF-NOTIFY-1, STAFF-ACCOUNT-1, STAFF-ROLES-1/2, STAFF-BOTS-1,
 * STAFF-VIEWS-1..5, STAFF-CONTACTS-1): an admin uses each. SHOTS_DIR=<dir> saves screenshots.
 */
describe('web: staff console tools', () => {
  const web = webFixture();

  it('STAFF-NOTIFY-1: an admin sends a person a notification; it arrives in their centre', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const person = await s.createUser({ nickname: 'Nia Listener' });
    const page = await signedInPage(web.browser(), admin.token);
    await page.goto(`${s.url}/admin/users/${person.uuid}`);
    await page.getByTestId('notify-user').click();
    await page.waitForURL(/\/admin\/notifications\?to=/);
    expect(await page.getByTestId('notify-who').inputValue()).toBe(person.uuid);
    await page.getByTestId('notify-title').fill('Staff here');
    await page.getByTestId('notify-body').fill('Your upload was approved.');
    await page.getByTestId('notify-link').fill('/upload');
    await web.shot(page, 'admin-notify-1280');
    await page.getByTestId('notify-send').click();
    await page.getByTestId('notify-sent').getByText('Sent to 1 person.').waitFor();
    // A silent push shows nothing in the centre, and says so.
    await page.getByTestId('notify-silent').check();
    await page.getByTestId('notify-data').fill('sync=crates');
    await page.getByTestId('notify-send').click();
    await page.getByTestId('notify-sent').waitFor();

    const phone = await signedInPage(web.browser(), person.token, 390);
    await phone.goto(`${s.url}/notifications`);
    await phone.getByTestId('notification').filter({ hasText: 'Staff here' }).waitFor();
    expect(await phone.getByTestId('notification').count()).toBe(1);

    const small = await signedInPage(web.browser(), admin.token, 390);
    await small.goto(`${s.url}/admin/notifications`);
    await small.getByTestId('notify-to-everyone').check();
    await small.getByText('Every active account gets it.').waitFor();
    await web.shot(small, 'admin-notify-390');
    await Promise.all([page, phone, small].map((p) => p.context().close()));
  });

  it('STAFF-ACCOUNT-1, STAFF-ROLES-1/2: reactivates an account; gives and takes global moderator', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const person = await s.createUser({ nickname: 'Gio Returning' });
    await s.as(person.token).call(moderationEndpoints.deactivate, { params: { id: person.uuid } });
    const login = () =>
      s.client.call(authEndpoints.login, {
        body: { email: person.email, password: person.password },
      });
    await expect(login()).rejects.toMatchObject({ status: 403 });

    const page = await signedInPage(web.browser(), admin.token);
    await page.goto(`${s.url}/admin/users/${person.uuid}`);
    await page.getByTestId('account-status').getByText('deactivated').waitFor();
    await page.getByTestId('reactivate').click();
    await page.getByTestId('account-status').getByText('The account is active.').waitFor();
    const { accessToken } = await login();

    // Before the grant, the console is closed to them.
    const theirs = await signedInPage(web.browser(), accessToken);
    await theirs.goto(`${s.url}/admin`);
    await theirs.getByText('This page is for moderators and admins.').waitFor();

    await page.getByTestId('role-globalModerator').click();
    await expect
      .poll(() => page.getByTestId('role-globalModerator').getAttribute('aria-pressed'))
      .toBe('true');
    await web.shot(page, 'admin-user-roles-1280');
    // The role is in the tokens of their next sign-in: the console opens with the moderation log.
    const again = await login();
    const modPage = await signedInPage(web.browser(), again.accessToken);
    await modPage.goto(`${s.url}/admin/moderation`);
    await modPage.getByTestId('admin-tab-moderation').waitFor();
    await modPage
      .locator('[data-testid="moderation-entry"][data-action="roleAdded"]')
      .first()
      .waitFor();

    await page.getByTestId('role-globalModerator').click();
    await expect
      .poll(() => page.getByTestId('role-globalModerator').getAttribute('aria-pressed'))
      .toBe('false');
    // Taking it back ends their sessions at once.
    await expect(s.as(again.accessToken).call(authEndpoints.session, {})).rejects.toMatchObject({
      status: 401,
    });
    const small = await signedInPage(web.browser(), admin.token, 390);
    await small.goto(`${s.url}/admin/users/${person.uuid}`);
    await small.getByTestId('roles').waitFor();
    await web.shot(small, 'admin-user-roles-390');
    await Promise.all([page, theirs, modPage, small].map((p) => p.context().close()));
  });

  it('STAFF-BOTS-1/2: an admin creates a bot, sees it listed and gets it a fresh token', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const page = await signedInPage(web.browser(), admin.token);
    await page.goto(`${s.url}/admin/bots`);
    await page.getByTestId('bot-nickname').fill('Robo Selector');
    await page.getByTestId('bot-email').fill('robo-selector@example.test');
    await page.getByTestId('bot-password').fill('robo-pass-12345');
    await page.getByTestId('bot-create').click();
    const token = await page.getByTestId('bot-token').locator('code').textContent();
    const session = await s.as(token!.trim()).call(authEndpoints.session, {});
    expect(session.roles).toContain('bot');
    const row = page.getByTestId('bot-row').filter({ hasText: 'Robo Selector' });
    await row.waitFor();
    const bot = await s.as(admin.token).call(adminEndpoints.user, { params: { id: session.uuid } });
    expect(bot).toMatchObject({ isBot: true, botOwnerUuid: admin.uuid });
    await row.getByRole('button', { name: 'New token' }).click();
    await expect.poll(async () => (await page.getByTestId('bot-token').count()) >= 2).toBe(true);
    await web.shot(page, 'admin-bots-1280');
    const small = await signedInPage(web.browser(), admin.token, 390);
    await small.goto(`${s.url}/admin/bots`);
    await small.getByTestId('bot-row').filter({ hasText: 'Robo Selector' }).waitFor();
    await web.shot(small, 'admin-bots-390');
    await Promise.all([page, small].map((p) => p.context().close()));
  });

  it('STAFF-VIEWS-1..5, STAFF-CONTACTS-1: DJs, ranking, subscriptions, services, event names, contacts', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const dj = await s.createUser({ nickname: 'DJ Marisol' });
    const fans = await Promise.all([s.createUser(), s.createUser()]);
    for (const fan of fans) {
      await s.as(fan.token).call(djFanEndpoints.follow, { body: { djUuid: dj.uuid } });
    }
    await s.as(admin.token).call(seasonEndpoints.create, {
      body: {
        name: 'Season Tools',
        startDate: new Date(Date.now() - DAY).toISOString(),
        endDate: new Date(Date.now() + 20 * DAY).toISOString(),
      },
    });
    await s.as(admin.token).call(pointsEndpoints.adminPoints, {
      body: { userUuid: dj.uuid, amount: 42, reason: 'Great set' },
    });
    await s.as(fans[0].token).call(socialEndpoints.single, {
      body: { email: 'friend@example.test', defaultCountry: 'ES' },
    });

    for (const width of [1280, 390]) {
      const page = await signedInPage(web.browser(), admin.token, width);
      await page.goto(`${s.url}/admin/djs`);
      const djRow = page.getByTestId('dj-row').filter({ hasText: 'DJ Marisol' });
      await djRow.getByText('2', { exact: true }).waitFor();
      await web.shot(page, `admin-djs-${width}`);

      await page.getByTestId('admin-tab-ranking').click();
      await page
        .getByTestId('ranking-row')
        .filter({ hasText: 'DJ Marisol' })
        .getByText('42', { exact: true })
        .waitFor();
      await web.shot(page, `admin-ranking-${width}`);

      // Payments are off on this server: the section says so.
      await page.getByTestId('admin-tab-subscriptions').click();
      await page.getByTestId('subscriptions-panel').getByRole('alert').waitFor();

      await page.getByTestId('admin-tab-services').click();
      await page.getByTestId('service-user').getByText('running').waitFor();
      await page.getByTestId('room-status').waitFor();
      await page.getByTestId('socket-event-names').getByText('joinRoom', { exact: true }).waitFor();
      await page.getByTestId('user-event-names').getByRole('button').first().waitFor();
      await web.shot(page, `admin-services-${width}`);

      await page.goto(`${s.url}/admin/users/${fans[0].uuid}`);
      await page.getByTestId('contact-row').getByText('e-mail').waitFor();
      await web.shot(page, `admin-user-contacts-${width}`);
      await page.context().close();
    }
  });
});

describe('web: staff console subscriptions (a local fake of Stripe)', () => {
  let stripe: FakeStripe;
  let s: TestServer;
  let browser: Browser;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    s = await startServerWithWeb(stripeEnv(stripe));
    stripe.webhookUrl = `${s.url}${serviceBase('payment')}/webhook`;
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await stripe?.close();
  });

  it('STAFF-VIEWS-3: counts the subscriptions in force, by country', async () => {
    const [plan] = await s.client.call(paymentEndpoints.products, {});
    for (const country of ['ES', 'US']) {
      const u = await s.createUser();
      const { sessionId } = await s
        .as(u.token)
        .call(paymentEndpoints.checkout, { params: { id: plan!.id } });
      for (const event of stripe.complete(sessionId, country)) await stripe.send(event);
    }
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    for (const width of [1280, 390]) {
      const page = await signedInPage(browser, admin.token, width);
      await page.goto(`${s.url}/admin/subscriptions`);
      const figure = page.getByTestId('subscription-count');
      await expect.poll(() => figure.textContent()).toBe('2');
      await page.getByLabel('Country (2 letters)').fill('es');
      await expect.poll(() => figure.textContent()).toBe('1');
      await page.getByLabel('Level').selectOption('PRO');
      await expect.poll(() => figure.textContent()).toBe('1');
      if (process.env.SHOTS_DIR) {
        await page.screenshot({
          path: `${process.env.SHOTS_DIR}/admin-subscriptions-${width}.png`,
          fullPage: true,
        });
      }
      await page.context().close();
    }
  });
});
