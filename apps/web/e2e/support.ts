import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Locator,
  type Page,
} from 'playwright-core';
import { SocketClient } from 'ttfm-socket';
import { songEndpoints, type SongDto } from '@tt/protocol';
import { startTestServer, type TestServer } from '../../server/test/harness';
import { afterAll, beforeAll } from 'vitest';

export const WEB_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The web build the e2e suite serves: E2E_WEB_DIST (a private build, say) or apps/web/dist. */
export const WEB_DIST = process.env.E2E_WEB_DIST ?? path.join(WEB_DIR, 'dist');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Builds the web app when `npm test` has not already done it. Test files run in parallel, so one
 * builds (holding a lock directory) while the others wait for index.html.
 */
export async function ensureWebBuilt(): Promise<void> {
  const index = path.join(WEB_DIST, 'index.html');
  if (fs.existsSync(index)) return;
  const lock = `${WEB_DIST}.e2e-build-lock`;
  try {
    fs.mkdirSync(lock);
  } catch {
    await waitFor(async () => (fs.existsSync(index) ? true : undefined), 'the web build', 1200);
    return;
  }
  try {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', WEB_DIST], {
      cwd: WEB_DIR,
      stdio: 'inherit',
    });
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}

/** The real server (fresh database) serving the built web app; `env` configures it further. */
export async function startServerWithWeb(env: Record<string, string> = {}): Promise<TestServer> {
  await ensureWebBuilt();
  return startTestServer({ WEB_DIST, ...env });
}

/** Debian Chromium, headless; `extraArgs` go on its command line after the usual ones. */
export function launchBrowser(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/**
 * A page of `context` that waits `timeout` ms at most (a limit for a loaded 2-core CI, not a
 * measure of speed); page errors fail loudly in the log.
 */
export async function pageOf(context: BrowserContext, timeout = 30_000): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(timeout);
  page.on('pageerror', (err) => console.error('[page error]', err.message));
  return page;
}

/**
 * TEST-MOTION-1: the browser flows' pages ask for reduced motion, as a person may in their system
 * settings. The room's decorations and dancing avatars repaint every frame, and headless Chromium
 * paints in software: three room pages held for 15 s cost 24 s of CPU with motion and 1.7 s
 * without, on this 2-core machine, which the server, ffmpeg and the other flow were waiting for.
 * A test of the motion itself (A11Y-7) asks for it with `page.emulateMedia`.
 */
export const TEST_MOTION = { reducedMotion: 'reduce' } as const;

/** A fresh page (own storage) of the given width; page errors fail loudly in the log. */
export async function newPage(
  browser: Browser,
  viewport = { width: 1280, height: 800 },
): Promise<Page> {
  return pageOf(await browser.newContext({ viewport, locale: 'en-US', ...TEST_MOTION }));
}

/**
 * A browser context with its own storage, in English and signed in as `token` (the app keeps
 * the session in localStorage), or a guest when `token` is null; a phone's viewport when `width`
 * is 500 px or less; with reduced motion (TEST-MOTION-1).
 */
export async function signedInContext(
  browser: Browser,
  token: string | null,
  width = 1280,
): Promise<BrowserContext> {
  const viewport = { width, height: width > 500 ? 800 : 844 };
  const context = await browser.newContext({ viewport, locale: 'en-US', ...TEST_MOTION });
  await context.addInitScript((t) => {
    if (!sessionStorage.getItem('seeded')) {
      if (t) {
        localStorage.setItem(
          'tt-session',
          JSON.stringify({ state: { accessToken: t }, version: 0 }),
        );
      }
      localStorage.setItem('locale', 'en');
      sessionStorage.setItem('seeded', '1');
    }
  }, token);
  return context;
}

/**
 * A page of a fresh context signed in as `token` (see signedInContext); waits `timeout` ms (a
 * limit for a loaded 2-core machine, not a speed check).
 */
export async function signedInPage(
  browser: Browser,
  token: string | null,
  width = 1280,
  timeout = 30_000,
): Promise<Page> {
  return pageOf(await signedInContext(browser, token, width), timeout);
}

/**
 * Clicks `target` until `shown` appears (up to five clicks, five seconds each). On a page whose
 * sections above load one by one, a click aimed at a button that was still can land on what
 * moved under the pointer as a section grew (CI: the deactivation form never opened).
 */
export async function clickUntil(target: Locator, shown: Locator, tries = 5): Promise<void> {
  for (let i = 1; ; i++) {
    if (!(await shown.isVisible())) await target.click();
    try {
      await shown.waitFor({ timeout: 5_000 });
      return;
    } catch (err) {
      if (i >= tries) throw err;
    }
  }
}

/** Polls until `read` answers a value (mail and SMS are written asynchronously). */
export async function waitFor<T>(
  read: () => Promise<T | undefined>,
  what: string,
  tries = 100,
): Promise<T> {
  for (let i = 0; i < tries; i++) {
    const v = await read();
    if (v !== undefined) return v;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * Uploads an MP3 as `token` through the API (with `fields` such as trackName beside the file)
 * and waits until the server has transcoded and verified it.
 */
export async function uploadSong(
  s: TestServer,
  token: string,
  file: Buffer,
  name: string,
  fields: Record<string, string> = {},
): Promise<SongDto> {
  const formData = new FormData();
  for (const [key, value] of Object.entries(fields)) formData.append(key, value);
  formData.append('file', new Blob([new Uint8Array(file)], { type: 'audio/mpeg' }), name);
  const created = (await s.as(token).raw({
    method: 'POST',
    path: '/api/song-service/upload/song',
    formData,
  })) as SongDto;
  return waitFor(
    async () => {
      const song = await s.client.call(songEndpoints.get, {
        params: { id: created.songShortId },
      });
      if (song.status === 'VERIFICATION_ERROR') throw new Error(`${name} failed to transcode`);
      return song.status === 'VERIFIED' ? song : undefined;
    },
    `${name} to be verified`,
    900,
  );
}

/** The 6-digit code of the newest verification e-mail sent to `to`. */
export function mailedCode(s: TestServer, to: string): Promise<string> {
  return waitFor(async () => {
    const mails = (await s.outbox()).filter((m) => m.to === to);
    const last = mails.at(-1);
    return last ? /\b(\d{6})\b/.exec(`${last.subject} ${last.text}`)?.[1] : undefined;
  }, `the verification e-mail to ${to}`);
}

/** The 6-digit code of the newest text message written to the offline SMS outbox. */
export function textedCode(s: TestServer): Promise<string> {
  return waitFor(async () => {
    const dir = path.join(s.dataDir, 'outbox');
    const files = fs.existsSync(dir)
      ? (await fsp.readdir(dir)).filter((f) => f.startsWith('sms-')).sort()
      : [];
    if (files.length === 0) return undefined;
    const sms = JSON.parse(await fsp.readFile(path.join(dir, files.at(-1)!), 'utf8')) as {
      body: string;
    };
    return /\b(\d{6})\b/.exec(sms.body)?.[1];
  }, 'a text message');
}

/** Number of text messages in the offline SMS outbox. */
export async function textCount(s: TestServer): Promise<number> {
  const dir = path.join(s.dataDir, 'outbox');
  if (!fs.existsSync(dir)) return 0;
  return (await fsp.readdir(dir)).filter((f) => f.startsWith('sms-')).length;
}

/**
 * A server with the web app and a browser for the tests of one file: started before them, stopped
 * after. SHOTS_DIR=<dir> makes `shot` save full-page screenshots there.
 */
export function webFixture(env: Record<string, string> = {}): {
  server: () => TestServer;
  browser: () => Browser;
  shot: (page: Page, name: string) => Promise<void>;
} {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServerWithWeb(env);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  const dir = process.env.SHOTS_DIR;
  return {
    server: () => server!,
    browser: () => browser!,
    shot: async (page, name) => {
      if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
    },
  };
}

/**
 * A DJ on stage from another client: the bot SDK (`ttfm-socket`) joins the room with `token` and
 * takes a seat with a five-minute song called `trackName`. Disconnect it when done.
 */
export async function sdkDjOnStage(
  url: string,
  token: string,
  roomUuid: string,
  trackName: string,
  musicProviders: Record<string, string> = {
    uploadService: `up-${trackName.toLowerCase().replace(/\W+/g, '-')}`,
  },
): Promise<SocketClient> {
  const sdk = new SocketClient(url);
  await sdk.joinRoom(token, { roomUuid });
  await (sdk as unknown as { action: (n: string, p: object) => Promise<unknown> }).action('addDj', {
    song: {
      trackName,
      artistName: 'Nova',
      duration: 300,
      genre: null,
      isrc: null,
      musicProviders,
      thumbnails: {},
      playbackToken: null,
    },
  });
  return sdk;
}
