import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, newPage, startServerWithWeb } from './support';

/** BRAND-NAME-1: the same build served as hangout.fm (BRAND=hangout). */
describe('web: the hangout brand', () => {
  let s: TestServer;
  let browser: Browser;
  const shot = async (page: Page, name: string) => {
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
    }
  };

  beforeAll(async () => {
    s = await startServerWithWeb({ BRAND: 'hangout' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('names itself hangout.fm, wears its own colours and manifest, in English and Spanish', async () => {
    for (const width of [1280, 390]) {
      const page = await newPage(browser, { width, height: 800 });
      await page.goto(`${s.url}/rooms`);
      await page.getByTestId('rooms-page').waitFor();
      expect(await page.title()).toMatch(/hangout\.fm$/);
      expect(await page.locator('.logo-word').first().textContent()).toBe('hangout');
      const brand = await page.evaluate(() =>
        getComputedStyle(document.documentElement).getPropertyValue('--brand').trim(),
      );
      expect(brand).toBe('#e8590c');
      expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
        '/manifest-hangout.webmanifest',
      );
      const manifest = await (await fetch(`${s.url}/manifest-hangout.webmanifest`)).json();
      expect(manifest.name).toBe('hangout.fm');
      await shot(page, `hangout-rooms-${width}`);
      await page.context().close();
    }
    const es = await newPage(browser);
    await es.goto(`${s.url}/?lang=es`);
    await es.getByRole('link', { name: 'hangout.fm, inicio' }).waitFor();
    await es.context().close();
  });
});
