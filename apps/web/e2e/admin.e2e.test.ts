import { describe, expect, it } from 'vitest';
import { adminEndpoints, authEndpoints } from '@tt/protocol';
import { signedInPage, webFixture } from './support';

/**
 * The staff console: a moderator opens a user from their profile, grants uploadMusic (the user's
 * upload page opens), bans them for a day with a reason, then lifts the ban; an admin finds an
 * account by name. SHOTS_DIR=<dir> also saves screenshots at 1280 and 390 px.
 */
describe('web: staff console', () => {
  const web = webFixture();
  const shot = web.shot;

  it('a moderator grants upload access, bans with a reason and a length, then lifts the ban', async () => {
    const s = web.server();
    const mod = await s.createUser({ roles: ['user', 'moderator'], nickname: 'Mod Maya' });
    const user = await s.createUser({ nickname: 'Rico Beats' });
    const page = await signedInPage(web.browser(), mod.token);

    await page.goto(`${s.url}/profile/${user.uuid}`);
    await page.getByTestId('moderate').click();
    await page.getByTestId('admin-user').waitFor();
    await page.getByTestId('capability-uploadMusic').click();
    await expect.poll(() => page.getByTestId('capability-uploadMusic').isChecked()).toBe(true);
    await expect
      .poll(async () => (await s.accounts.repo.byUuid(user.uuid))?.capabilities)
      .toEqual(['uploadMusic']);

    const theirs = await signedInPage(web.browser(), user.token, 390);
    await theirs.goto(`${s.url}/upload`);
    await theirs.getByTestId('upload-form').waitFor();

    await page.getByTestId('ban-reason').fill('Spamming the room chat');
    await page.getByTestId('ban-length').selectOption('1440');
    await page.getByTestId('ban').click();
    await page.getByTestId('ban-state').filter({ hasText: 'Banned until' }).waitFor();
    await shot(page, 'admin-user-banned-desktop');
    // A banned account cannot log in.
    await expect(
      s.client.call(authEndpoints.login, { body: { email: user.email, password: user.password } }),
    ).rejects.toThrow();
    await page.getByTestId('unban').click();
    await page.getByTestId('ban-state').filter({ hasText: 'Not banned' }).waitFor();
    await s.client.call(authEndpoints.login, {
      body: { email: user.email, password: user.password },
    });
  });

  it('an admin finds an account by name; a listener is told the console is for staff', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    await s.createUser({ nickname: 'Zed Zephyr' });
    const page = await signedInPage(web.browser(), admin.token, 390);
    await page.goto(`${s.url}/admin`);
    await page.getByTestId('admin-search').fill('zephyr');
    await page.getByTestId('admin-users').getByText('Zed Zephyr').click();
    await page.getByTestId('admin-user').waitFor();
    await shot(page, 'admin-user-phone');
    const list = await s.as(admin.token).call(adminEndpoints.users, { query: { limit: 1 } });
    expect(list.total).toBeGreaterThan(1);

    const listener = await s.createUser();
    const other = await signedInPage(web.browser(), listener.token);
    await other.goto(`${s.url}/admin`);
    await other.getByText('This page is for moderators and admins.').waitFor();
  });

  it('ACCESS-REQ-1/2: a user asks for upload access, a moderator allows it from the console', async () => {
    const s = web.server();
    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    const user = await s.createUser({ nickname: 'Lena Loops' });
    const theirs = await signedInPage(web.browser(), user.token, 390);
    await theirs.goto(`${s.url}/upload`);
    await theirs.getByTestId('access-message').fill('I make lo-fi beats');
    await theirs.getByTestId('access-request').click();
    await theirs.getByTestId('access-pending').waitFor();
    await shot(theirs, 'upload-request-pending-phone');

    const page = await signedInPage(web.browser(), mod.token);
    await page.goto(`${s.url}/admin`);
    const row = page.getByTestId('access-request-row').filter({ hasText: 'Lena Loops' });
    await row.getByText('I make lo-fi beats').waitFor();
    await shot(page, 'admin-requests-desktop');
    await row.getByTestId('access-grant').click();
    await row.waitFor({ state: 'detached' });
    await theirs.reload();
    await theirs.getByTestId('upload-form').waitFor();
  });
});
