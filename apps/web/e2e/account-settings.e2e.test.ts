import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  authEndpoints,
  crateEndpoints,
  moderationEndpoints,
  providerTokenEndpoints,
  roomEndpoints,
} from '@tt/protocol';
import {
  startFakeMusicAnalysis,
  type FakeMusicAnalysis,
} from '../../server/test/fakes/music-analysis';
import {
  spotifyEnv,
  spotifyTrack,
  startFakeSpotify,
  type FakeSpotify,
} from '../../server/test/fakes/spotify';
import type { TestServer } from '../../server/test/harness';
import {
  clickUntil,
  launchBrowser,
  mailedCode,
  pageOf,
  sdkDjOnStage,
  signedInContext,
  signedInPage,
  startServerWithWeb,
} from './support';

const BORROWED = 'BorrowedLight000000000';

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
  let analysis: FakeMusicAnalysis;
  let browser: Browser;
  const shot = async (page: Page, name: string) => {
    if (process.env.SHOTS_DIR) {
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: true });
    }
  };

  beforeAll(async () => {
    spotify = await startFakeSpotify();
    analysis = await startFakeMusicAnalysis();
    s = await startServerWithWeb({
      ...spotifyEnv(spotify),
      MUSIC_ANALYSIS_URL: analysis.endpoint,
      MUSIC_ANALYSIS_TOKEN: analysis.token,
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await s?.close();
    await spotify?.close();
    await analysis?.close();
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
    // SIMILAR-1: the analysis service knows two songs like it.
    const similar = ['LikeItOne0000000000000', 'LikeItTwo0000000000000'];
    similar.forEach((id, i) =>
      spotify.tracks.set(id, spotifyTrack(id, { name: `Alike ${i + 1}` })),
    );
    analysis.analysed.set(BORROWED, similar);
    const sdk = await sdkDjOnStage(s.url, dj.token, room.uuid, 'Borrowed Light', {
      spotify: BORROWED,
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
    expect(JSON.parse(plays[0]!.body!).uris).toEqual([`spotify:track:${BORROWED}`]);
    expect(await page.evaluate(() => (window as { sdkToken?: string }).sdkToken)).toBe(token);

    await page.getByTestId('similar-toggle').click();
    await page.getByTestId('similar-song').filter({ hasText: 'Alike 2' }).waitFor();
    expect(await page.getByTestId('similar-song').count()).toBe(2);
    await shot(page, 'room-similar-1280');
    sdk.disconnect();
    await context.close();
  });

  it('CRATE-EXPORT-1: a crate becomes a private Spotify playlist from the crate page', async () => {
    const u = await s.createUser({ nickname: 'Exporter' });
    const redirect = `${s.url}/settings/connections/callback`;
    await s.as(u.token).call(providerTokenEndpoints.spotifyExchangeCode, {
      body: { code: spotify.users.issueCode(redirect), redirectUri: redirect },
    });
    const crate = await s.as(u.token).call(crateEndpoints.create, { body: { crateName: 'Gems' } });
    const song = (n: number, providers: Record<string, string>) => ({
      trackName: `Gem ${n}`,
      artistName: 'Nova',
      duration: 200,
      genre: null,
      isrc: null,
      musicProviders: providers,
      thumbnails: {},
      playbackToken: null,
    });
    await s.as(u.token).call(crateEndpoints.addSongs, {
      params: { id: crate.crateUuid },
      body: {
        songs: [
          song(1, { spotify: 'GemOne0000000000000000' }),
          song(2, { youtube: 'gem2yt00001' }),
        ],
      },
    });
    const page = await signedInPage(browser, u.token, 390);
    await page.goto(`${s.url}/crates/${crate.crateUuid}`);
    await page.getByTestId('crate-export-spotify').click();
    await page.getByTestId('crate-exported').waitFor();
    expect(await page.getByTestId('crate-exported').textContent()).toContain(
      "1 song is now a playlist on Spotify. 1 isn't on that service.",
    );
    const [made] = [...spotify.userPlaylists.values()].filter((p) => p.name === 'Gems');
    expect(made!.uris).toEqual(['spotify:track:GemOne0000000000000000']);
    await page.context().close();
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
    const reason = page.getByLabel('Why are you leaving? (optional)');
    await clickUntil(page.getByRole('button', { name: 'Request deactivation…' }), reason);
    await reason.fill('Taking a break');
    await page.getByTestId('deactivate-confirm').click();
    await page.getByTestId('deactivation-requested').waitFor();
    const list = await s
      .as(mod.token)
      .call(moderationEndpoints.listDeactivate, { query: { limit: 50, offset: 0 } });
    expect(JSON.stringify(list)).toContain(u.uuid);
    await page.context().close();
  });

  it('SEC-SESSION-1: signs out everywhere: this page is signed out, every token of the account ends', async () => {
    const u = await s.createUser({ nickname: 'Two Phones' });
    const page = await signedInPage(browser, u.token);
    await page.goto(`${s.url}/settings/account`);
    const confirm = page.getByTestId('sign-out-everywhere-confirm');
    await clickUntil(page.getByTestId('sign-out-everywhere'), confirm);
    await confirm.click();
    await page.getByTestId('nav-login').waitFor();
    await expect(s.as(u.token).call(authEndpoints.session, {})).rejects.toMatchObject({
      status: 401,
    });
    await page.context().close();
  });
});
