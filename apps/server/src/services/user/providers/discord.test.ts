import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authEndpoints,
  avatarEndpoints,
  discordEndpoints as d,
  emailEndpoints,
  profileEndpoints,
} from '@tt/protocol';
import { startFakeDiscord, type FakeDiscord } from '../../../../test/fakes/discord';
import { audiusTrack, startFakeAudius, type FakeAudius } from '../../../../test/fakes/audius';
import { expectError, startTestServer, type TestServer } from '../../../../test/harness';

/** Signing in with Discord (DISCORD-* in docs/ACCOUNT-RULES.md) against a local Discord. */
let discord: FakeDiscord;
let audius: FakeAudius;
let s: TestServer;
let guest: string;
let n = 0;

/** A new person signed in to Discord (the fake's consent page answers as them). */
function discordPerson(email: string | null = `p${n}@discord.example`, verified = true) {
  n++;
  discord.person = {
    id: `8035111022467${String(1000 + n).padStart(6, '0')}`,
    username: `listener${n}`,
    global_name: `Listener ${n}`,
    email,
    verified,
  };
  return discord.person;
}

/** What the activity does: authorize (a code), then exchange it on our server. */
async function activityToken(): Promise<string> {
  const res = await s.client.call(d.exchangeCode, { body: { code: discord.activityCode() } });
  return res.accessToken;
}

beforeAll(async () => {
  discord = await startFakeDiscord();
  audius = await startFakeAudius();
  s = await startTestServer({ ...discord.env, AUDIUS_API_URL: audius.url });
  guest = (await s.client.call(authEndpoints.guest, {})).accessToken;
});
afterAll(async () => {
  await s.close();
  await discord.close();
  await audius.close();
});

describe('sign in with Discord', () => {
  it('DISCORD-AUTH-1..3: the activity code becomes a new account, then signs in to it', async () => {
    const who = discordPerson();
    const cfg = await s.client.call(d.config, {});
    expect(cfg).toMatchObject({
      clientId: discord.users.options.clientId,
      scope: 'identify email',
    });
    const first = await s.client.call(d.discordAuth, {
      body: { accessToken: await activityToken() },
    });
    expect(first.isNewAccount).toBe(true);
    const me = await s.as(first.accessToken).call(profileEndpoints.ownProfile, {});
    expect(me.nickname).toBe(who.global_name);
    const emails = await s.as(first.accessToken).call(emailEndpoints.list, {});
    expect(emails).toEqual([
      expect.objectContaining({ email: who.email, type: 'discord', status: 'VERIFIED' }),
    ]);
    const again = await s.client.call(d.discordAuth, {
      body: { accessToken: await activityToken() },
    });
    expect(again.isNewAccount).toBe(false);
    const same = await s.as(again.accessToken).call(profileEndpoints.ownProfile, {});
    expect(same.uuid).toBe(me.uuid);
    // The token Discord exchanged the code with: client id and secret in the form, no redirect.
    const grant = new URLSearchParams(
      discord.requests.filter((r) => r.path === '/oauth2/token').at(-1)!.body,
    );
    expect(grant.get('client_secret')).toBe('discord-secret');
    expect(grant.get('redirect_uri')).toBeNull();
  });

  it('the website flow: a code issued for our callback is exchanged with its redirect URI', async () => {
    discordPerson();
    const redirectUri = `${s.url}/auth/discord/callback`;
    const consent = await fetch(
      `${discord.env.DISCORD_AUTHORIZE_URL}?client_id=${discord.users.options.clientId}&response_type=code&redirect_uri=${encodeURIComponent(redirectUri)}&scope=identify%20email`,
      { redirect: 'manual' },
    );
    const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
    const t = await s.client.call(d.exchangeCode, { body: { code, redirectUri } });
    const signedIn = await s.client.call(d.discordAuth, { body: { accessToken: t.accessToken } });
    expect(signedIn.isNewAccount).toBe(true);
    await expectError(
      s.client.call(d.exchangeCode, { body: { code, redirectUri } }),
      400,
      'Discord refused this authorization code (invalid, expired or already used).',
    );
  });

  it('DISCORD-AUTH-3: no silent merge with an account that owns the Discord e-mail', async () => {
    const existing = await s.createUser();
    discordPerson(existing.email);
    await expectError(
      s.client.call(d.discordAuth, { body: { accessToken: await activityToken() } }),
      409,
      /log in to it and link Discord/,
    );
  });

  it('an unverified or missing Discord e-mail makes an account without an address', async () => {
    discordPerson('unverified@discord.example', false);
    const res = await s.client.call(d.discordAuth, {
      body: { accessToken: await activityToken() },
    });
    expect(await s.as(res.accessToken).call(emailEndpoints.list, {})).toEqual([]);
    // DISCORD-LINK-2: Discord is its only way in, so it cannot be unlinked.
    await expectError(
      s.as(res.accessToken).call(d.unlink, {}),
      409,
      'Discord is the only way into this account: set a password first, then unlink it.',
    );
  });

  it('refuses bad input, tokens Discord does not know and codes it refused', async () => {
    await expectError(s.client.call(d.exchangeCode, { body: { code: '' } }), 400);
    await expectError(
      s.client.call(d.exchangeCode, { body: { code: 'x', redirectUri: 'not a url' } }),
      400,
    );
    await expectError(
      s.client.call(d.exchangeCode, { body: { code: 'dc-code-never-issued' } }),
      400,
      /Discord refused/,
    );
    await expectError(
      s.client.call(d.discordAuth, { body: { accessToken: 'dc-access-forged' } }),
      401,
      'Discord did not accept this sign-in; please try again.',
    );
    await expectError(s.client.call(d.discordAuth, { body: {} as never }), 400);
  });
});

describe('linking', () => {
  it('DISCORD-LINK-1: an account links one Discord account, and signs in with it after', async () => {
    const u = await s.createUser();
    const as = s.as(u.token);
    expect(await as.call(d.link, {})).toEqual({ linked: false, discordId: null, username: null });
    const who = discordPerson('someone-else@discord.example');
    const linked = await as.call(d.linkDiscord, { body: { accessToken: await activityToken() } });
    expect(linked).toEqual({ linked: true, discordId: who.id, username: who.username });
    const signIn = await s.client.call(d.discordAuth, {
      body: { accessToken: await activityToken() },
    });
    expect(signIn.isNewAccount).toBe(false);
    const me = await s.as(signIn.accessToken).call(profileEndpoints.ownProfile, {});
    expect(me.uuid).toBe(u.uuid);
    // The same Discord account cannot go to a second account.
    const other = await s.createUser();
    await expectError(
      s.as(other.token).call(d.linkDiscord, { body: { accessToken: await activityToken() } }),
      409,
      'This Discord account is linked to another account.',
    );
    // DISCORD-LINK-2: an account with a password unlinks.
    await as.call(d.unlink, {});
    expect((await as.call(d.link, {})).linked).toBe(false);
    await expectError(as.call(d.unlink, {}), 404, 'No Discord account is linked to yours.');
  });

  it('needs a signed-in account (not a guest, not a broken token)', async () => {
    await expectError(s.client.call(d.link, {}), 401);
    await expectError(s.as(guest).call(d.linkDiscord, { body: { accessToken: 'x' } }), 403);
    await expectError(s.as('broken').call(d.unlink, {}), 401);
  });

  it('AVATAR-DISCORD-1: the Discord-only avatar is for accounts linked to Discord', async () => {
    const u = await s.createUser();
    const as = s.as(u.token);
    const before = await as.call(avatarEndpoints.mine, {});
    expect(before.some((a) => a.slug === 'discord-buddy')).toBe(false);
    await expectError(
      as.call(profileEndpoints.updateProfile, { body: { avatarId: 'discord-buddy' } }),
      403,
    );
    discordPerson(`linker${n}@discord.example`);
    await as.call(d.linkDiscord, { body: { accessToken: await activityToken() } });
    const after = await as.call(avatarEndpoints.mine, {});
    expect(after.find((a) => a.slug === 'discord-buddy')).toMatchObject({ lock: null });
    const worn = await as.call(profileEndpoints.updateProfile, {
      body: { avatarId: 'discord-buddy' },
    });
    expect(worn.avatarId).toBe('discord-buddy');
  });
});

describe('not configured', () => {
  it('answers that Discord is off, and offers no client id', async () => {
    const plain = await startTestServer();
    try {
      expect(await plain.client.call(d.config, {})).toMatchObject({
        clientId: null,
        authorizeUrl: null,
      });
      await expectError(
        plain.client.call(d.exchangeCode, { body: { code: 'abc' } }),
        400,
        'Signing in with Discord is not configured on this server.',
      );
      await expectError(plain.client.call(d.discordAuth, { body: { accessToken: 'abc' } }), 400);
    } finally {
      await plain.close();
    }
  });
});

describe('activity proxy', () => {
  it('ACTIVITY-PROXY-1: /.proxy/audius reaches the Audius API and nothing else', async () => {
    audius.tracks.set('t-proxy', audiusTrack('t-proxy', { title: 'Proxied Song' }));
    const res = await fetch(`${s.url}/.proxy/audius/v1/tracks/t-proxy?app_name=test`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/json/);
    expect(((await res.json()) as { data: { title: string } }).data.title).toBe('Proxied Song');
    expect(audius.requests.at(-1)).toMatchObject({ path: '/v1/tracks/t-proxy' });
    expect(audius.requests.at(-1)!.query.get('app_name')).toBe('test');
    const missing = await fetch(`${s.url}/.proxy/audius/v1/tracks/none`);
    expect(missing.status).toBe(404);
    // A raw request (fetch would tidy the dots away): the path may not climb out of the base.
    const status = await new Promise<number>((resolve, reject) => {
      const u = new URL(s.url);
      http
        .get(
          { host: u.hostname, port: u.port, path: '/.proxy/audius/v1/../../etc/passwd' },
          (r) => {
            r.resume();
            resolve(r.statusCode ?? 0);
          },
        )
        .on('error', reject);
    });
    expect(status).toBe(400);
    const post = await fetch(`${s.url}/.proxy/audius/v1/tracks/t-proxy`, { method: 'POST' });
    expect(post.status).toBe(404);
  });
});
