import { describe, expect, it } from 'vitest';
import { communityEndpoints, eventEndpoints, roomEndpoints } from '@tt/protocol';
import { signedInPage, webFixture } from './support';

/**
 * The moderation log in the staff console (AUDIT-MOD-1, AUDIT-MOD-3, AUDIT-STATS-1): a host bans
 * someone from the avatar menu in a room; a moderator finds the ban in the log (filtered by
 * action) and in the person's history; an admin opens the analytics and the communities list.
 * SHOTS_DIR=<dir> also saves screenshots at 1280 and 390 px.
 */
describe('web: moderation log and analytics', () => {
  const web = webFixture();
  const shot = web.shot;

  it('the moderation log shows a ban made in a room', async () => {
    const s = web.server();
    const host = await s.createUser({ nickname: 'Host' });
    const rowdy = await s.createUser({ nickname: 'Heckler' });
    const mod = await s.createUser({ nickname: 'Mod Mia', roles: ['user', 'moderator'] });
    const room = await s
      .as(host.token)
      .call(roomEndpoints.create, { body: { name: 'Quiet Hours', design: 'CLUB' } });
    const a = await signedInPage(web.browser(), host.token);
    const b = await signedInPage(web.browser(), rowdy.token);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await b.getByTestId('room-page').waitFor();
    await a.getByTestId('floor').getByTestId(`avatar-${rowdy.uuid}`).click();
    await a.getByTestId('mod-ban').click();
    await a.getByTestId('mod-reason').fill('Spamming the chat');
    await a.getByTestId('mod-ban-length').selectOption('60');
    await a.getByTestId('mod-confirm').click();
    await b.getByTestId('kicked').waitFor();

    const m = await signedInPage(web.browser(), mod.token);
    await m.goto(`${s.url}/admin/moderation`);
    await m.getByTestId('moderation-log-type').selectOption('roomRoleAdded');
    const entry = m
      .getByTestId('moderation-entry')
      .filter({ hasText: 'Heckler' })
      .filter({ hasText: 'Spamming the chat' });
    await entry.waitFor({ timeout: 30_000 });
    const text = await entry.textContent();
    expect(text).toContain('Host');
    expect(text).toContain('banned');
    await shot(m, 'moderation-log-desktop');

    // The person's history on their page in the console.
    await entry.getByRole('link', { name: 'Heckler' }).click();
    await m
      .getByTestId('moderation-history')
      .getByTestId('moderation-entry')
      .filter({ hasText: 'Spamming the chat' })
      .waitFor();

    const phone = await signedInPage(web.browser(), mod.token, 390);
    await phone.goto(`${s.url}/admin/moderation`);
    await phone.getByTestId('moderation-entry').first().waitFor();
    await shot(phone, 'moderation-log-phone');
    await Promise.all([a, b, m, phone].map((p) => p.context().close()));
  });

  it('admins see the analytics charts and the communities and events lists', async () => {
    const s = web.server();
    const admin = await s.createUser({ nickname: 'Ada', roles: ['user', 'admin'] });
    // A week of plays in two rooms by two DJs (as the rooms' work events would record them).
    const djs = [
      await s.createUser({ nickname: 'Nova' }),
      await s.createUser({ nickname: 'Orbit' }),
    ];
    const rooms = await Promise.all(
      ['Sunset Deck', 'Basement'].map((name, i) =>
        s.as(djs[i].token).call(roomEndpoints.create, { body: { name } }),
      ),
    );
    const songs = [
      ['Midnight City', 'M83'],
      ['Innerbloom', 'RÜFÜS DU SOL'],
      ['Teardrop', 'Massive Attack'],
    ];
    for (let n = 0; n < 30; n++) {
      const i = n % 2;
      const [trackName, artistName] = songs[n % 3];
      const listeners = Array.from({ length: 2 + ((n * 7) % 9) }, () => crypto.randomUUID());
      await s.app.platform.outbox.emit('room.songPlayed', {
        roomUuid: rooms[i].uuid,
        djUuid: djs[i].uuid,
        songId: `demo-${n % 3}`,
        trackName,
        artistName,
        playedSeconds: 200,
        likers: listeners.slice(0, 1 + (n % 3)),
        starrers: [],
        listeners,
        endedAt: new Date(Date.now() - (n % 7) * 86_400_000).toISOString(),
      });
    }
    const page = await signedInPage(web.browser(), admin.token);
    await page.goto(`${s.url}/admin/analytics`);
    await page.getByTestId('top-songs').getByText('Midnight City').waitFor({ timeout: 30_000 });
    await page.getByTestId('admin-analytics').waitFor();
    await page.getByTestId('chart-plays').locator('svg').first().waitFor();
    await shot(page, 'analytics-desktop');
    // A community and an event of Nova's: listed for the admin, and the event can be removed.
    await s.as(djs[0].token).call(communityEndpoints.create, { body: { name: 'Deep Cuts Club' } });
    const startsAt = new Date(Date.now() + 86_400_000);
    await s.as(djs[0].token).call(eventEndpoints.create, {
      body: {
        name: 'Sunset Sessions',
        roomId: rooms[0].uuid,
        startsAt: startsAt.toISOString(),
        endsAt: new Date(startsAt.getTime() + 7_200_000).toISOString(),
      },
    });
    await page.getByTestId('admin-tab-communities').click();
    await page.getByTestId('admin-communities').getByText('Deep Cuts Club').waitFor();
    const events = page.getByTestId('admin-events');
    await events.getByText('Sunset Sessions').waitFor();
    await shot(page, 'admin-communities-desktop');
    page.once('dialog', (d) => void d.accept());
    await events.getByRole('button', { name: 'Cancel' }).click();
    await events.getByText('Sunset Sessions').waitFor({ state: 'detached' });
    await page.context().close();
  });
});
