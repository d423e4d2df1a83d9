import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  moderationEndpoints,
  notificationCentreEndpoints,
  roomEndpoints,
  roomListEndpoints,
  roomRoleEndpoints,
  songEndpoints,
} from '@tt/protocol';
import { shot, toneMp3 } from './search-upload.support';
import { signedInPage, uploadSong, waitFor, webFixture } from './support';

describe('web: the tools of uploaders, room owners and Discord servers', () => {
  const web = webFixture();
  let tmp: string;
  let tone: Buffer;

  beforeAll(async () => {
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'tt-e2e-owner-tools-'));
    tone = await toneMp3(tmp, 'short.mp3', 6);
  });
  afterAll(async () => {
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });

  it('UPLOAD-EDIT-1, UPLOAD-DELETE-1, FORM-AUTO-1: an uploader re-tags a ready song (it saves itself) and deletes another', async () => {
    const s = web.server();
    const moderator = await s.createUser({ roles: ['user', 'moderator'] });
    const uploader = await s.createUser({ nickname: 'Tagging Tess' });
    await s.as(moderator.token).call(moderationEndpoints.addCapability, {
      params: { id: uploader.uuid, capability: 'uploadMusic' },
    });
    // Six-second tones uploaded through the API, each with its name, and verified.
    const tagged = (trackName: string) => ({ trackName, artistName: 'Owner Tools' });
    const keep = await uploadSong(s, uploader.token, tone, 'tone.mp3', tagged('Keep Me Tagged'));
    const drop = await uploadSong(s, uploader.token, tone, 'tone.mp3', tagged('Delete Me Soon'));

    for (const width of [1280, 390]) {
      const page = await signedInPage(web.browser(), uploader.token, width);
      await page.goto(`${s.url}/upload`);
      const row = page.locator(`[data-testid="my-upload"][data-song="${keep.songShortId}"]`);
      await row.getByText('Ready to play').waitFor();
      if (width === 1280) {
        await row.getByTestId('my-upload-edit').click();
        const form = row.getByTestId(`tags-form-${keep.songShortId}`);
        await form.getByLabel('Genre').fill('Lo-fi');
        await form.getByLabel('Year').fill('2024');
        await form.getByLabel('ISRC').fill('usrc17607839');
        // No click: the form saves itself once the typing stops.
        await form.locator('[data-testid="tags-save"][data-phase="submitted"]').waitFor();
        const saved = await s.client.call(songEndpoints.get, { params: { id: keep.songShortId } });
        expect([saved.genre, saved.releaseYear, saved.isrc]).toEqual([
          'Lo-fi',
          2024,
          'USRC17607839',
        ]);
        // A bad year is not sent, and says why.
        await form.getByLabel('Year').fill('24');
        await form.getByText('Four digits, such as 2024.').waitFor();
        await expect(form.getByTestId('tags-save').isDisabled()).resolves.toBe(true);
        await shot(page, 'owner-tools-upload-tags-1280');
      } else {
        const other = page.locator(`[data-testid="my-upload"][data-song="${drop.songShortId}"]`);
        await other.getByTestId('my-upload-delete').click();
        await shot(page, 'owner-tools-upload-delete-390');
        await other.getByTestId('my-upload-delete-confirm').click();
        await other.waitFor({ state: 'detached' });
        await expect(
          s.client.call(songEndpoints.get, { params: { id: drop.songShortId } }),
        ).rejects.toMatchObject({ status: 404 });
        await row.waitFor();
      }
      await page.context().close();
    }
  });

  it('NOTIFY-SEND-3: a room moderator messages the regulars from the room; the owner is told to wait; a listener has no such button', async () => {
    const s = web.server();
    const owner = await s.createUser({ nickname: 'Owner Olga' });
    const mod = await s.createUser({ nickname: 'Moderator Max' });
    const regular = await s.createUser({ nickname: 'Regular Rae' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Regulars Lounge', design: 'CLUB' } });
    await s.as(owner.token).call(roomRoleEndpoints.create, {
      params: { roomId: room.uuid },
      body: { userUuid: mod.uuid, role: 'moderator' },
    });
    // The regular comes by (a visit makes a regular) and sees no tool for it.
    const listener = await signedInPage(web.browser(), regular.token, 390);
    await listener.goto(`${s.url}/rooms/${room.slug}`);
    await listener.getByTestId('room-page').waitFor();
    await expect(listener.getByTestId('message-regulars').count()).resolves.toBe(0);

    const page = await signedInPage(web.browser(), mod.token, 390);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    await page.getByTestId('message-regulars').click();
    const dialog = page.getByTestId('regulars-dialog');
    await expect(dialog.getByTestId('regulars-send').isDisabled()).resolves.toBe(true);
    await dialog.getByLabel('Message').fill('Listening party at nine!');
    await web.shot(page, 'owner-tools-regulars-390');
    await dialog.getByTestId('regulars-send').click();
    await dialog
      .getByTestId('regulars-sent')
      .getByText(/^Sent to \d+ (person|people)\.$/)
      .waitFor();
    const got = await waitFor(async () => {
      const list = await s.as(regular.token).call(notificationCentreEndpoints.list, { query: {} });
      return list.notifications.find((n) => n.body === 'Listening party at nine!');
    }, 'the regular to get the message');
    expect(got.title).toBe('Regulars Lounge');
    await page.context().close();

    // Once an hour: the owner, right after, reads the server's answer.
    const ownerPage = await signedInPage(web.browser(), owner.token, 1280);
    await ownerPage.goto(`${s.url}/rooms/${room.slug}`);
    await ownerPage.getByTestId('message-regulars').click();
    await ownerPage.getByTestId('regulars-message').fill('Again?');
    await ownerPage.getByTestId('regulars-send').click();
    await ownerPage
      .getByTestId('regulars-dialog')
      .getByText("This room's regulars were messaged recently, please wait a while.")
      .waitFor();
    await web.shot(ownerPage, 'owner-tools-regulars-1280');
    await ownerPage.context().close();
    await listener.context().close();
  });

  it('ACTIVITY-ROOMS-1, ACTIVITY-ROOMS-2: inside a Discord server, a room owner attaches a room and everyone there sees it', async () => {
    const s = web.server();
    const guildId = '81234567890123456';
    const params = `?frame_id=frame-1&instance_id=inst-1&platform=desktop&guild_id=${guildId}`;
    const owner = await s.createUser({ nickname: 'Guild Owner' });
    const guest = await s.createUser({ nickname: 'Guild Member' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Guild Hall', design: 'CLUB' } });

    const page = await signedInPage(web.browser(), owner.token, 1280);
    await page.goto(`${s.url}/${params}`);
    const panel = page.getByTestId('activity-rooms');
    await panel.getByText('No room is attached to this server yet.').waitFor();
    await panel.getByLabel('Attach one of your rooms to this server').selectOption(room.uuid);
    await panel.getByTestId('activity-attach-submit').click();
    await panel.getByTestId('activity-room').filter({ hasText: 'Guild Hall' }).waitFor();
    // Attached: no longer offered, and the server lists it.
    await panel.getByTestId('activity-attach').waitFor({ state: 'detached' });
    const listed = await s.as(owner.token).call(roomListEndpoints.discord, { params: { guildId } });
    expect(listed.map((r) => r.uuid)).toEqual([room.uuid]);
    await web.shot(page, 'owner-tools-activity-1280');
    await page.context().close();

    // Another member of the server: the room, a way in, nothing to attach.
    const member = await signedInPage(web.browser(), guest.token, 390);
    await member.goto(`${s.url}/rooms${params}`);
    const theirs = member.getByTestId('activity-rooms').getByTestId('activity-room');
    await theirs.filter({ hasText: 'Guild Hall' }).waitFor();
    await expect(member.getByTestId('activity-attach').count()).resolves.toBe(0);
    await web.shot(member, 'owner-tools-activity-390');
    await theirs.getByRole('link', { name: 'Join' }).click();
    await member.getByTestId('room-name').filter({ hasText: 'Guild Hall' }).waitFor();
    await member.context().close();
  });
});
