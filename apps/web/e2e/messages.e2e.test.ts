import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cometChatApi } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, signedInPage, startServerWithWeb } from './support';

/**
 * Direct messages in two browsers (CHAT-DM-1, CHAT-UNREAD-1, CHAT-INBOX-1): A starts a
 * conversation from B's profile; B sees the unread count in the header, finds it under OTHERS,
 * reads it (the count clears) and answers; A sees the answer live. SHOTS_DIR=<dir> also saves
 * screenshots at 1280 and 390 px.
 */

const SHOTS = process.env.SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

describe('web: direct messages in two browsers', () => {
  let s: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    s = await startServerWithWeb();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
  });

  it('a DM from a profile reaches the inbox with an unread count; the answer arrives live', async () => {
    const ana = await s.createUser({ nickname: 'Ana' });
    const ben = await s.createUser({ nickname: 'Ben' });
    const a = await signedInPage(browser, ana.token);
    const b = await signedInPage(browser, ben.token, SHOTS ? 390 : 1280);
    await b.goto(`${s.url}/rooms`);
    await b.getByTestId('nav-inbox').waitFor();
    await expect(b.getByTestId('nav-inbox-count').count()).resolves.toBe(0);

    await a.goto(`${s.url}/profile/${ben.uuid}`);
    await a.getByTestId('message-button').click();
    await a.waitForURL(`**/messages/${ben.uuid}`);
    await a.getByTestId('dm-name').filter({ hasText: 'Ben' }).waitFor();
    await a.getByTestId('chat-input').fill('hey Ben, loved your set last night');
    await a.getByTestId('chat-input').press('Enter');
    await a.getByTestId('chat-message').filter({ hasText: 'loved your set' }).waitFor();

    // B: the header counts one unread message; the inbox lists it under OTHERS.
    await b.getByTestId('nav-inbox-count').filter({ hasText: '1' }).waitFor();
    // CHAT-INBOX-3: the tab title carries the same count.
    await expect.poll(() => b.title()).toMatch(/^\(1\) /);
    await b.getByTestId('nav-inbox').click();
    await b.getByTestId('inbox-tab-OTHERS').waitFor();
    const row = b.getByTestId('inbox-row').filter({ hasText: 'Ana' });
    await row.getByTestId('inbox-unread').filter({ hasText: '1' }).waitFor();
    await shot(b, 'messages-inbox-phone');
    await b.getByTestId('inbox-tab-FRIENDS').click();
    // Ana is no friend of B's: her conversation leaves the list.
    await b.getByTestId('inbox-row').first().waitFor({ state: 'detached' });
    await b.getByTestId('inbox-tab-OTHERS').click();

    // B opens it: read, the count clears, and B answers.
    await b.getByTestId('inbox-row').filter({ hasText: 'Ana' }).click();
    await b.getByTestId('chat-message').filter({ hasText: 'loved your set' }).waitFor();
    await expect.poll(() => b.getByTestId('nav-inbox-count').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => b.title()).not.toMatch(/^\(\d/);
    await b.getByTestId('chat-input').fill('thanks! come by tonight');
    await b.getByTestId('chat-input').press('Enter');
    await a.getByTestId('chat-message').filter({ hasText: 'come by tonight' }).waitFor();
    await shot(a, 'messages-desktop');
    await shot(b, 'messages-phone');

    // The server agrees: two messages, nothing unread for B.
    const mine = await s.as(ben.token).call(cometChatApi.userConversation, {
      params: { uid: ana.uuid },
    });
    expect(mine.data.unreadMessageCount).toBe(0);
    const page = await s.as(ben.token).call(cometChatApi.userMessages, {
      params: { uid: ana.uuid },
      query: {},
    });
    expect(page.data.map((m) => m.data.text)).toEqual([
      'hey Ben, loved your set last night',
      'thanks! come by tonight',
    ]);
    await a.context().close();
    await b.context().close();
  });
});
