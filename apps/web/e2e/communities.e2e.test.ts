import { describe, expect, it } from 'vitest';
import { communityEndpoints, eventEndpoints, roomEndpoints } from '@tt/protocol';
import { signedInPage, webFixture } from './support';

/**
 * Communities and events in two browsers (COMM-CREATE-1, COMM-ROOM-1, EVT-ROOM-1, EVT-REMIND-1..3):
 * Dee starts a community, puts her room in it and schedules an event; Eli finds it coming up on
 * the rooms page, opens it and asks to be reminded; Dee moves the start to now and Eli's bell
 * tells him it started. SHOTS_DIR=<dir> also saves screenshots at 1280 and 390 px.
 */
describe('web: communities and events', () => {
  const web = webFixture({ EVENT_REMIND_EVERY: '1s' });
  const shot = web.shot;

  it('create a community, add a room, schedule an event, be reminded from another account', async () => {
    const s = web.server();
    const dee = await s.createUser({ nickname: 'Dee' });
    const eli = await s.createUser({ nickname: 'Eli' });
    const room = await s.as(dee.token).call(roomEndpoints.create, {
      body: { name: 'Basement Tapes', slug: `basement-${Date.now().toString(36)}` },
    });
    const a = await signedInPage(web.browser(), dee.token);
    const b = await signedInPage(web.browser(), eli.token, 390);

    // Dee starts a community from the communities page.
    await a.goto(`${s.url}/communities`);
    await a.getByTestId('community-name').fill('Late Night Collective');
    await a.getByTestId('community-create-submit').click();
    await a.waitForURL('**/communities/late-night-collective');
    await a.getByTestId('community-name').filter({ hasText: 'Late Night Collective' }).waitFor();

    // …puts her room in it…
    await a.getByTestId('community-room-pick').selectOption(room.uuid);
    await a.getByTestId('community-room-add').click();
    await a
      .getByTestId('community-rooms')
      .getByTestId('room-card')
      .filter({ hasText: 'Basement Tapes' })
      .waitFor();
    await shot(a, 'community-desktop');

    // …and schedules an event there (the form suggests the next full hour).
    await a.getByTestId('community-schedule').click();
    await a.getByTestId('event-form-name').fill('Vinyl Only Night');
    await a.getByTestId('event-form-room').selectOption(room.slug);
    await a.getByTestId('event-form-lineup').getByText('Dee').click();
    await a.getByTestId('event-form-submit').click();
    await a.getByTestId('event-name').filter({ hasText: 'Vinyl Only Night' }).waitFor();
    await a.getByTestId('countdown').waitFor();
    await a.getByRole('link', { name: 'Dee' }).waitFor();
    await shot(a, 'event-desktop');
    const slug = new URL(a.url()).pathname.split('/').pop()!;
    const event = await s.as(dee.token).call(eventEndpoints.get, { params: { id: slug } });
    const community = await s.as(dee.token).call(communityEndpoints.get, {
      params: { id: 'late-night-collective' },
    });
    expect(event.communityUuid).toBe(community.uuid);

    // Eli sees it coming up on the rooms page, opens it, asks to be reminded.
    await b.goto(`${s.url}/rooms`);
    await b
      .getByTestId('upcoming-events')
      .getByTestId('event-card')
      .filter({ hasText: 'Vinyl Only Night' })
      .click();
    await b.getByTestId('event-rsvp').click();
    await b.getByTestId('event-rsvp').filter({ hasText: 'Reminder on' }).waitFor();
    const ics = await b.getByTestId('event-ics').getAttribute('href');
    expect((await fetch(`${s.url}${ics}`)).headers.get('content-type')).toMatch(/text\/calendar/);
    await shot(b, 'event-phone');
    await expect
      .poll(
        async () =>
          (await s.as(eli.token).call(eventEndpoints.get, { params: { id: slug } })).rsvped,
      )
      .toBe(true);
    await b.goto(`${s.url}/communities/late-night-collective`);
    await b.getByTestId('community-join').click();
    await b.getByTestId('community-join').filter({ hasText: 'Leave' }).waitFor();
    await shot(b, 'community-phone');
    // The rooms page's Communities tab shows the rooms of Eli's communities.
    await b.goto(`${s.url}/rooms?tab=communities`);
    await b
      .getByTestId('community-row')
      .filter({ hasText: 'Late Night Collective' })
      .getByTestId('room-card')
      .filter({ hasText: 'Basement Tapes' })
      .waitFor();

    // Dee moves the start to now: the event is on, and Eli is told.
    await a.getByTestId('event-edit').click();
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    await a
      .getByTestId('event-form-start')
      .fill(
        `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`,
      );
    await a.getByTestId('event-form-submit').click();
    await a.getByTestId('event-page').getByText('Go to the room').waitFor();

    await b.goto(`${s.url}/rooms`);
    await b.getByTestId('nav-bell-count').filter({ hasText: '1' }).waitFor({ timeout: 30_000 });
    await b.getByTestId('nav-bell').click();
    const item = b.getByTestId('notification').filter({ hasText: 'Vinyl Only Night is starting' });
    await item.waitFor();
    await item.click();
    await b.waitForURL(`**/rooms/${room.slug}`);
    await b.getByTestId('room-event-banner').filter({ hasText: 'Vinyl Only Night' }).waitFor();
    await shot(b, 'room-event-banner-phone');
  });
});
