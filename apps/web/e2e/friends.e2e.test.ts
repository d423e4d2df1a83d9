import { describe, expect, it } from 'vitest';
import { friendEndpoints } from '@tt/protocol';
import { signedInPage, webFixture } from './support';

/**
 * Friends in two browsers (SOC-INV-1, SOC-INV-6, SOC-FAN-1, SOC-BLOCK-1): Ana adds Ben from his
 * profile, Ben accepts on his friends page, both see each other as friends; Ana follows Ben; Ana
 * blocks Ben and the friendship and the following end. SHOTS_DIR=<dir> also saves screenshots at 1280 and 390 px.
 */
const SHOTS = process.env.SHOTS_DIR;

describe('web: friends in two browsers', () => {
  const web = webFixture();
  const shot = web.shot;

  it('add from a profile, accept on the friends page, then block', async () => {
    const s = web.server();
    const browser = web.browser();
    const ana = await s.createUser({ nickname: 'Ana' });
    const ben = await s.createUser({ nickname: 'Ben' });
    const a = await signedInPage(browser, ana.token);
    const b = await signedInPage(browser, ben.token, SHOTS ? 390 : 1280);

    await a.goto(`${s.url}/profile/${ben.uuid}`);
    await a.getByTestId('friend-add').click();
    await a.getByTestId('friend-sent').waitFor();
    await shot(a, 'profile-invitation-sent-desktop');

    await b.goto(`${s.url}/friends`);
    const invitation = b.getByTestId('friends-incoming').getByTestId('person-row');
    await invitation.filter({ hasText: 'Ana' }).waitFor();
    await shot(b, 'friends-invitation-phone');
    await invitation.getByTestId('friend-accept').click();
    await b
      .getByTestId('friends-list')
      .getByTestId('person-row')
      .filter({ hasText: 'Ana' })
      .waitFor();
    await expect(b.getByTestId('friends-incoming').getByTestId('person-row').count()).resolves.toBe(
      0,
    );
    await shot(b, 'friends-phone');

    await a.reload();
    await a.getByTestId('friend-remove').waitFor();
    const friends = await s.as(ana.token).call(friendEndpoints.friendUuids, {
      params: { id: ana.uuid },
    });
    expect(friends.friendsUuids).toEqual([ben.uuid]);

    // Ana follows Ben: the button turns to Following and Ben has one fan.
    await a.getByTestId('follow').click();
    await a.getByTestId('unfollow').waitFor();
    await a.getByTestId('fan-count').filter({ hasText: '1 fan' }).waitFor();
    // Ben's followers list, and the DJs Ana follows.
    await b.goto(`${s.url}/profile/${ben.uuid}`);
    await b.getByTestId('fan-count').filter({ hasText: '1 fan' }).click();
    await b
      .getByTestId('follow-list')
      .getByTestId('person-row')
      .filter({ hasText: 'Ana' })
      .waitFor();
    await shot(b, 'followers-phone');
    await b.getByTestId('tab-following').click();
    await b.getByTestId('follow-list').getByText('Not following any DJ yet.').waitFor();

    a.once('dialog', (d) => void d.accept());
    await a.getByTestId('block').click();
    await a.getByTestId('unblock').waitFor();
    await expect(a.getByTestId('friend-remove').count()).resolves.toBe(0);
    await shot(a, 'profile-blocked-desktop');
    const after = await s.as(ben.token).call(friendEndpoints.friendUuids, {
      params: { id: ben.uuid },
    });
    expect(after.friendsUuids).toEqual([]);
    // SOC-BLOCK-1: following ended too.
    await a.getByTestId('fan-count').filter({ hasText: '0 fans' }).waitFor();
    await a.goto(`${s.url}/friends`);
    await a
      .getByTestId('friends-blocked')
      .getByTestId('person-row')
      .filter({ hasText: 'Ben' })
      .waitFor();
    await shot(a, 'friends-desktop');
    await a.close();
    await b.close();
  });
});
