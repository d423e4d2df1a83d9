import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authEndpoints, emailEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { uniqueEmail } from '../../server/test/harness';
import { launchBrowser, mailedCode, signedInPage, startServerWithWeb } from './support';

const HINT = 'Verify your e-mail to create rooms and crates';

describe('web: an account with an unverified e-mail (SEC-UNVERIFIED-1) in Chromium', () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    s = await startServerWithWeb();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('SEC-UNVERIFIED-1: sees a hint to the verify page instead of creating rooms and crates, until verified', async () => {
    const email = uniqueEmail('web-unverified');
    const { accessToken } = await s.client.call(authEndpoints.signUp, {
      body: { email, password: 'long-enough-pw' },
    });
    const page = await signedInPage(browser, accessToken);

    await page.goto(`${s.url}/rooms`);
    const roomsHint = page.getByTestId('verify-to-create');
    await expect(roomsHint.textContent()).resolves.toBe(HINT);
    expect(await page.getByTestId('create-room').count()).toBe(0);

    await page.goto(`${s.url}/crates`);
    await expect(page.getByTestId('verify-to-create').textContent()).resolves.toBe(HINT);
    expect(await page.getByTestId('crate-new').isDisabled()).toBe(true);
    expect(await page.getByTestId('crate-import').isDisabled()).toBe(true);

    await page.getByRole('link', { name: HINT }).click();
    await page.waitForURL(/\/verify-email\?email=/);
    await page.getByText(email).waitFor();

    await s.client.call(emailEndpoints.verify, {
      body: { email, code: await mailedCode(s, email) },
    });
    await page.goto(`${s.url}/rooms`);
    await page.getByTestId('create-room').waitFor();
    expect(await page.getByTestId('verify-to-create').count()).toBe(0);
    await page.context().close();
  });

  it('VERIFY-LOGIN-1: logging in unverified offers a new code and "verify now", which lets them in', async () => {
    const email = uniqueEmail('web-login-unverified');
    await s.client.call(authEndpoints.signUp, { body: { email, password: 'long-enough-pw' } });
    const first = await mailedCode(s, email);
    // Let the minimum interval pass, as if they came back later.
    const row = await s.accounts.repo.liveEmail(email);
    await s.accounts.repo.updateEmail(row!.id, {
      verificationSentAt: new Date(Date.now() - 120_000),
    });
    const page = await signedInPage(browser, null, 390);
    await page.goto(`${s.url}/login`);
    const form = page.getByTestId('email-login-form');
    await form.getByLabel('E-mail').fill(email);
    await form.getByLabel('Password').fill('long-enough-pw');
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-unverified').waitFor();
    await page.getByTestId('login-resend').click();
    await page.getByText('New code sent').waitFor();
    await expect.poll(() => mailedCode(s, email)).not.toBe(first);
    await page.getByTestId('login-verify-now').click();
    await page.waitForURL(/\/verify-email\?email=/);
    await page.getByLabel('6-digit code').fill(await mailedCode(s, email));
    await page
      .getByRole('button', { name: /verify/i })
      .first()
      .click();
    await page.getByTestId('verify-done').waitFor();
    await expect(
      s.client.call(authEndpoints.login, { body: { email, password: 'long-enough-pw' } }),
    ).resolves.toHaveProperty('accessToken');
    await page.context().close();
  });
});
