import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { roomEndpoints, roomSettingsEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, pageOf, signedInContext, startServerWithWeb } from './support';

/**
 * LIVE-AUDIO-1..9 in Chromium with a fake microphone: the room's owner talks over the music, a
 * listener in another browser context sees who is on air and their received audio level (the
 * Web Audio AnalyserNode after the Opus decoder) rises; a listener may raise a hand, which the
 * owner sees. Conditions are waited for, never fixed sleeps.
 */

let s: TestServer;
let browser: Browser;

beforeAll(async () => {
  s = await startServerWithWeb();
  browser = await launchBrowser([
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--autoplay-policy=no-user-gesture-required',
  ]);
});
afterAll(async () => {
  await browser?.close();
  await s?.close();
});

const level = (page: Page) =>
  page.getByTestId('live-audio-level').evaluate((el) => Number((el as HTMLElement).dataset.level));

describe('LIVE-AUDIO: talking over the music in a room', () => {
  it('LIVE-AUDIO-5: the owner talks, the listener’s received level rises; LIVE-AUDIO-3, LIVE-AUDIO-4: a raised hand is let in, then cut; LIVE-AUDIO-8: mute; LIVE-AUDIO-11: the room card shows who talks, then live audio', async () => {
    const owner = await s.createUser({ nickname: 'Mic Owner' });
    const fan = await s.createUser({ nickname: 'Fan Ear' });
    const room = await s.as(owner.token).call(roomEndpoints.create, {
      body: { name: 'Talk Radio', design: 'CLUB' },
    });
    await s.as(owner.token).call(roomSettingsEndpoints.liveAudio, {
      params: { id: room.uuid },
      body: { liveAudio: true },
    });

    const a = await pageOf(await signedInContext(browser, owner.token), 45_000);
    const b = await pageOf(await signedInContext(browser, fan.token), 45_000);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await a.locator('[data-testid="live-audio"][data-status="ready"]').waitFor();
    await b.locator('[data-testid="live-audio"][data-status="ready"]').waitFor();

    // A listener sees no mic, only a hand to raise (the access table), and nothing heard yet.
    expect(await b.getByTestId('live-audio-talk').count()).toBe(0);
    expect(await level(b)).toBe(0);
    await b.getByTestId('live-audio-hand').click();
    await a.getByTestId('live-audio-hand-up').filter({ hasText: 'Fan Ear' }).waitFor();

    // The owner talks (the fake microphone beeps); the listener hears it.
    await a.getByTestId('live-audio-talk').click();
    await a.getByTestId('live-audio-stop').filter({ hasText: 'Stop talking' }).waitFor();
    await b.getByTestId('live-audio-onair').waitFor();
    await expect(b.getByTestId('live-audio-speaker').innerText()).resolves.toContain('Mic Owner');
    await b.waitForFunction(
      () => {
        const el = document.querySelector<HTMLElement>('[data-testid="live-audio-level"]');
        return Number(el?.dataset.level ?? 0) > 0.01;
      },
      undefined,
      { polling: 50, timeout: 45_000 },
    );
    if (process.env.SHOTS_DIR) {
      await b.screenshot({ path: `${process.env.SHOTS_DIR}/live-audio-1280.png` });
      await b.setViewportSize({ width: 390, height: 844 });
      await b.getByTestId('live-audio').scrollIntoViewIfNeeded();
      await b.screenshot({ path: `${process.env.SHOTS_DIR}/live-audio-390.png` });
      await b.setViewportSize({ width: 1280, height: 800 });
    }
    // The speaker does not hear themself.
    expect(await level(a)).toBe(0);

    // Off the mic: the listener sees nobody on air.
    await a.getByTestId('live-audio-stop').click();
    await b.getByTestId('live-audio-onair').waitFor({ state: 'detached' });

    // LIVE-AUDIO-3: the owner lets the listener talk; LIVE-AUDIO-4: then cuts them.
    await a
      .getByTestId('live-audio-hand-up')
      .filter({ hasText: 'Fan Ear' })
      .getByRole('button', { name: 'Let talk' })
      .click();
    await b.getByTestId('live-audio-talk').click();
    await a.getByTestId('live-audio-speaker').filter({ hasText: 'Fan Ear' }).waitFor();
    await a
      .getByTestId('live-audio-speaker')
      .filter({ hasText: 'Fan Ear' })
      .getByRole('button', { name: 'Cut' })
      .click();
    await b.getByTestId('live-audio-hand').waitFor();
    expect(await b.getByTestId('live-audio-talk').count()).toBe(0);
    await b.getByTestId('live-audio-onair').waitFor({ state: 'detached' });
    // LIVE-AUDIO-8: anyone mutes what they hear.
    await b.getByTestId('live-audio-mute').click();
    await b.locator('[data-testid="live-audio-mute"][aria-pressed="true"]').waitFor();

    // LIVE-AUDIO-11: the rooms list shows the room as talking while the owner is on the mic, then
    // only its live audio.
    await a.getByTestId('live-audio-talk').click();
    await a.getByTestId('live-audio-stop').waitFor();
    await b.goto(`${s.url}/rooms`);
    const card = b.getByTestId('room-card').filter({ hasText: 'Talk Radio' });
    await card.getByTestId('room-card-talking').waitFor();
    await a.getByTestId('live-audio-stop').click();
    await b.reload();
    await card.getByTestId('room-card-live-audio').waitFor();
    await a.context().close();
    await b.context().close();
    // A limit for a loaded 2-core machine (two browsers, a server), not a speed check.
  }, 400_000);
});
