import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  authEndpoints,
  moderationEndpoints,
  providerTokenEndpoints,
  roomEndpoints,
} from '@tt/protocol';
import { spotifyEnv, startFakeSpotify, type FakeSpotify } from '../../server/test/fakes/spotify';
import type { TestServer } from '../../server/test/harness';
import {
  launchBrowser,
  mailedCode,
  pageOf,
  sdkDjOnStage,
  signedInContext,
  signedInPage,
  startServerWithWeb,
} from './support';

/** A stand-in for Spotify's Web Playback SDK: one device, ready at once; it keeps the token. */
const FAKE_SPOTIFY_SDK = `
window.Spotify = { Player: class {
  constructor(o) { this.o = o; this.l = {}; }
  addListener(e, f) { this.l[e] = f; }
  async connect() {
    this.o.getOAuthToken((t) => { window.sdkToken = t; });
    setTimeout(() => this.l.ready && this.l.ready({ device_id: 'fake-device' }), 0);
    return true;
  }
  async pause() {}
  async setVolume() {}
} };
window.onSpotifyWebPlaybackSDKReady && window.onSpotifyWebPlaybackSDKReady();
`;

/** /settings/account in Chromium: password, e-mails, a Spotify connection (local fake), leaving. */
describe('web: your account', () => {
  let s: TestServer;
  let spotify: FakeSpotify;
  let browser: Browser;
  const shot = async (page: Page, name: string) => {
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
    }
  };

  beforeAll(async () => {
    spotify = await startFakeSpotify();
    s = await startServerWithWeb(spotifyEnv(spotify));
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await spotify?.close();
  });

  it('PASSWORD-1: the same password is refused; a new one works and is the one that logs in', async () => {
    const u = await s.createUser({ nickname: 'Pass Changer' });
    const page = await signedInPage(browser, u.token);
    await page.goto(`${s.url}/settings/account`);
    const section = page.getByTestId('account-password');
    await section.getByTestId('old-password').fill(u.password);
    await section.getByTestId('new-password').fill(u.password);
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByRole('alert').waitFor();
    expect(await section.getByRole('alert').textContent()).toMatch(/differ|same/i);
    await section.getByTestId('new-password').fill('a-brand-new-secret-9');
    await section.getByRole('button', { name: 'Change password' }).click();
    await section.getByText('Password changed').waitFor();
    const login = (password: string) =>
      s.client.call(authEndpoints.login, { body: { email: u.email, password } });
    await expect(login('a-brand-new-secret-9')).resolves.toHaveProperty('accessToken');
    await expect(login(u.password)).rejects.toMatchObject({ status: 401 });
    await page.context().close();
  });

  it('adds a work address, verifies it with the mailed code, and removes it', async () => {
    const u = await s.createUser({ nickname: 'Mail Keeper' });
    const page = await signedInPage(browser, u.token, 390);
    await page.goto(`${s.url}/settings/account`);
    const emails = page.getByTestId('account-emails');
    await emails.getByTestId('email-new').fill('keeper@work.example');
    await emails.getByLabel('Kind of address').selectOption('work');
    await emails.getByRole('button', { name: 'Add' }).click();
    const row = emails.getByTestId('email-row').filter({ hasText: 'keeper@work.example' });
    await row.getByText('Not verified').waitFor();
    await row.getByTestId('email-code').fill(await mailedCode(s, 'keeper@work.example'));
    await row.getByRole('button', { name: 'Verify' }).click();
    await row.getByText('Verified').waitFor();
    await shot(page, 'account-390');
    await row.getByRole('button', { name: 'Remove' }).click();
    await row.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('MUSIC-CONNECT-2: connects Spotify through its consent page and disconnects it', async () => {
    const u = await s.createUser({ nickname: 'Spotify Fan' });
    const page = await signedInPage(browser, u.token);
    await page.goto(`${s.url}/settings/account`);
    await page.getByTestId('connect-spotify').click();
    // The fake consent page agrees at once and sends the browser back with a code.
    await page.getByTestId('disconnect-spotify').waitFor();
    expect(page.url()).toContain('/settings/account');
    await shot(page, 'account-1280');
    const authorize = spotify.requests.find((r) => r.path === '/authorize')!;
    expect(authorize.query.get('code_challenge_method')).toBe('S256');
    expect(authorize.query.get('redirect_uri')).toBe(`${s.url}/settings/connections/callback`);
    const { connections } = await s.as(u.token).call(providerTokenEndpoints.connections, {});
    expect(connections.find((c) => c.provider === 'spotify')!.connected).toBe(true);

    await page.getByTestId('disconnect-spotify').click();
    await page.getByTestId('connect-spotify').waitFor();
    await page.context().close();
  });

  it("PLAYER-TOKENS-1: a Spotify song plays on the listener's own connection, with their token", async () => {
    const u = await s.createUser({ nickname: 'Spotify Listener' });
    const dj = await s.createUser({ nickname: 'Spotify DJ' });
    const redirect = `${s.url}/settings/connections/callback`;
    await s.as(u.token).call(providerTokenEndpoints.spotifyExchangeCode, {
      body: { code: spotify.users.issueCode(redirect), redirectUri: redirect },
    });
    const room = await s
      .as(dj.token)
      .call(roomEndpoints.create, { body: { name: 'Streamers', design: 'CLUB' } });
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Borrowed Light', {
      spotify: 'sp-borrowed-light',
    });
    const context = await signedInContext(browser, u.token);
    // The Web Playback SDK and the Web API, as Spotify documents them, answered in the browser.
    const plays: { auth: string | undefined; body: string | null }[] = [];
    await context.route('https://sdk.scdn.co/**', (r) =>
      r.fulfill({ contentType: 'text/javascript', body: FAKE_SPOTIFY_SDK }),
    );
    await context.route('https://api.spotify.com/v1/me/player/play**', (r) => {
      plays.push({ auth: r.request().headers().authorization, body: r.request().postData() });
      return r.fulfill({ status: 204 });
    });
    const page = await pageOf(context);
    await page.goto(`${s.url}/rooms/${room.slug}`);
    await page.getByTestId('room-page').waitFor();
    await expect.poll(() => plays.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const token = /^Bearer (.+)$/.exec(plays[0]!.auth ?? '')?.[1];
    expect(token && spotify.users.accessTokens.has(token)).toBe(true);
    expect(JSON.parse(plays[0]!.body!).uris).toEqual(['spotify:track:sp-borrowed-light']);
    expect(await page.evaluate(() => (window as { sdkToken?: string }).sdkToken)).toBe(token);
    sdk.disconnect();
    await context.close();
  });

  it('a callback with a state this tab did not send changes nothing', async () => {
    const u = await s.createUser();
    const page = await signedInPage(browser, u.token, 390);
    await page.goto(`${s.url}/settings/connections/callback?code=stolen&state=forged`);
    await page.getByTestId('connect-callback').getByRole('alert').waitFor();
    const { connections } = await s.as(u.token).call(providerTokenEndpoints.connections, {});
    expect(connections.some((c) => c.connected)).toBe(false);
    await page.context().close();
  });

  it('requests deactivation; moderators see the request', async () => {
    const u = await s.createUser({ nickname: 'Leaving Soon' });
    const mod = await s.createUser({ roles: ['user', 'moderator'] });
    const page = await signedInPage(browser, u.token);
    await page.goto(`${s.url}/settings/account`);
    await page.getByRole('button', { name: 'Request deactivation…' }).click();
    await page.getByLabel('Why are you leaving? (optional)').fill('Taking a break');
    await page.getByTestId('deactivate-confirm').click();
    await page.getByTestId('deactivation-requested').waitFor();
    const list = await s
      .as(mod.token)
      .call(moderationEndpoints.listDeactivate, { query: { limit: 50, offset: 0 } });
    expect(JSON.stringify(list)).toContain(u.uuid);
    await page.context().close();
  });
});
