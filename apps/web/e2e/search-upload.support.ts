import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { signedInPage as signedInPageWithin } from './support';

/** Helpers of search-upload.e2e.test.ts: audio files, signed-in pages, upload throttling. */

const run = promisify(execFile);
const FFMPEG = process.env.FFMPEG_PATH ?? '/usr/bin/ffmpeg';
/** Screenshots at 1280 and 390 px go here when set (for a visual check; nothing is committed). */
const SHOTS = process.env.SHOTS_DIR;

/** A mono tone of `seconds` at 16 kbit/s, as MP3 bytes. */
export async function toneMp3(dir: string, name: string, seconds: number): Promise<Buffer> {
  const file = path.join(dir, name);
  await run(FFMPEG, [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...['-ac', '1', '-ar', '16000', '-b:a', '16k', file],
  ]);
  return fs.readFile(file);
}

/** A page signed in as `token` that waits up to 20 s (uploads and transcodes take a while). */
export const signedInPage = (browser: Browser, token: string, width = 1280): Promise<Page> =>
  signedInPageWithin(browser, token, width, 20_000);

export /** A full-page screenshot, when SHOTS_DIR is set. */
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** Slows the page's uploads to `bytesPerSecond` (Chromium network emulation), or lifts it. */
export async function throttleUploads(page: Page, bytesPerSecond: number) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

/** Records every percentage the upload page shows, so a test can tell progress was gradual. */
export async function recordPercents(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { percents: string[] }).percents = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="upload-percent"]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
}
