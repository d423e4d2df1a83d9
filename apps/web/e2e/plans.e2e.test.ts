import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { paymentEndpoints, serviceBase } from '@tt/protocol';
import { startFakeStripe, stripeEnv, type FakeStripe } from '../../server/test/fakes/stripe';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, signedInPage, startServerWithWeb } from './support';

/** Subscribing in Chromium against a local Stripe: plans, Checkout, return, Manage billing. */
describe('web: the paid subscription', () => {
  let s: TestServer;
  let stripe: FakeStripe;
  let browser: Browser;
  const shot = async (page: Page, name: string) => {
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
    }
  };

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

  it('SUB-CHECKOUT-1: picks a plan, pays on the (fake) Stripe page, comes back Pro, opens billing', async () => {
    const u = await s.createUser({ nickname: 'Paying Fan' });
    const page = await signedInPage(browser, u.token, 390);
    await page.goto(`${s.url}/plans`);
    await page.getByTestId('plan').first().waitFor();
    await shot(page, 'plans-390');
    expect(await page.getByTestId('plan').first().textContent()).toContain('$4.99');
    await page.getByTestId('plan-subscribe').first().click();
    await page.waitForURL(/\/subscription\/return\?session_id=cs_test_/);
    await page.getByTestId('subscription-active').waitFor();
    const mine = await s.as(u.token).call(paymentEndpoints.mine, {});
    expect(mine.level).toBe('PRO');

    await page.goto(`${s.url}/settings/account`);
    await page.getByTestId('plan-level').getByText('Pro').waitFor();
    await shot(page, 'account-plan-390');
    await page.getByTestId('plan-manage').click();
    await page.waitForURL(new RegExp(`^${stripe.url}/portal/bps_`));
    await page.context().close();
  });

  it('a free account sees its plan and the way to Pro', async () => {
    const u = await s.createUser();
    const page = await signedInPage(browser, u.token);
    await page.goto(`${s.url}/settings/account`);
    await page.getByTestId('plan-level').getByText('Free').waitFor();
    await page.getByTestId('plan-see').click();
    await page.getByTestId('plans-page').waitFor();
    await shot(page, 'plans-1280');
    await page.context().close();
  });
});
