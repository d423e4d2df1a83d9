import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { cometChatApi, roomEndpoints, roomRoleEndpoints } from '@tt/protocol';
import type { TestServer } from '../../server/test/harness';
import { launchBrowser, signedInPage, startServerWithWeb } from './support';

/**
 * The room chat in two browsers (docs/CHAT-RULES.md): a message arrives live, a mention picked
 * from the @-list is highlighted for the person mentioned, a reaction is counted on both sides,
 * an edit shows on both sides, a recall within 20 s removes the text for everyone, and a muted listener cannot send.
 * SHOTS_DIR=<dir> also saves screenshots at 1280 and 390 px.
 */

const SHOTS = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
}

const message = (page: Page, text: string) =>
  page.getByTestId('chat-message').filter({ hasText: text });

/** The sender's own copy once the server answered it (neither sending nor failed). */
const confirmed = (page: Page, text: string) =>
  page.locator('[data-testid="chat-message"]:not(.is-sending):not(.is-failed)', { hasText: text });

describe('web: room chat in two browsers', () => {
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

  it('CHAT-LIVE-1, CHAT-VALID-3, CHAT-REACT-1, CHAT-EDIT-1, CHAT-RECALL-1: send, mention, react, edit, recall', async () => {
    const ana = await s.createUser({ nickname: 'Ana' });
    const ben = await s.createUser({ nickname: 'Ben' });
    const room = await s
      .as(ana.token)
      .call(roomEndpoints.create, { body: { name: 'Chatty Room', design: 'CLUB' } });
    const a = await signedInPage(browser, ana.token);
    const b = await signedInPage(browser, ben.token, SHOTS ? 390 : 1280);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await a.getByTestId('chat-input').waitFor();
    await b.getByTestId('chat-input').waitFor();

    // A writes; B sees it live.
    await a.getByTestId('chat-input').fill('hello room, who is ready for some house?');
    await a.getByTestId('chat-input').press('Enter');
    await message(b, 'who is ready for some house').waitFor();

    // B mentions A through the @-list; A sees the message highlighted as a mention.
    await b.getByTestId('chat-input').click();
    await b.getByTestId('chat-input').pressSequentially('me! @An');
    await b.getByTestId('mention-list').getByText('Ana').click();
    await b.getByTestId('chat-input').pressSequentially('drop the bass');
    await b.getByTestId('chat-send').click();
    // Stored first (a send that failed or was refused stops here, on the sender's side).
    await confirmed(b, 'drop the bass').waitFor();
    const mention = message(a, 'drop the bass');
    await mention.waitFor();
    await expect(mention.getAttribute('class')).resolves.toContain('is-mention');
    await expect(mention.locator('.chat-mention').textContent()).resolves.toBe('@Ana');

    // A reacts to B's message; B sees the count.
    await mention.hover();
    await mention.getByTestId('chat-quick-react').first().click();
    await message(b, 'drop the bass')
      .getByTestId('chat-reaction')
      .filter({ hasText: '1' })
      .waitFor();
    await shot(a, 'chat-desktop');
    await shot(b, 'chat-phone');

    // A fixes a typo: B sees the new text, marked edited (CHAT-EDIT-1).
    await a.getByTestId('chat-input').fill('who wants house or tehcno?');
    await a.getByTestId('chat-input').press('Enter');
    await message(b, 'tehcno').waitFor();
    const typo = message(a, 'tehcno');
    await typo.hover();
    await typo.getByTestId('chat-more').click();
    await typo.getByTestId('chat-edit').click();
    await a.getByTestId('chat-editing').waitFor();
    await a.getByTestId('chat-input').fill('who wants house or techno?');
    await a.getByTestId('chat-input').press('Enter');
    const fixed = message(b, 'house or techno?');
    await fixed.waitFor();
    await fixed.getByText('(edited)').waitFor();
    await expect(message(b, 'tehcno').count()).resolves.toBe(0);

    // A recalls a fresh message within 20 s; it disappears for B.
    await a.getByTestId('chat-input').fill('oops, wrong room');
    await a.getByTestId('chat-input').press('Enter');
    await message(b, 'oops, wrong room').waitFor();
    const own = message(a, 'oops, wrong room');
    await own.hover();
    await own.getByTestId('chat-more').click();
    await own.getByTestId('chat-recall').click();
    await b.getByTestId('chat-deleted').waitFor();
    await expect(message(b, 'oops, wrong room').count()).resolves.toBe(0);

    // The server holds what the pages showed.
    const page = await s.as(ana.token).call(cometChatApi.groupMessages, {
      params: { guid: room.uuid },
      query: {},
    });
    const texts = page.data.map((m) => m.data.text ?? '');
    expect(texts).toContain('hello room, who is ready for some house?');
    expect(page.data.at(-1)?.deletedAt).toBeDefined();
    const mentioned = page.data.find((m) => (m.data.text ?? '').includes('drop the bass'));
    expect(mentioned?.data.metadata?.chatMessage).toMatchObject({
      mentions: [{ userNickname: 'Ana', start: 4, userUuid: ana.uuid }],
    });
    await a.context().close();
    await b.context().close();
  });

  it('CHAT-MUTE-1: a listener muted by a moderator cannot send; others still can', async () => {
    const owner = await s.createUser({ nickname: 'Boss' });
    const loud = await s.createUser({ nickname: 'Loud' });
    const room = await s
      .as(owner.token)
      .call(roomEndpoints.create, { body: { name: 'Quiet Please', design: 'THEATER' } });
    const a = await signedInPage(browser, owner.token);
    const b = await signedInPage(browser, loud.token);
    await a.goto(`${s.url}/rooms/${room.slug}`);
    await b.goto(`${s.url}/rooms/${room.slug}`);
    await a.getByTestId('chat-input').waitFor();
    await b.getByTestId('chat-input').fill('LOUD NOISES');
    await b.getByTestId('chat-input').press('Enter');
    await message(b, 'LOUD NOISES').waitFor();
    await message(a, 'LOUD NOISES').waitFor({ timeout: 30_000 });

    await s.as(owner.token).call(roomRoleEndpoints.create, {
      params: { roomId: room.uuid },
      body: { userUuid: loud.uuid, role: 'chatDisabled' },
    });
    // The muted listener's box gives way to the notice (the room state carries the role).
    await b.getByTestId('chat-muted').waitFor();
    await expect(b.getByTestId('chat-input').count()).resolves.toBe(0);
    // Sending anyway (an old tab, a bot) is refused by the server with the translated reason.
    const refused = await fetch(`${s.url}/api/chat-service/v3.0/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${loud.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ receiver: room.uuid, receiverType: 'group', data: { text: 'x' } }),
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      'ERR_GROUP_MEMBER_MUTED',
    );
    await a.getByTestId('chat-input').fill('thanks everyone');
    await a.getByTestId('chat-input').press('Enter');
    await message(b, 'thanks everyone').waitFor();
    await a.context().close();
    await b.context().close();
  });
});
