import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { roomEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, signedInPage, startServerWithWeb } from './support';

/**
 * Trust that is earned on the web (docs/TRUST-RULES.md): a new account reads how far it is on
 * the account page and beside the chat and message boxes, and a link it sends is refused with
 * that progress; a moderator sees no such notes.
 */
describe('web: trust that is earned', () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    s = await startServerWithWeb({ TRUST_MIN_SONGS_HEARD: '3', TRUST_MIN_POINTS: '50' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('TRUST-7, TRUST-4, TRUST-5: progress on the account page, hints at the boxes, a refused link', async () => {
    const nova = await s.createUser({ nickname: 'Nova' });
    const other = await s.createUser({ nickname: 'Other' });
    const page = await signedInPage(browser, nova.token);

    await page.goto(`${s.url}/settings/account`);
    const section = page.getByTestId('trust-section');
    await section.waitFor();
    await expect(section.textContent()).resolves.toContain(
      'Listen to 3 more songs or earn 50 more points to unlock this',
    );

    const room = await s
      .as(other.token)
      .call(roomEndpoints.create, { body: { name: 'Trust Room', design: 'CLUB' } });
    await page.goto(`${s.url}/rooms/${room.slug}`);
    await page.getByTestId('trust-note-links').waitFor();
    await page.getByTestId('chat-input').fill('cheap stuff at spam.xyz');
    await page.getByTestId('chat-input').press('Enter');
    await page
      .getByText(/^New accounts cannot post links or images yet\./)
      .first()
      .waitFor();

    await page.goto(`${s.url}/messages/${other.uuid}`);
    await page.getByTestId('trust-note-dm').waitFor();

    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    const modPage = await signedInPage(browser, mod.token);
    await modPage.goto(`${s.url}/settings/account`);
    await modPage
      .getByTestId('trust-section')
      .getByText(/Your account is trusted/)
      .waitFor();
    // The hint is absent once the moderator's progress has been read (not merely not yet).
    const read = modPage.waitForResponse(
      (r) => r.url().endsWith('/api/points-service/points/trust') && r.status() === 200,
    );
    await modPage.goto(`${s.url}/rooms/${room.slug}`);
    await read;
    await modPage.getByTestId('chat-input').waitFor();
    await expect(modPage.getByTestId('trust-note-links').count()).resolves.toBe(0);
  });
});
