import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { SocketClient } from 'ttfm-socket';
import {
  cometChatApi,
  moderationEndpoints,
  roomEndpoints,
  notificationCentreEndpoints as centre,
  type SongDto,
} from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import {
  launchBrowser,
  sdkDjOnStage,
  signedInPage,
  startServerWithWeb,
} from '../../web/e2e/support';
import {
  EXPORT_DIR,
  ensureMobileExport,
  impliedStart,
  mediaClock,
  phonePage,
  serveStatic,
  toneMp3,
  uploadSong,
  type MediaClock,
} from './support';

/**
 * The phone app's web export (apps/mobile/dist/web, 390×844) in Chromium against a real server,
 * beside a listener in the web app: sign in on the app's screen, open the room a DJ (the bot SDK)
 * plays an upload in, hear it in step with the web listener and the server clock, like the song,
 * chat in the room with the web listener, message them directly, and see the friend invitation
 * they send in the notifications tab. SHOTS_DIR=<dir> saves the phone's screens there.
 */

const PHONE_AUDIO = '[data-testid="room-audio"]';
const WEB_AUDIO = '[data-testid="player-media"]';
/** How far apart (ms) the phone may be from the web listener and from the room's start. */
const IN_STEP_MS = 300;

const SHOTS = process.env.SHOTS_DIR;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/** Waits until the page's media plays past `seconds` (a limit for a loaded CI, not a speed check). */
async function playingPast(page: Page, selector: string, seconds: number) {
  await page.waitForFunction(
    ({ sel, s }) => {
      const m = document.querySelector<HTMLMediaElement>(sel);
      return !!m && !m.paused && m.readyState >= 3 && m.currentTime > s;
    },
    { sel: selector, s: seconds },
    { timeout: 90_000 },
  );
}

describe('phone: the web export against a real server', () => {
  let s: TestServer;
  let site: Awaited<ReturnType<typeof serveStatic>>;
  let browser: Browser;
  let tmp: string;
  let song: SongDto;
  const sockets: SocketClient[] = [];

  beforeAll(async () => {
    ensureMobileExport();
    site = await serveStatic(EXPORT_DIR);
    // The export calls the API from its own origin.
    s = await startServerWithWeb({ CORS_ORIGINS: site.url });
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-phone-e2e-'));
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    const uploader = await s.createUser({ nickname: 'Uploader' });
    await s.as(moderator.token).call(moderationEndpoints.addCapability, {
      params: { id: uploader.uuid, capability: 'uploadMusic' },
    });
    // As long as the DJ's song says (sdkDjOnStage: five minutes).
    const mp3 = await toneMp3(tmp, 'tone.mp3', 300, 'Pocket Tone');
    song = await uploadSong(s, uploader.token, mp3, 'tone.mp3');
    // Nobody clicks before the room sounds (on a phone it just plays).
    browser = await launchBrowser(['--autoplay-policy=no-user-gesture-required']);
  });

  afterAll(async () => {
    for (const c of sockets) c.disconnect();
    await browser?.close();
    await s?.close();
    await site?.close();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('signs in, hears the room in step with the web, likes, chats, messages and is notified', async () => {
    const pia = await s.createUser({ nickname: 'Pia' });
    const walt = await s.createUser({ nickname: 'Walt' });
    const dj = await s.createUser({ nickname: 'Nova' });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Pocket Club', design: 'CLUB' } });
    sockets.push(
      await sdkDjOnStage(s.url, dj.token, room.uuid, song.trackName, song.musicProviders),
    );

    // The phone: the app's sign-in screen, then the rooms tab, then the room.
    const phone = await phonePage(browser);
    await phone.goto(`${site.url}/sign-in?api=${encodeURIComponent(s.url)}`);
    await phone.getByTestId('sign-in-email').fill(pia.email);
    await phone.getByTestId('sign-in-password').fill(pia.password);
    await phone.getByTestId('sign-in-submit').click();
    await phone.getByTestId('rooms-list').waitFor();
    // The tabs, left to right.
    const tabs = await phone
      .locator('[data-testid^="tab-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid')));
    expect(tabs).toEqual(['tab-rooms', 'tab-messages', 'tab-notifications', 'tab-profile']);
    await phone.getByTestId(`room-${room.slug}`).click();
    await phone.getByTestId('room-live').waitFor();

    // The web listener in the same room.
    const web = await signedInPage(browser, walt.token, 1280, 45_000);
    await web.goto(`${s.url}/rooms/${room.slug}`);
    await web.getByTestId('room-page').waitFor();
    await playingPast(phone, PHONE_AUDIO, 1);
    await playingPast(web, WEB_AUDIO, 1);
    await phone.getByTestId('room-player-note').waitFor({ state: 'detached' });
    await shot(phone, 'room-playing');

    // In step: each player's position, read with the page's clock (the server runs on this
    // machine), says when the song started; the phone's must be within IN_STEP_MS of the web
    // listener's and of the server's. A loaded machine can starve a page's audio for a moment
    // (its sync loop then seeks it back): the pair is read again until both are back, three times.
    const state = await s
      .as(pia.token)
      .call(roomEndpoints.roomState, { params: { id: room.uuid } });
    const startTime = state.nowPlaying!.startTime;
    const worst = async () => {
      const [p, w] = await Promise.all([
        mediaClock(phone, PHONE_AUDIO),
        mediaClock(web, WEB_AUDIO),
      ]);
      const playing = (c: MediaClock | null): c is MediaClock => !!c && !c.paused && c.ready >= 3;
      if (!playing(p) || !playing(w)) return Infinity;
      const gap = impliedStart(p) - impliedStart(w);
      const fromServer = impliedStart(p) - startTime;
      console.log(
        `[phone sync] phone ${p.position.toFixed(3)} s, web ${w.position.toFixed(3)} s: ` +
          `phone − web ${gap.toFixed(0)} ms, phone − server ${fromServer.toFixed(0)} ms`,
      );
      return Math.max(Math.abs(gap), Math.abs(fromServer));
    };
    for (let i = 0; i < 3; i++) {
      await expect.poll(worst, { timeout: 60_000, interval: 500 }).toBeLessThan(IN_STEP_MS);
      // The next reading a second of the song later.
      const now = await mediaClock(phone, PHONE_AUDIO);
      await playingPast(phone, PHONE_AUDIO, (now?.position ?? 0) + 1);
    }

    // A like: the server counts it.
    await phone.getByTestId('vote-like').click();
    await expect
      .poll(
        async () =>
          (await s.as(pia.token).call(roomEndpoints.roomState, { params: { id: room.uuid } }))
            .voteCounts.likes,
      )
      .toBe(1);
    await phone.getByTestId('vote-like').filter({ hasText: '1' }).waitFor();

    // The room's chat, both ways with the web listener.
    await phone.getByTestId('room-tab-chat').click();
    await phone.getByTestId('room-chat-input').fill('hello from my phone');
    await phone.getByTestId('room-chat-send').click();
    await phone
      .getByTestId('room-chat-message')
      .filter({ hasText: 'hello from my phone' })
      .waitFor();
    await web.getByTestId('chat-message').filter({ hasText: 'hello from my phone' }).waitFor();
    await web.getByTestId('chat-input').fill('welcome, Pia!');
    await web.getByTestId('chat-input').press('Enter');
    await phone.getByTestId('room-chat-message').filter({ hasText: 'welcome, Pia!' }).waitFor();
    await shot(phone, 'room-chat');

    // A direct message to the web listener, from their card in the room's people list.
    await phone.getByTestId('room-tab-people').click();
    await phone.getByTestId(`person-${walt.uuid}`).click();
    await phone.getByTestId('person-message').click();
    await phone.getByTestId('conversation').waitFor();
    await phone.getByTestId('message-input').fill('hi Walt, great tune');
    await phone.getByTestId('message-send').click();
    await phone.locator('[data-testid^="message-"]').filter({ hasText: 'great tune' }).waitFor();
    await web.getByTestId('nav-inbox-count').filter({ hasText: '1' }).waitFor({ timeout: 60_000 });
    await web.goto(`${s.url}/messages/${pia.uuid}`);
    await web.getByTestId('chat-message').filter({ hasText: 'hi Walt, great tune' }).waitFor();
    const dm = await s.as(walt.token).call(cometChatApi.userMessages, {
      params: { uid: pia.uuid },
      query: {},
    });
    expect(dm.data.map((m) => m.data.text)).toContain('hi Walt, great tune');

    // Walt asks Pia to be friends on the web; her notifications tab shows it.
    await web.goto(`${s.url}/profile/${pia.uuid}`);
    await web.getByTestId('friend-add').click();
    await web.getByTestId('friend-sent').waitFor();
    await expect
      .poll(async () => (await s.as(pia.token).call(centre.unreadCount, {})).unread, {
        timeout: 60_000,
      })
      .toBeGreaterThan(0);
    await phone.getByTestId('tab-notifications').click();
    await phone.getByTestId('notifications').waitFor();
    await phone
      .locator('[data-testid^="notification-"]')
      .filter({ hasText: 'Walt' })
      .first()
      .waitFor({ timeout: 60_000 });
    await shot(phone, 'notifications');
  });
});
