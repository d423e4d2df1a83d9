import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authEndpoints, magicLinkEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, newPage, startServerWithWeb, waitFor } from './support';

describe('web: login errors, password reset and magic links in Chromium', () => {
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

  it('shows the API error message of a failed login', async () => {
    const page = await newPage(browser);
    const user = await s.createUser();
    await page.goto(`${s.url}/login`);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByTestId('login-submit').click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'Incorrect email or password',
    );
    await page.context().close();
  });

  it('the link of the verification e-mail verifies at once', async () => {
    const email = `link-${Date.now().toString(36)}@example.test`;
    await s.client.call(authEndpoints.signUp, { body: { email, password: 'link-pass-123' } });
    const link = await waitFor(async () => {
      const mail = (await s.outbox()).filter((m) => m.to === email).at(-1);
      return mail ? /\/verify-email\?email=[^&\s]+&code=\d{6}/.exec(mail.text)?.[0] : undefined;
    }, 'the verification e-mail');
    const page = await newPage(browser);
    await page.goto(`${s.url}${link}`);
    await page.getByRole('heading', { name: "You're verified!" }).waitFor();
    await page.context().close();
  });

  it('forgot password: the mailed link sets a new password and logs in', async () => {
    const user = await s.createUser();
    const page = await newPage(browser);
    await page.goto(`${s.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByTestId('forgot-sent').waitFor();
    const link = await waitFor(async () => {
      const mail = (await s.outbox()).filter((m) => m.to === user.email).at(-1);
      return mail ? /\/reset-password\?token=[\w-]+/.exec(mail.text)?.[0] : undefined;
    }, 'the reset e-mail');
    await page.goto(`${s.url}${link}`);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
    await page.getByLabel('Repeat the new password', { exact: true }).fill('brand-new-pass-2');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      "The two passwords don't match.",
    );
    await page.getByLabel('Repeat the new password', { exact: true }).fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Save new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByTestId('user-menu').waitFor();
    const { accessToken } = await s.client.call(authEndpoints.login, {
      body: { email: user.email, password: 'brand-new-pass-1' },
    });
    expect(accessToken).toBeTruthy();
    await page.context().close();
  });

  it('a magic link logs in and goes to its target; a foreign target goes home', async () => {
    const user = await s.createUser({ nickname: 'Magic Mia' });
    const page = await newPage(browser);
    const first = await s.as(user.token).call(magicLinkEndpoints.create, {});
    await page.goto(
      `${s.url}/magic-link/${first.shortLivedToken}/${encodeURIComponent('/settings/profile')}`,
    );
    await page.waitForURL(/\/settings\/profile$/);
    await expect(page.getByLabel(/^Nickname/).inputValue()).resolves.toBe('Magic Mia');

    const second = await s.as(user.token).call(magicLinkEndpoints.create, {});
    await page.goto(
      `${s.url}/magic-link/${second.shortLivedToken}/${encodeURIComponent('https://evil.example/steal')}`,
    );
    await page.getByTestId('landing').waitFor();
    expect(new URL(page.url()).pathname).toBe('/');

    // A used token is refused with the server's message.
    await page.goto(`${s.url}/magic-link/${second.shortLivedToken}/%2F`);
    await expect(page.getByRole('alert').textContent()).resolves.toBe(
      'This magic link is invalid or has expired',
    );
    await page.context().close();
  });
});
