import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authEndpoints as auth, botEndpoints as b, MAX_BOTS_PER_OWNER } from '@tt/protocol';
import {
  expectError,
  startTestServer,
  uniqueEmail,
  type TestServer,
} from '../../../../test/harness';
import { BotService } from './bots.service';

let s: TestServer;
let guest: string;
beforeAll(async () => {
  s = await startTestServer();
  guest = (await s.client.call(auth.guest, {})).accessToken;
});
afterAll(() => s.close());

const FORBIDDEN = 'Only the bot itself or its owner can get its token';

/**
 * An owner and one bot of theirs: through the endpoint, or (`viaService`) straight through the
 * service so that set-up does not use up the per-minute rate limit of POST /users/sign-up-bot.
 */
async function ownerWithBot(viaService = true) {
  const owner = await s.createUser();
  const email = uniqueEmail('bot');
  const body = { email, password: 'bot-password-1', nickname: 'DJ Robot' };
  const accessToken = viaService
    ? await new BotService(s.accounts).signUp(await s.app.platform.tokens.verify(owner.token), body)
    : (await s.as(owner.token).call(b.signUp, { body })).accessToken;
  const bot = (await s.accounts.repo.byUuid(decodeJwt(accessToken).uuid as string))!;
  return { owner, bot, email, botToken: accessToken };
}

/** True when the token lives longer than any ordinary session (a long-lived bot token). */
function isLongLived(token: string): boolean {
  const { exp, iat } = decodeJwt(token);
  return exp! - iat! === s.app.platform.config.BOT_TOKEN_TTL;
}

describe('POST /users/sign-up-bot', () => {
  it('creates a bot owned by the caller and answers a long-lived bot token', async () => {
    const { owner, bot, botToken } = await ownerWithBot(false);
    expect(bot).toMatchObject({
      isBot: true,
      roles: ['bot'],
      botOwnerUuid: owner.uuid,
      nickname: 'DJ Robot',
    });
    expect((await s.accounts.repo.primaryEmail(bot.id))?.status).toBe('VERIFIED');
    expect(decodeJwt(botToken)).toMatchObject({ tokenRole: 'bot', type: 'bot' });
    expect(isLongLived(botToken)).toBe(true);
    const session = await s.as(botToken).call(auth.session, {});
    expect(session).toMatchObject({ uuid: bot.uuid, tokenRole: 'bot', isGuest: false });
  });

  it('lets the bot log in with POST /auth/login as a bot', async () => {
    const { bot, email } = await ownerWithBot();
    const { accessToken } = await s.client.call(auth.login, {
      body: { email, password: 'bot-password-1' },
    });
    expect(decodeJwt(accessToken)).toMatchObject({ tokenRole: 'bot', type: 'bot' });
    const session = await s.as(accessToken).call(auth.session, {});
    expect(session).toMatchObject({ uuid: bot.uuid, tokenRole: 'bot', roles: ['bot'] });
  });

  it('refuses an address already registered', async () => {
    const owner = await s.createUser();
    await expectError(
      s.as(owner.token).call(b.signUp, {
        body: { email: owner.email, password: 'bot-password-1', nickname: 'Robo' },
      }),
      403,
      'This email is already registered.',
    );
  });

  it('refuses bad or missing fields', async () => {
    const owner = await s.createUser();
    const body = await expectError(
      s.as(owner.token).call(b.signUp, {
        body: { email: 'nope', password: 'short', nickname: '' },
      }),
      400,
    );
    expect(body.message).toHaveLength(3);
    await expectError(
      s.as(owner.token).call(b.signUp, {
        body: { email: uniqueEmail(), password: 'bot-password-1' } as never,
      }),
      400,
      /nickname/,
    );
  });

  it('refuses a bot creating a bot', async () => {
    const { botToken } = await ownerWithBot();
    await expectError(
      s.as(botToken).call(b.signUp, {
        body: { email: uniqueEmail(), password: 'bot-password-1', nickname: 'Robo 2' },
      }),
      403,
      'A bot cannot create other bots',
    );
  });

  it(`allows at most ${MAX_BOTS_PER_OWNER} bots per owner`, async () => {
    const owner = await s.createUser();
    for (let i = 0; i < MAX_BOTS_PER_OWNER; i++) {
      await s.accounts.createAccount({
        email: uniqueEmail('fleet'),
        password: null,
        roles: ['bot'],
        emailStatus: 'VERIFIED',
        isBot: true,
        botOwnerUuid: owner.uuid,
      });
    }
    await expectError(
      s.as(owner.token).call(b.signUp, {
        body: { email: uniqueEmail(), password: 'bot-password-1', nickname: 'One too many' },
      }),
      403,
      'You already own the maximum number of bots',
    );
  });

  it('needs a user token', async () => {
    const body = { email: uniqueEmail(), password: 'bot-password-1', nickname: 'Robo' };
    await expectError(s.client.call(b.signUp, { body }), 401, 'Unauthorized to perform action');
    await expectError(s.as(guest).call(b.signUp, { body }), 403);
  });
});

describe('GET /users/bot-token', () => {
  it('gives a bot a fresh long-lived token for itself', async () => {
    const { bot, botToken } = await ownerWithBot();
    for (const query of [{}, { botUuid: bot.uuid }]) {
      const { accessToken } = await s.as(botToken).call(b.token, { query });
      expect(decodeJwt(accessToken)).toMatchObject({ uuid: bot.uuid, tokenRole: 'bot' });
      expect(isLongLived(accessToken)).toBe(true);
      expect((await s.as(accessToken).call(auth.session, {})).uuid).toBe(bot.uuid);
    }
    // Earlier tokens keep working.
    expect((await s.as(botToken).call(auth.session, {})).uuid).toBe(bot.uuid);
  });

  it("gives the owner their bot's token", async () => {
    const { owner, bot } = await ownerWithBot();
    const { accessToken } = await s.as(owner.token).call(b.token, {
      query: { botUuid: bot.uuid },
    });
    const session = await s.as(accessToken).call(auth.session, {});
    expect(session).toMatchObject({ uuid: bot.uuid, tokenRole: 'bot' });
    expect(isLongLived(accessToken)).toBe(true);
  });

  it('refuses anyone else', async () => {
    const { owner, bot } = await ownerWithBot();
    const other = await ownerWithBot();
    const stranger = await s.createUser();
    const cases: [string, { botUuid?: string }][] = [
      [stranger.token, { botUuid: bot.uuid }],
      [other.botToken, { botUuid: bot.uuid }],
      [other.owner.token, { botUuid: bot.uuid }],
      [owner.token, {}],
      [owner.token, { botUuid: stranger.uuid }],
      [owner.token, { botUuid: randomUUID() }],
    ];
    for (const [token, query] of cases) {
      await expectError(s.as(token).call(b.token, { query }), 403, FORBIDDEN);
    }
  });

  it('refuses a malformed botUuid', async () => {
    const { owner } = await ownerWithBot();
    await expectError(
      s.as(owner.token).call(b.token, { query: { botUuid: 'not-a-uuid' } }),
      400,
      /botUuid/,
    );
  });

  it('needs a user token', async () => {
    await expectError(s.client.call(b.token, {}), 401, 'Unauthorized to perform action');
    await expectError(s.as(guest).call(b.token, {}), 403);
  });
});
