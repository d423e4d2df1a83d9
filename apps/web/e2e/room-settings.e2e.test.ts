import { describe, expect, it } from 'vitest';
import { roomEndpoints, roomRoleEndpoints, specialCrateEndpoints } from '@tt/protocol';
import { sdkDjOnStage, signedInPage, webFixture } from './support';

/** A 2×2 PNG, the smallest poster there is. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==',
  'base64',
);

describe('web: room settings beyond the form', () => {
  const f = webFixture();

  it('pins a message, sets a link and a poster; a listener sees them in the room', async () => {
    const s = f.server();
    const owner = await s.createUser({ nickname: 'Pin Host' });
    const listener = await s.createUser({ nickname: 'Pin Reader' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Pinboard', design: 'CLUB' } });
    const b = await signedInPage(f.browser(), listener.token, 390);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await b.getByTestId('room-page').waitFor();

    const a = await signedInPage(f.browser(), owner.token);
    await a.goto(`${s.url}/rooms/${room.slug}/settings`);
    await a.getByTestId('pin-text').fill('Requests in chat, one per person');
    await a.getByTestId('pin-add').click();
    await a.getByTestId('pinned-edit').filter({ hasText: 'one per person' }).waitFor();
    await a.getByTestId('room-link').fill('https://example.org/pinboard');
    await a.getByTestId('room-look').getByRole('button', { name: 'Save' }).click();
    await a.getByTestId('room-look').getByRole('button', { name: 'Saved' }).waitFor();
    await a.getByTestId('poster-file').setInputFiles({
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await a.locator('.room-poster').waitFor();
    await f.shot(a, 'room-settings-1280');

    // The listener's room shows the pin and the link without a reload (settings are pushed).
    await b
      .getByTestId('pinned-message')
      .filter({ hasText: 'Requests in chat, one per person' })
      .waitFor();
    await expect(b.getByTestId('room-external-link').textContent()).resolves.toContain(
      'example.org',
    );
    await f.shot(b, 'room-pinned-390');
    const saved = await s.as(owner.token).call(roomEndpoints.get, { params: { id: room.slug } });
    expect(saved.pinnedMessages.map((p) => p.message)).toEqual([
      'Requests in chat, one per person',
    ]);
    expect(saved.posterUrl).toMatch(/\/poster\/image\?v=/);

    // Unpinning takes it away again.
    await a.getByTestId('pinned-edit').getByRole('button', { name: 'Unpin' }).click();
    await b.getByTestId('pinned-bar').waitFor({ state: 'detached' });
    await a.context().close();
    await b.context().close();
  });

  it('the owner hands the room over and stays on as co-owner', async () => {
    const s = f.server();
    const owner = await s.createUser({ nickname: 'Old Owner' });
    const heir = await s.createUser({ nickname: 'New Owner' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Heirloom', design: 'CLUB' } });
    await s.as(owner.token).call(roomRoleEndpoints.create, {
      params: { roomId: room.uuid },
      body: { userUuid: heir.uuid, role: 'moderator' },
    });
    const a = await signedInPage(f.browser(), owner.token, 390);
    await a.goto(`${s.url}/rooms/${room.slug}/settings`);
    await a.getByTestId('transfer-to').selectOption({ label: 'New Owner' });
    await a.getByTestId('room-transfer').getByRole('button', { name: 'Hand over…' }).click();
    await a.getByTestId('transfer-confirm').click();
    await a.getByTestId('transferred').waitFor();
    await a.getByTestId('room-transfer').waitFor({ state: 'detached' });
    const roles = await s
      .as(owner.token)
      .call(roomRoleEndpoints.list, { params: { roomId: room.uuid } });
    const roleOf = (u: string) => roles.filter((r) => r.userUuid === u).map((r) => r.role);
    expect(roleOf(heir.uuid)).toContain('owner');
    expect(roleOf(owner.uuid)).toContain('coOwner');
    await a.context().close();
  });

  it('Recently played lists what was played, by whom; a song not in the catalogue is not saved to the queue (CRATE-IMPORT-2)', async () => {
    const s = f.server();
    const dj = await s.createUser({ nickname: 'History DJ' });
    const fan = await s.createUser({ nickname: 'History Fan' });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Archive', design: 'THEATER' } });
    // The bot plays a song no provider here can import (an upload id the catalogue never had).
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'First Light');
    try {
      await (sdk as unknown as { action: (n: string, p: object) => Promise<unknown> }).action(
        'skipSong',
        {},
      );
      const page = await signedInPage(f.browser(), fan.token, 390);
      await page.goto(`${s.url}/rooms/${room.slug}`);
      await page.getByTestId('recent-songs').locator('summary').click();
      const row = page.getByTestId('recent-song').filter({ hasText: 'First Light' }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('History DJ');
      await row.getByTestId('add-to-crate').click();
      await row.getByTestId('add-to-queue').click();
      // Import before add: the person is told, and nothing waits in the queue for data.
      await page
        .getByText(/^Sorry, this song/)
        .first()
        .waitFor();
      const q = await s
        .as(fan.token)
        .call(specialCrateEndpoints.songs, { params: { special: 'queue' }, query: {} });
      expect(q.songs.map((x) => x.trackName)).not.toContain('First Light');
      await f.shot(page, 'room-recent-390');
      await page.context().close();
    } finally {
      sdk.disconnect();
    }
  });
});
