import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { roomEndpoints, roomRoleEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { seedDemoCatalogue } from '../../server/src/services/song/index';
import { launchBrowser, signedInPage, startServerWithWeb } from './support';

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').trim();

/** Waits until the element's text is `want` (state arrives over the socket). */
async function waitText(page: Page, testId: string, want: string) {
  await page.waitForFunction(
    ([id, w]) => document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() === w,
    [testId, want] as const,
  );
}

describe('web: a live room in two browsers', () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    s = await startServerWithWeb();
    // Three demo tracks, rendered and transcoded for real (long enough to outlast the test).
    await seedDemoCatalogue(s.app.platform, { count: 3, maxSeconds: 90 });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('one DJs a song from search, the other sees it, likes it, and both show the same vibe meter', async () => {
    const dj = await s.createUser({ nickname: 'DJ Ana' });
    const fan = await s.createUser({ nickname: 'Ben' });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'E2E Late Night', design: 'CLUB' } });

    const a = await signedInPage(browser, dj.token);
    const b = await signedInPage(browser, fan.token);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await a.getByTestId('room-page').waitFor();
    await b.getByTestId('room-page').waitFor();
    await expect(text(a, 'room-name')).resolves.toBe('E2E Late Night');

    // Both see each other: two people in the room.
    await waitText(a, 'room-count', '2 listening');
    await waitText(b, 'room-count', '2 listening');

    // A searches, picks a song and takes a DJ seat with it.
    await a.getByTestId('song-search-input').fill('rooftop');
    const result = a.getByTestId('search-result').filter({ hasText: 'Rooftop Hours' });
    await result.getByRole('button', { name: /Choose/ }).click();
    await a.getByTestId('picked-song').getByText('Rooftop Hours').waitFor();
    await a.getByTestId('take-seat').click();

    // The song starts: B sees it on the now-playing card, A is on air.
    await waitText(b, 'np-title', 'Rooftop Hours');
    await expect(text(b, 'np-artist')).resolves.toBe('Velvet Lanterns');
    await waitText(a, 'np-title', 'Rooftop Hours');
    await a.getByTestId('dj-panel').getByText("You're on air").waitFor();
    await b.getByTestId('booth').getByTestId(`avatar-${dj.uuid}`).waitFor();

    // B likes it: both pages show one like and the same vibe meter.
    await b.getByTestId('vote-like').click();
    await waitText(b, 'like-count', '1');
    await waitText(a, 'like-count', '1');
    await waitText(a, 'vibe-value', '100%');
    await waitText(b, 'vibe-value', '100%');
    expect(await b.getByTestId('vote-like').getAttribute('aria-pressed')).toBe('true');

    // The room state on the server agrees.
    const state = await s
      .as(fan.token)
      .call(roomEndpoints.roomState, { params: { id: room.uuid } });
    expect(state.voteCounts.likes).toBe(1);
    expect(state.nowPlaying?.song.trackName).toBe('Rooftop Hours');

    // Elsewhere in the app the header shows the room B is in, clear of the other links.
    await b.getByTestId('nav-crates').click();
    const pill = b.locator('.in-room-pill');
    await pill.waitFor();
    const pillBox = (await pill.boundingBox())!;
    for (const link of await b.locator('.main-nav a').all()) {
      if (!(await link.isVisible())) continue;
      const box = (await link.boundingBox())!;
      expect(box.x + box.width + 8).toBeLessThanOrEqual(pillBox.x);
    }

    await a.context().close();
    await b.context().close();
  });

  it('a moderator kicks a listener from the avatar menu; the listener sees why', async () => {
    const owner = await s.createUser({ nickname: 'Boss' });
    const rowdy = await s.createUser({ nickname: 'Rowdy' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'House Rules', design: 'UNDERGROUND' } });
    const a = await signedInPage(browser, owner.token);
    const b = await signedInPage(browser, rowdy.token);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await b.getByTestId('room-page').waitFor();
    // First a role from the menu: muting in chat gives the room role chatDisabled.
    await a.getByTestId('floor').getByTestId(`avatar-${rowdy.uuid}`).click();
    await a.getByTestId('mod-role-chatDisabled').click();
    await expect
      .poll(async () =>
        (
          await s.as(owner.token).call(roomRoleEndpoints.ofUser, {
            params: { roomId: room.uuid, userId: rowdy.uuid },
          })
        ).map((r) => r.role),
      )
      .toContain('chatDisabled');
    await a.getByTestId('floor').getByTestId(`avatar-${rowdy.uuid}`).click();
    // The menu follows the room state, which the socket brings a moment after the server saved it.
    await a
      .getByTestId('mod-role-chatDisabled')
      .filter({ hasText: /^Unmute in chat$/ })
      .waitFor();
    await a.getByTestId('mod-kick').click();
    await a.getByLabel('Reason (optional)').fill('Too loud');
    await a.getByTestId('mod-confirm').click();
    await waitText(b, 'kicked', 'Reason: Too loud');
    await waitText(a, 'room-count', '1 listening');
    await a.context().close();
    await b.context().close();
  });

  it('bans with a reason and a length from the avatar menu, then lifts it in the room settings', async () => {
    const owner = await s.createUser({ nickname: 'Host' });
    const rowdy = await s.createUser({ nickname: 'Heckler' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Quiet Hours', design: 'CLUB' } });
    const a = await signedInPage(browser, owner.token);
    const b = await signedInPage(browser, rowdy.token);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await b.getByTestId('room-page').waitFor();
    await a.getByTestId('floor').getByTestId(`avatar-${rowdy.uuid}`).click();
    await a.getByTestId('mod-ban').click();
    await a.getByTestId('mod-reason').fill('Spamming');
    await a.getByTestId('mod-ban-length').selectOption('60');
    await a.getByTestId('mod-confirm').click();
    await waitText(b, 'kicked', 'Reason: Spamming');
    const roles = async () =>
      (
        await s.as(owner.token).call(roomRoleEndpoints.ofUser, {
          params: { roomId: room.uuid, userId: rowdy.uuid },
        })
      ).filter((r) => r.role === 'banned');
    const [ban] = await roles();
    expect(Date.parse(ban!.expirationTime!) - Date.now()).toBeGreaterThan(50 * 60_000);
    await a.goto(`${s.url}/rooms/${room.slug}/settings`);
    const row = a
      .getByTestId('room-role')
      .filter({ hasText: 'Heckler' })
      .filter({ hasText: 'Banned' });
    await row.waitFor();
    await row.getByTestId('room-role-lift').click();
    await row.waitFor({ state: 'detached' });
    await expect.poll(async () => (await roles()).length).toBe(0);
    await a.context().close();
    await b.context().close();
  });

  it('ROOM-LEAVE-1: after "Leave room" the others see one listener fewer well within the reconnect grace', async () => {
    const host = await s.createUser({ nickname: 'Stayer' });
    const guest = await s.createUser({ nickname: 'Goer' });
    const room = await s
      .as(host.token)
      .call(roomEndpoints.create, { body: { name: 'Door Test', design: 'BARN' } });
    const a = await signedInPage(browser, host.token);
    const b = await signedInPage(browser, guest.token, 390);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await waitText(a, 'room-count', '2 listening');
    await b.getByTestId('leave-room').click();
    // The server keeps a dropped connection's place for 20 s; an explicit leave is at once.
    await a.waitForFunction(
      () =>
        document.querySelector('[data-testid="room-count"]')?.textContent?.trim() === '1 listening',
      undefined,
      { timeout: 12_000 },
    );
    await a.context().close();
    await b.context().close();
  });

  it('asks for the password of a protected room and lets the right one in', async () => {
    const owner = await s.createUser({ nickname: 'Owner' });
    const guest = await s.createUser({ nickname: 'Visitor' });
    const room = await s.as(owner.token).call(roomEndpoints.create, {
      body: { name: 'Secret Garden', design: 'FESTIVAL', password: 'open-sesame' },
    });
    const page = await signedInPage(browser, guest.token, 390);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    await page.getByTestId('room-password-form').waitFor();
    await page.getByTestId('room-password-input').fill('wrong-one');
    await page.getByRole('button', { name: 'Enter the room' }).click();
    await page.getByTestId('room-password-error').waitFor();
    await page.getByTestId('room-password-input').fill('open-sesame');
    await page.getByRole('button', { name: 'Enter the room' }).click();
    await page.getByTestId('room-page').waitFor();
    await expect(text(page, 'room-name')).resolves.toBe('Secret Garden');
    await page.context().close();
  });
});
