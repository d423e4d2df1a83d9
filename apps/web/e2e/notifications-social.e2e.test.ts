import { describe, expect, it } from 'vitest';
import { cometChatApi, djFanEndpoints, notificationCentreEndpoints as c } from '@tt/protocol';
import { botText } from '../../server/src/services/chat/testing';
import { signedInPage, webFixture } from './support';

/**
 * A new follower and a DM read, as the person sees them (NOTIFY-FAN-1, NOTIFY-CHAT-3,
 * NOTIFY-LIVE-2): the DJ's bell counts a new follower live, the centre says who in the reader's
 * language and leads to their profile; a DM's notification is read once its conversation is
 * opened, and the bell drops without a reload. SHOTS_DIR=<dir> also saves screenshots.
 */
describe('web: notifications of follows and DMs', () => {
  const web = webFixture();

  it('NOTIFY-FAN-1: a DJ hears of a new follower, in Spanish, and opens their profile', async () => {
    const s = web.server();
    const dj = await s.createUser({ nickname: 'Nova' });
    const fan = await s.createUser({ nickname: 'Lu' });
    const page = await signedInPage(web.browser(), dj.token);
    await page.goto(`${s.url}/rooms?lang=es`);
    await page.getByTestId('nav-bell').waitFor();
    await expect(page.getByTestId('nav-bell-count').count()).resolves.toBe(0);

    await s.as(fan.token).call(djFanEndpoints.follow, { body: { djUuid: dj.uuid } });
    await page.getByTestId('nav-bell-count').filter({ hasText: '1' }).waitFor({ timeout: 60_000 });
    await page.getByTestId('nav-bell').click();
    const item = page.getByTestId('notification').filter({ hasText: 'Lu empezó a seguirte' });
    await item.waitFor();
    await web.shot(page, 'notifications-new-fan-es');
    await item.click();
    await page.waitForURL(`**/profile/${fan.uuid}`);
    await expect.poll(async () => (await s.as(dj.token).call(c.unreadCount, {})).unread).toBe(0);
    await page.context().close();
  });

  it('NOTIFY-CHAT-3: opening the conversation reads the DM notification; the bell drops live', async () => {
    const s = web.server();
    const ana = await s.createUser({ nickname: 'Ana' });
    const ben = await s.createUser({ nickname: 'Ben' });
    const page = await signedInPage(web.browser(), ben.token);
    await page.goto(`${s.url}/rooms`);
    await page.getByTestId('nav-bell').waitFor();

    await s.as(ana.token).call(cometChatApi.send, {
      body: botText(ben.uuid, 'are you playing tonight?', {}, 'user'),
    } as never);
    await page.getByTestId('nav-bell-count').filter({ hasText: '1' }).waitFor({ timeout: 60_000 });
    const [dm] = (await s.as(ben.token).call(c.list, { query: {} })).notifications;
    expect(dm).toMatchObject({ kind: 'directMessage', actorUuid: ana.uuid, readAt: null });

    // Opening the conversation from the inbox, not from the notification.
    await page.goto(`${s.url}/messages/${ana.uuid}`);
    await page.getByTestId('chat-message').filter({ hasText: 'playing tonight' }).waitFor();
    await page.getByTestId('nav-bell-count').waitFor({ state: 'detached', timeout: 60_000 });
    const after = (await s.as(ben.token).call(c.list, { query: {} })).notifications;
    expect(after.find((n) => n.id === dm!.id)?.readAt).toEqual(expect.any(String));
    await page.context().close();
  });
});
