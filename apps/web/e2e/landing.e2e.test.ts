import { describe, expect, it } from 'vitest';
import { roomEndpoints } from '@tt/protocol';
import { newPage, sdkDjOnStage, webFixture } from './support';

/**
 * The landing page shows a real room playing now (its song and listeners), not a made-up one;
 * with nothing playing it invites people to start. SHOTS_DIR=<dir> also saves screenshots.
 */
describe('web: the landing page', () => {
  const web = webFixture();

  it('shows the room that plays now, and leads into it', async () => {
    const s = web.server();
    const page = await newPage(web.browser());
    await page.goto(s.url);
    await page.getByTestId('landing-live').getByText('The decks are quiet right now').waitFor();

    const dj = await s.createUser({ nickname: 'Nova' });
    const room = await s.as(dj.token).call(roomEndpoints.create, {
      body: { name: 'Sunrise Session', slug: `sunrise-${Date.now().toString(36)}` },
    });
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Golden Hour Loop');
    try {
      await expect
        .poll(
          async () => {
            await page.reload();
            return page
              .getByTestId('landing-song')
              .textContent({ timeout: 5000 })
              .catch(() => null);
          },
          { timeout: 60_000 },
        )
        .toBe('Golden Hour Loop');
      await web.shot(page, 'landing-live-desktop');
      await page.getByTestId('landing-join').click();
      await page.waitForURL(`**/rooms/${room.slug}`);
    } finally {
      sdk.disconnect();
    }
  });
});
