import { describe, expect, it } from 'vitest';
import {
  authEndpoints,
  moderationEndpoints,
  phoneEndpoints,
  roomAdminEndpoints,
  roomEndpoints,
} from '@tt/protocol';
import { signedInPage, webFixture } from './support';

/**
 * The staff console's sections: vouchers (make one, sign up through its link, revoke another),
 * the phone whitelist, rooms (promote, reset), a new account, deactivation requests, and a
 * moderator's profile correction. SHOTS_DIR=<dir> saves screenshots.
 */
describe('web: staff console sections', () => {
  const web = webFixture();

  it('VOUCHER-1/2: an admin makes a voucher; a newcomer signs up through its link; another is revoked', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'], nickname: 'Ada Admin' });
    const page = await signedInPage(web.browser(), admin.token);
    await page.goto(`${s.url}/admin/vouchers`);
    await page.getByLabel('Grants').selectOption('uploadMusic');
    await page.getByTestId('voucher-note').fill('For DJ Kiko');
    await page.getByTestId('voucher-create').click();
    const row = page.getByTestId('voucher-row').filter({ hasText: 'For DJ Kiko' });
    const link = await row.getByTestId('voucher-link').inputValue();
    expect(link).toMatch(/\/signup\/voucher\?code=TT-/);
    await web.shot(page, 'admin-vouchers-1280');

    const newcomer = await signedInPage(web.browser(), null, 390);
    await newcomer.goto(link);
    expect(await newcomer.getByTestId('voucher-code').inputValue()).toMatch(/^TT-/);
    await newcomer.getByLabel('E-mail').fill('kiko@example.test');
    await newcomer.getByLabel('Password').fill('kiko-spins-9999');
    await newcomer.getByTestId('signup-submit').click();
    await newcomer.waitForURL(/verify-email/);
    await web.shot(newcomer, 'voucher-signup-390');
    await page.getByLabel('Status').selectOption('REDEEMED');
    await page.getByTestId('voucher-row').filter({ hasText: 'For DJ Kiko' }).waitFor();

    await page.getByLabel('Status').selectOption('PENDING');
    await page.getByTestId('voucher-note').fill('Never used');
    await page.getByTestId('voucher-create').click();
    const unused = page.getByTestId('voucher-row').filter({ hasText: 'Never used' });
    await unused.getByTestId('voucher-revoke').click();
    await unused.waitFor({ state: 'detached' });
    await page.context().close();
    await newcomer.context().close();
  });

  it('PHONE-WHITELIST-1, ADMIN-ROOMS-1: whitelists a number; promotes and resets a room', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const owner = await s.createUser();
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Admin Corner', design: 'CLUB' } });
    const page = await signedInPage(web.browser(), admin.token, 390);
    await page.goto(`${s.url}/admin/phones`);
    await page.getByTestId('phone-number').fill('+14155550123');
    await page.getByLabel('Note').fill('QA line');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByTestId('phone-row').filter({ hasText: 'QA line' }).waitFor();
    const listed = await s
      .as(admin.token)
      .call(phoneEndpoints.adminList, { query: { limit: 10, offset: 0 } });
    expect(listed.data.map((p) => p.note)).toContain('QA line');

    await page.getByTestId('admin-tab-rooms').click();
    await page.getByTestId('admin-room-search').fill('Admin Corner');
    const row = page.getByTestId('admin-room-row').filter({ hasText: 'Admin Corner' });
    await row.getByTestId('admin-room-promoted').click();
    await expect
      .poll(
        async () =>
          (await s.as(admin.token).call(roomAdminEndpoints.get, { params: { id: room.uuid } }))
            .promoted,
      )
      .toBe(true);
    await row.getByRole('button', { name: 'Reset live state…' }).click();
    await row.getByTestId('admin-room-reset-confirm').click();
    await row.getByText('Reset: everyone in it rejoins.').waitFor();
    await web.shot(page, 'admin-rooms-390');
    await page.context().close();
  });

  it('STAFF-CONSOLE-4: an admin creates an account that logs in at once', async () => {
    const s = web.server();
    const admin = await s.createUser({ roles: ['user', 'admin'] });
    const page = await signedInPage(web.browser(), admin.token);
    await page.goto(`${s.url}/admin/accounts`);
    await page.getByTestId('admin-account-email').fill('partner@example.test');
    await page.getByTestId('admin-account-password').fill('partner-pass-123');
    await page.getByRole('checkbox', { name: 'moderator', exact: true }).check();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByTestId('admin-account-made').waitFor();
    const { accessToken } = await s.client.call(authEndpoints.login, {
      body: { email: 'partner@example.test', password: 'partner-pass-123' },
    });
    expect(accessToken).toBeTruthy();
    await page.context().close();
  });

  it('DEACTIVATE-2, STAFF-CONSOLE-3: a moderator renames a profile and carries out a deactivation', async () => {
    const s = web.server();
    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    const leaver = await s.createUser({ nickname: 'Rude Name' });
    await s.as(leaver.token).call(moderationEndpoints.requestDeactivate, {
      body: { reason: 'Moving on' },
    });
    const page = await signedInPage(web.browser(), mod.token);
    await page.goto(`${s.url}/admin/users/${leaver.uuid}`);
    await page.getByTestId('admin-edit-nickname').fill('Kind Name');
    await page.getByTestId('admin-profile-edit').getByRole('button', { name: 'Save' }).click();
    await page.getByRole('heading', { name: 'Kind Name' }).waitFor();
    await page.getByTestId('badge-VERIFIED').click();
    await expect
      .poll(async () => (await s.accounts.repo.byUuid(leaver.uuid))?.badges)
      .toEqual(['VERIFIED']);
    // A moderator may not set passwords: that section is for admins.
    expect(await page.getByTestId('admin-password').count()).toBe(0);

    await page.goto(`${s.url}/admin`);
    const row = page.getByTestId('deactivation-row').filter({ hasText: 'Moving on' });
    await row.getByTestId('deactivation-do').click();
    await row.waitFor({ state: 'detached' });
    await expect(
      s.client.call(authEndpoints.login, {
        body: { email: leaver.email, password: leaver.password },
      }),
    ).rejects.toMatchObject({ status: expect.any(Number) });
    await page.context().close();
  });
});
