import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { authEndpoints, phoneEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, newPage, startServerWithWeb, textCount, textedCode } from './support';

const VOIP = '+44 56 1234 5678';
const MOBILE = '+44 7400 123456';

describe('web: phone login in Chromium', () => {
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

  it('refuses a VoIP number with the API error message and sends no text', async () => {
    const { accessToken } = await s.client.call(authEndpoints.guest, {});
    const check = await s
      .as(accessToken)
      .call(phoneEndpoints.validate, { params: { phone: VOIP } });
    expect(check.status).toBe('VOIP');

    const page = await newPage(browser);
    await page.goto(`${s.url}/login`);
    await page.getByRole('tab', { name: 'Phone' }).click();
    await page.getByLabel('Mobile number').fill(VOIP);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await expect(page.getByTestId('phone-error').textContent()).resolves.toBe(
      'Only real, non-VoIP mobile numbers are allowed.',
    );
    expect(await textCount(s)).toBe(0);
    await page.context().close();
  });

  it('logs in with the code texted to a real mobile number', async () => {
    const page = await newPage(browser);
    await page.goto(`${s.url}/login?method=phone`);
    await page.getByLabel('Mobile number').fill(MOBILE);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByLabel('6-digit code').waitFor();
    await page.getByLabel('6-digit code').fill(await textedCode(s));
    await page.getByTestId('phone-verify').click();
    await page.getByTestId('user-menu').waitFor();
    await page.getByTestId('landing').waitFor();
    await page.context().close();
  });
});
