import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { SocketClient } from 'ttfm-socket';
import { moderationEndpoints, roomEndpoints, toMinimalSong, type SongDto } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { ffmpegPath } from '../../server/src/services/song/hls';
import { launchBrowser, pageOf, signedInContext, startServerWithWeb, uploadSong } from './support';

const run = promisify(execFile);

/** Hosts of the vendor players: the default offline setup must never reach them. */
const VENDOR_HOSTS =
  /scdn\.co|spotify\.com|music\.apple\.com|youtube\.com|ytimg\.com|soundcloud\.com/;

/** Chromium that may start media without a click (the listeners did not click anything). */
const launch = (autoplay: 'no-user-gesture-required' | 'user-gesture-required') =>
  launchBrowser([`--autoplay-policy=${autoplay}`]);

/** A listener: own storage, signed in as `token` (or a guest when null); records every request. */
async function listener(browser: Browser, token: string | null, width = 1280) {
  const context = await signedInContext(browser, token, width);
  const requests: string[] = [];
  /** The Authorization header of each HLS key request. */
  const keyAuth: (string | undefined)[] = [];
  context.on('request', (r) => {
    requests.push(r.url());
    if (r.url().includes('/songs/hls/key?songId=')) keyAuth.push(r.headers().authorization);
  });
  const page = await pageOf(context, 45_000);
  return { page, requests, keyAuth, context };
}

interface MediaClock {
  position: number;
  paused: boolean;
  ready: number;
  volume: number;
  /** The page's server clock (Date.now() + its own offset) when the position was read. */
  serverNow: number;
}

function mediaClock(page: Page): Promise<MediaClock | null> {
  return page.evaluate(() => {
    const m = document.querySelector<HTMLAudioElement>('[data-testid="player-media"]');
    if (!m) return null;
    return {
      position: m.currentTime,
      paused: m.paused,
      ready: m.readyState,
      volume: m.volume,
      serverNow: Date.now() + Number(m.dataset.serverOffset ?? 0),
    };
  });
}

/** Server time at which the song started, by this page's media position and clock. */
const impliedStart = (c: MediaClock) => c.serverNow - c.position * 1000;

/** Waits until the page's media plays past `seconds` into the song. */
async function playingPast(page: Page, seconds: number) {
  await page.waitForFunction(
    (s) => {
      const m = document.querySelector<HTMLAudioElement>('[data-testid="player-media"]');
      return !!m && !m.paused && m.readyState >= 3 && m.currentTime > s;
    },
    seconds,
    // A limit for a loaded 2-core machine (the media must load and start), not a speed check.
    { timeout: 60_000 },
  );
}

async function chord(dir: string, name: string, seconds: number, freqs: number[], title: string) {
  const out = path.join(dir, name);
  const inputs = freqs.flatMap((f) => [
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=${f}:duration=${seconds}`,
  ]);
  await run(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...inputs,
    ...['-filter_complex', `amix=inputs=${freqs.length}:normalize=0,volume=0.3`],
    ...['-metadata', `title=${title}`, '-metadata', 'artist=Test Oscillators'],
    out,
  ]);
  return fs.readFile(out);
}

describe('web: the room plays the song in the browser, in sync', () => {
  let s: TestServer;
  let browser: Browser;
  let tmp: string;
  let songA: SongDto;
  let songB: SongDto;
  const sockets: SocketClient[] = [];

  /** A DJ (a socket client, like another browser) in the room. */
  async function dj(token: string, roomUuid: string) {
    const c = new SocketClient(s.url);
    await c.joinRoom(token, { roomUuid });
    sockets.push(c);
    const act = (name: string, params: Record<string, unknown> = {}) =>
      (c as unknown as { action: (n: string, p: object) => Promise<unknown> }).action(name, params);
    return {
      play: (song: SongDto) => act('addDj', { song: toMinimalSong(song) }),
      next: async (song: SongDto) => {
        await act('updateNextSong', { song: toMinimalSong(song) });
        await act('skipSong');
      },
    };
  }

  beforeAll(async () => {
    s = await startServerWithWeb();
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-playback-e2e-'));
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    const uploader = await s.createUser({ nickname: 'Uploader' });
    await s.as(moderator.token).call(moderationEndpoints.addCapability, {
      params: { id: uploader.uuid, capability: 'uploadMusic' },
    });
    const [a, b] = await Promise.all([
      chord(tmp, 'a.mp3', 90, [220, 277, 330], 'Major Chord'),
      chord(tmp, 'b.mp3', 30, [196, 233], 'Minor Interval'),
    ]);
    songA = await uploadSong(s, uploader.token, a, 'a.mp3');
    songB = await uploadSong(s, uploader.token, b, 'b.mp3');
    browser = await launch('no-user-gesture-required');
  }, 180_000);

  afterAll(async () => {
    for (const c of sockets) c.disconnect();
    await browser?.close();
    await s?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('two listeners play the DJ’s upload at the same position; no vendor script is loaded', async () => {
    const host = await s.createUser({ nickname: 'Host' });
    const ana = await s.createUser({ nickname: 'Ana' });
    const ben = await s.createUser({ nickname: 'Ben' });
    const room = await s
      .as(host.token)
      .call(roomEndpoints.create, { body: { name: 'Sync Check', design: 'CLUB' } });

    const a = await listener(browser, ana.token);
    await a.page.goto(`${s.url}/rooms/${room.slug}`);
    await a.page.getByTestId('room-page').waitFor();
    const deck = await dj(host.token, room.uuid);
    await deck.play(songA);
    await playingPast(a.page, 1);

    // B comes in while the song plays: it starts at the room's offset, not at 0.
    await a.page.waitForFunction(() => {
      const m = document.querySelector<HTMLAudioElement>('[data-testid="player-media"]');
      return !!m && m.currentTime > 4;
    });
    const b = await listener(browser, ben.token, 390);
    await b.page.goto(`${s.url}/rooms/${room.slug}`);
    await b.page.getByTestId('room-page').waitFor();
    await playingPast(b.page, 5);
    const bStart = await mediaClock(b.page);
    expect(bStart!.paused).toBe(false);

    // Let both run a few seconds so the sync loop has measured them.
    await playingPast(b.page, 9);
    const state = await s
      .as(ana.token)
      .call(roomEndpoints.roomState, { params: { id: room.uuid } });
    const startTime = state.nowPlaying!.startTime;
    // Four samples, 400 ms apart. A loaded CI machine can starve a page's audio for a moment (the
    // media stalls, then the sync loop seeks it back within a tick or two): a sample is taken again
    // until both pages are back, for at most 10 s. The bound itself does not move.
    const worst = async () => {
      const [ca, cb] = await Promise.all([mediaClock(a.page), mediaClock(b.page)]);
      if (!ca || !cb || ca.paused || cb.paused) return Infinity;
      const gap = Math.abs(impliedStart(ca) - impliedStart(cb));
      const offA = impliedStart(ca) - startTime;
      const offB = impliedStart(cb) - startTime;
      console.log(
        `[sync] A ${ca.position.toFixed(3)} s, B ${cb.position.toFixed(3)} s: gap ${gap.toFixed(0)} ms; ` +
          `vs server start A ${offA.toFixed(0)} ms, B ${offB.toFixed(0)} ms`,
      );
      return Math.max(gap, Math.abs(offA), Math.abs(offB));
    };
    for (let i = 0; i < 4; i++) {
      await expect.poll(worst, { timeout: 10_000, interval: 250 }).toBeLessThan(250);
      await new Promise((r) => setTimeout(r, 400));
    }

    // The sync overlay (the `d` key) shows the measured drift and the provider.
    await a.page.locator('body').press('d');
    await a.page.getByTestId('drift-overlay').waitFor();
    await a.page.waitForFunction(() =>
      /ms$/.test(document.querySelector('[data-testid="drift-ms"]')?.textContent ?? ''),
    );
    await expect(a.page.getByTestId('drift-provider').textContent()).resolves.toContain(
      'Uploads (HLS)',
    );
    const drift = Number.parseInt(
      ((await a.page.getByTestId('drift-ms').textContent()) ?? '').replace('+', ''),
      10,
    );
    expect(Math.abs(drift)).toBeLessThan(300);
    // SYNC-3: the server clock estimate and how far it may be off (± half the join's round trip).
    await expect(a.page.getByTestId('drift-offset').textContent()).resolves.toMatch(/ ms$/);
    const accuracy = (await a.page.getByTestId('drift-offset-uncertainty').textContent()) ?? '';
    expect(accuracy).toMatch(/^± \d+ ms$/);
    expect(Number.parseInt(accuracy.slice(2), 10)).toBeLessThan(1000);

    // The key was asked for with the token; nothing went to a vendor's host.
    for (const r of [...a.requests, ...b.requests]) {
      expect(r.startsWith(s.url) || r.startsWith('data:') || r.startsWith('blob:'), r).toBe(true);
      expect(VENDOR_HOSTS.test(r), r).toBe(false);
    }
    expect(a.keyAuth.length).toBeGreaterThan(0);
    expect(a.keyAuth.every((h) => h === `Bearer ${ana.token}`)).toBe(true);
    expect(b.keyAuth.every((h) => h === `Bearer ${ben.token}`)).toBe(true);
    const scripts = await a.page.evaluate(() =>
      [...document.scripts].map((el) => el.src).filter(Boolean),
    );
    expect(scripts.every((src) => src.startsWith(s.url))).toBe(true);

    // The DJ plays another song: it replaces the first on both pages.
    await deck.next(songB);
    for (const p of [a.page, b.page]) {
      await p.getByTestId('np-title').filter({ hasText: 'Minor Interval' }).waitFor();
      await playingPast(p, 0.5);
    }
    await Promise.all([a.context.close(), b.context.close()]);
  });

  it('volume and mute: keyboard operable, applied to the media, kept after a reload', async () => {
    const host = await s.createUser({ nickname: 'Vol Host' });
    const user = await s.createUser({ nickname: 'Vol' });
    const room = await s
      .as(host.token)
      .call(roomEndpoints.create, { body: { name: 'Volume Room', design: 'YACHT' } });
    const { page, context } = await listener(browser, user.token);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    await page.getByTestId('room-page').waitFor();
    await (await dj(host.token, room.uuid)).play(songA);
    await playingPast(page, 0.5);

    const slider = page.getByTestId('player-volume');
    await slider.focus();
    await page.keyboard.press('End');
    await expect.poll(async () => (await mediaClock(page))!.volume).toBe(1);
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await mediaClock(page))!.volume).toBeCloseTo(0.9, 5);

    const mute = page.getByTestId('player-mute');
    await mute.focus();
    await page.keyboard.press('Enter');
    await expect.poll(async () => (await mediaClock(page))!.volume).toBe(0);
    expect(await mute.getAttribute('aria-pressed')).toBe('true');
    expect(await mute.getAttribute('title')).toBe('Unmute');

    await page.reload();
    await page.getByTestId('room-page').waitFor();
    await playingPast(page, 0.5);
    expect(await page.getByTestId('player-mute').getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByTestId('player-volume').inputValue()).toBe('90');
    expect((await mediaClock(page))!.volume).toBe(0);
    await page.getByTestId('player-mute').click();
    await expect.poll(async () => (await mediaClock(page))!.volume).toBeCloseTo(0.9, 5);
    await context.close();
  });

  it('LIVE-LISTEN-2: a guest hears every song a live room plays, past the preview limit, with no prompt', async () => {
    const host = await s.createUser({ nickname: 'Guest Host' });
    const room = await s
      .as(host.token)
      .call(roomEndpoints.create, { body: { name: 'Preview Room', design: 'FESTIVAL' } });
    const { page, context } = await listener(browser, null, 390);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    await page.getByTestId('room-page').waitFor();
    const deck = await dj(host.token, room.uuid);
    await deck.play(songA);
    await playingPast(page, 0.5);
    await expect(page.getByTestId('guest-listening').textContent()).resolves.toContain(
      'free in every live room',
    );
    // More songs than the guest preview limit (3): each one plays, and nothing asks to sign up.
    const songs = [songB, songA, songB, songA];
    for (const next of songs) {
      await deck.next(next);
      await page.getByTestId('np-title').filter({ hasText: next.trackName }).waitFor();
      await playingPast(page, 0.3);
      await expect(page.getByTestId('preview-prompt').count()).resolves.toBe(0);
    }
    await context.close();
  });

  it('when the browser blocks autoplay, a button lets the listener start the sound', async () => {
    const strict = await launch('user-gesture-required');
    try {
      const host = await s.createUser({ nickname: 'Strict Host' });
      const user = await s.createUser({ nickname: 'Strict' });
      const room = await s
        .as(host.token)
        .call(roomEndpoints.create, { body: { name: 'Strict Room', design: 'THEATER' } });
      await (await dj(host.token, room.uuid)).play(songA);
      const { page } = await listener(strict, user.token);
      // Nothing may run in the page until it tried to play: Playwright's evaluations count as a
      // user gesture. The first segment is asked for after the page called play().
      const segment = page.waitForResponse((r) => /\/hls\/seg\d+\.ts$/.test(r.url()), {
        timeout: 30_000,
      });
      await page.goto(`${s.url}/rooms/${room.slug}`);
      await segment;
      const unblock = page.getByTestId('player-unblock');
      await unblock.waitFor();
      await expect(unblock.textContent()).resolves.toContain('Audio blocked — click to listen');
      await unblock.click();
      await playingPast(page, 1);
      // The media may report playing before its 'playing' event reaches the page's state.
      await unblock.waitFor({ state: 'detached' });
    } finally {
      await strict.close();
    }
  });
});
