import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { ffmpegPath } from '../../server/src/services/song/hls';
import { pageOf, TEST_MOTION, uploadSong } from '../../web/e2e/support';

/** Helpers of the phone app's flow test: its web export, served as a phone would open it. */

const run = promisify(execFile);
export const MOBILE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const EXPORT_DIR = path.join(MOBILE_DIR, 'dist', 'web');

/**
 * Builds the web export when it is missing or older than the app's sources (`npm test` has done it
 * already, then this is instant). See scripts/export-web-if-stale.mjs.
 */
export function ensureMobileExport(): void {
  execFileSync('node', [path.join(MOBILE_DIR, 'scripts', 'export-web-if-stale.mjs')], {
    cwd: MOBILE_DIR,
    stdio: 'inherit',
  });
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.css': 'text/css',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.ttf': 'font/ttf',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

/**
 * A static server for `dir` on 127.0.0.1 (random port): files as they are, any other path gets
 * index.html (the app's router reads the path, as a phone's deep link would open it).
 */
export async function serveStatic(
  dir: string,
): Promise<{ url: string; close: () => Promise<void> }> {
  const root = path.resolve(dir);
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.resolve(root, `.${pathname}`);
    const inside = file === root || file.startsWith(`${root}${path.sep}`);
    const target =
      inside && fs.existsSync(file) && fs.statSync(file).isFile()
        ? file
        : path.join(root, 'index.html');
    res.writeHead(200, {
      'content-type': TYPES[path.extname(target)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    fs.createReadStream(target).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A phone-sized page (390×844, touch, English, reduced motion: TEST-MOTION-1) with its own storage. */
export async function phonePage(browser: Browser, timeout = 45_000): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-US',
    ...TEST_MOTION,
  });
  return pageOf(context, timeout);
}

/**
 * A sine tone of `seconds` as MP3 bytes (mono, 32 kbit/s: quick to make and to transcode), tagged
 * with a title and artist (an upload without them waits for its metadata instead of transcoding).
 */
export async function toneMp3(
  dir: string,
  name: string,
  seconds: number,
  title: string,
): Promise<Buffer> {
  const out = path.join(dir, name);
  await run(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'lavfi', '-i', `sine=frequency=330:duration=${seconds}`],
    ...['-ac', '1', '-ar', '22050', '-b:a', '32k'],
    ...['-metadata', `title=${title}`, '-metadata', 'artist=Test Oscillators', out],
  ]);
  return fsp.readFile(out);
}

/** Uploads an MP3 and waits until it is verified (shared with the web's e2e tests). */
export { uploadSong };

/** Where a page's media element is: its position and state, and the page's clock. */
export interface MediaClock {
  position: number;
  paused: boolean;
  ready: number;
  /** Date.now() in the page when the position was read (the server runs on this machine). */
  at: number;
}

/** The first media element matching `selector` in the page, or null when there is none. */
export function mediaClock(page: Page, selector: string): Promise<MediaClock | null> {
  return page.evaluate((sel) => {
    const m = document.querySelector<HTMLMediaElement>(sel);
    if (!m) return null;
    return { position: m.currentTime, paused: m.paused, ready: m.readyState, at: Date.now() };
  }, selector);
}

/** The server time (ms) at which the song started, as the media's position says. */
export const impliedStart = (c: MediaClock) => c.at - c.position * 1000;
