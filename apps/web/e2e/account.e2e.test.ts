import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { profileEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, mailedCode, newPage, startServerWithWeb } from './support';

/** A 1x1 PNG. */
const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The stored session token of the page (the web app keeps it in localStorage). */
async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('tt-session');
    return raw
      ? ((JSON.parse(raw) as { state: { accessToken: string | null } }).state.accessToken ?? null)
      : null;
  });
}

describe('web: account journey in Chromium', () => {
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

  it('signs up, verifies the e-mail, logs out and in, edits the profile, switches to Spanish and logs out', async () => {
    const page = await newPage(browser);
    const email = `e2e-${Date.now().toString(36)}@example.test`;
    const password = 'vinyl-forever-42';

    // Landing as a guest: a guest token is fetched, log in / sign up in the header.
    const guestToken = page.waitForResponse(
      (r) => r.url().endsWith('/api/user-service/auth/guest') && r.status() === 200,
    );
    await page.goto(`${s.url}/`);
    await guestToken;
    await page.getByTestId('landing').waitFor();
    await expect(page.getByTestId('nav-login').textContent()).resolves.toBe('Log in');

    // Sign up.
    await page.getByTestId('nav-signup').click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByLabel(/^Nickname/).fill('Night Owl');
    await page.getByRole('button', { name: 'Create account' }).click();

    // Verify the e-mail with the code of the mail.
    await page.waitForURL(/\/verify-email\?email=/);
    await page.getByText(email).waitFor();
    const code = await mailedCode(s, email);
    // Asking again at once is refused with the API's message.
    await page.getByRole('button', { name: 'Send a new code' }).click();
    await expect(page.getByTestId('resend-error').textContent()).resolves.toBe(
      'The minimum time has not yet elapsed since the last e-mail was sent.',
    );
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Verify e-mail' }).click();
    await page.getByRole('heading', { name: "You're verified!" }).waitFor();
    const token = await storedToken(page);
    expect(token).toBeTruthy();
    const me = await s.as(token).call(profileEndpoints.ownProfile, {});
    expect(me.emailVerified).toBe(true);
    expect(me.nickname).toBe('Night Owl');

    // Log out: back on the landing page as a guest.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    await page.getByTestId('landing').waitFor();
    await page.getByTestId('nav-login').waitFor();
    expect(await storedToken(page)).toBeNull();

    // Log in again.
    await page.getByTestId('nav-login').click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('user-menu').filter({ hasText: 'Night Owl' }).waitFor();

    // Edit the profile: nickname and pronouns; save; reload; still there.
    await page.getByTestId('user-menu').click();
    await page.getByRole('link', { name: 'Edit profile' }).first().click();
    await page.waitForURL(/\/settings\/profile$/);
    await page.getByLabel(/^Nickname/).fill('DJ Night Owl');
    await page.getByLabel('Pronouns', { exact: true }).fill('they/them');
    await page.getByLabel('Show my pronouns on my profile').check();
    await page.getByTestId('profile-save').click();
    await page.locator('[data-testid="profile-save"][data-phase="submitted"]').waitFor();
    await page.reload();
    await expect(page.getByLabel(/^Nickname/).inputValue()).resolves.toBe('DJ Night Owl');
    await expect(page.getByLabel('Pronouns', { exact: true }).inputValue()).resolves.toBe(
      'they/them',
    );
    await page.getByRole('link', { name: 'View my profile' }).click();
    await page.getByTestId('profile-nickname').getByText('DJ Night Owl').waitFor();
    await expect(page.getByTestId('profile-pronoun').textContent()).resolves.toBe('they/them');

    // Switch to Spanish: visible text changes and the choice is stored.
    await page.getByTestId('lang-es').click();
    await page.getByRole('link', { name: 'Editar perfil' }).first().waitFor();
    await expect(
      page.getByRole('navigation').getByRole('link').first().textContent(),
    ).resolves.toBe('Inicio');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');

    // Log out (in Spanish).
    await page.getByTestId('user-menu').click();
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.getByTestId('landing').waitFor();
    await expect(page.getByTestId('nav-login').textContent()).resolves.toBe('Entrar');
    expect(await storedToken(page)).toBeNull();
    await page.context().close();
  });

  it('uploads a profile picture: preview at once, then on the profile and in the header', async () => {
    const user = await s.createUser({ nickname: 'Pic Pat' });
    const page = await newPage(browser);
    await page.addInitScript((token) => {
      if (!sessionStorage.getItem('seeded')) {
        localStorage.setItem('tt-session', JSON.stringify({ state: { accessToken: token } }));
        sessionStorage.setItem('seeded', '1');
      }
    }, user.token);
    await page.goto(`${s.url}/settings/profile`);
    const upload = page.getByTestId('upload-profilePicture');
    await upload.locator('input[type="file"]').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: Buffer.from(PNG_1X1, 'base64'),
    });
    await upload.locator('img').waitFor();
    await upload.getByText('Uploaded').waitFor();
    const me = await s.as(user.token).call(profileEndpoints.ownProfile, {});
    expect(me.profilePicture).toMatch(/^\/api\/user-service\/users\/images\//);
    await page.getByTestId('user-menu').locator(`img[src="${me.profilePicture}"]`).waitFor();
    await page.context().close();
  });

  it('?lang=es switches the language and is remembered; the header switch goes back to English', async () => {
    const page = await newPage(browser);
    await page.goto(`${s.url}/login?lang=es`);
    await page.getByRole('heading', { name: 'Bienvenido de nuevo' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('es');
    await page.goto(`${s.url}/signup`);
    await page.getByRole('heading', { name: 'Únete a la fiesta' }).waitFor();
    await page.getByTestId('lang-en').click();
    await page.getByRole('heading', { name: 'Join the party' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en');
    await page.context().close();
  });
});
