import { describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { SocketClient } from 'ttfm-socket';
import { roomEndpoints, roomSettingsEndpoints } from '@tt/protocol';
import { sdkDjOnStage, signedInPage, webFixture } from './support';

/** docs/ROOM-RULES.md ROOM-RULES-5, -7..9: managers set every rule; everyone sees them. */
const SHOTS = process.env.SHOTS_DIR;
/** A full-page screenshot cut to the element (the sticky header stays at the page's top). */
const shotOf = async (page: Page, testId: string, name: string) => {
  if (!SHOTS) return;
  await page.evaluate(() => window.scrollTo(0, 0));
  const box = await page.getByTestId(testId).boundingBox();
  if (!box) throw new Error(`${testId} is not shown`);
  const clip = {
    x: 0,
    y: Math.max(0, box.y - 8),
    width: page.viewportSize()!.width,
    height: box.height + 16,
  };
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true, clip });
};

describe('web: room rules', () => {
  const f = webFixture();

  it('ROOM-RULES-7..9: the owner sets every rule in the settings; a listener sees them in the room', async () => {
    const s = f.server();
    const owner = await s.createUser({ nickname: 'Rule Maker' });
    const listener = await s.createUser({ nickname: 'Rule Reader' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'House Rules', design: 'CLUB' } });
    const wide = await signedInPage(f.browser(), listener.token, 1280);
    const phone = await signedInPage(f.browser(), listener.token, 390);
    for (const p of [wide, phone]) {
      await p.goto(`${s.url}/rooms/${room.slug}`);
      await p.getByTestId('room-page').waitFor();
    }

    const a = await signedInPage(f.browser(), owner.token, 1280);
    await a.goto(`${s.url}/rooms/${room.slug}/settings`);
    const section = a.getByTestId('room-rules-section');
    await section.waitFor();
    await a.getByTestId('room-rules-maxSongMinutes').fill('6');
    await a.getByTestId('room-rules-noRepeatPlays').fill('10');
    await a.getByTestId('room-rules-noRepeatHours').fill('3');
    await a.getByTestId('room-rules-djMinutesPerHour').fill('20');
    await a.getByTestId('room-rules-dislikeSkipPercent').fill('50');
    await a.getByTestId('room-rules-boothLock').fill(listener.uuid);
    await a.getByTestId('room-rules-afkDjMinutes').fill('15');
    await a.getByTestId('room-rules-newTracksOnly').check();
    await a.getByTestId('room-rules-boothFrozen').check();
    await a.getByTestId('room-rules-crossfadeSeconds').fill('4');
    await section.getByRole('button', { name: 'Save' }).click();
    await section.getByRole('button', { name: 'Saved' }).waitFor();
    await shotOf(a, 'room-rules-section', 'rules-settings-1280');
    const saved = await s.as(owner.token).call(roomEndpoints.get, { params: { id: room.slug } });
    expect(saved.rules).toEqual({
      maxSongSeconds: 360,
      noRepeatPlays: 10,
      noRepeatHours: 3,
      djMinutesPerHour: 20,
      boothLock: [listener.uuid],
      dislikeSkipShare: 0.5,
      afkDjMinutes: 15,
      newTracksOnly: true,
      boothFrozen: true,
      crossfadeSeconds: 4,
    });

    // The listener's room shows every rule at once (settings are pushed, no reload).
    for (const p of [wide, phone]) {
      await p.getByTestId('room-rule-crossfadeSeconds').waitFor();
      await expect(p.getByTestId('room-rules').locator('li').count()).resolves.toBe(10);
      await expect(p.getByTestId('room-rule-afkDjMinutes').textContent()).resolves.toContain(
        '15 min',
      );
      await expect(p.getByTestId('room-rule-boothFrozen').textContent()).resolves.toContain(
        'Seat line frozen',
      );
    }
    await shotOf(wide, 'room-page', 'rules-room-1280');
    await shotOf(phone, 'room-page', 'rules-room-390');

    // Unchecking a switch turns its rule off.
    const b = await signedInPage(f.browser(), owner.token, 390);
    await b.goto(`${s.url}/rooms/${room.slug}/settings`);
    const small = b.getByTestId('room-rules-section');
    await expect(b.getByTestId('room-rules-boothFrozen').isChecked()).resolves.toBe(true);
    await shotOf(b, 'room-rules-section', 'rules-settings-390');
    await b.getByTestId('room-rules-boothFrozen').uncheck();
    await small.getByRole('button', { name: 'Save' }).click();
    await small.getByRole('button', { name: 'Saved' }).waitFor();
    await wide.getByTestId('room-rule-boothFrozen').waitFor({ state: 'detached' });
    for (const p of [wide, phone, a, b]) await p.context().close();
  });
});

const AFK_WAIT_MS = 90_000;

describe('web: a DJ away too long', () => {
  const f = webFixture();

  it('ROOM-RULES-7: the DJ sees the warning in the room, then why they left the stage', async () => {
    const s = f.server();
    const owner = await s.createUser({ nickname: 'Rule Keeper' });
    const dj = await s.createUser({ nickname: 'Sleepy DJ' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Wake Up', design: 'CLUB' } });
    await s.as(owner.token).call(roomSettingsEndpoints.rules, {
      params: { id: room.uuid },
      body: { rules: { afkDjMinutes: 5 } },
    });
    const wide = await signedInPage(f.browser(), dj.token, 1280);
    const phone = await signedInPage(f.browser(), dj.token, 390);
    for (const p of [wide, phone]) {
      await p.goto(`${s.url}/rooms/${room.slug}`);
      await p.getByTestId('room-page').waitFor();
    }
    // The same user seated from the SDK: every connection of theirs hears the warning.
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Lullaby');
    try {
      await wide.getByTestId('leave-seat').waitFor();
      // Only the server's clock moves (it runs in this process); its sweep looks every 10 s.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 4 * 60_000 + 5_000 });
      // A loaded CI once needed more than 30 s for the next step, so each is waited for up to
      // AFK_WAIT_MS (a bound on a condition, not a measure of speed).
      for (const p of [wide, phone])
        await p.getByTestId('afk-warning').waitFor({ timeout: AFK_WAIT_MS });
      await shotOf(wide, 'room-page', 'rules-afk-warning-1280');
      await shotOf(phone, 'room-page', 'rules-afk-warning-390');
      // The song ends (the owner skips it); a minute past the warning the DJ leaves the stage.
      vi.setSystemTime(Date.now() + 2 * 60_000);
      const ownerSdk = new SocketClient(s.url);
      await ownerSdk.joinRoom(owner.token, { roomUuid: room.uuid });
      await (ownerSdk as unknown as { action: (n: string, p: object) => Promise<unknown> }).action(
        'skipSong',
        {},
      );
      ownerSdk.disconnect();
      await wide.getByTestId('afk-removed').waitFor({ timeout: AFK_WAIT_MS });
      await expect(wide.getByTestId('afk-removed').textContent()).resolves.toContain(
        'You were taken off the stage after too long without any action',
      );
      await wide.getByTestId('take-seat').waitFor();
      await shotOf(wide, 'room-page', 'rules-afk-removed-1280');
    } finally {
      vi.useRealTimers();
      sdk.disconnect();
      for (const p of [wide, phone]) await p.context().close();
    }
  }, 360_000);
});
