import { eq } from 'drizzle-orm';
import type { DiscordLinkDto } from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import type { Db } from '../../../platform/db/index';
import { fail } from '../../../platform/errors';
import { fetchWithTimeout } from '../../../platform/providers/http';
import { grantFailure, requestTokens } from './provider-tokens.oauth';
import { UserRepository, type UserRow } from '../repository';
import { discordLinks } from '../schema';
import type { AccountService } from '../service';

/** What the activity and the website ask Discord for. */
export const DISCORD_SCOPE = 'identify email';

/** A Discord user as `GET /users/@me` answers it. */
interface DiscordUser {
  id: string;
  username: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
}

/**
 * Signing in with Discord (DISCORD-* rules in docs/ACCOUNT-RULES.md): the OAuth2 code exchange of
 * the activity and the website, sign-in or sign-up by Discord identity, linking and unlinking.
 */
export class DiscordService {
  constructor(private readonly accounts: AccountService) {}

  private get config() {
    return this.accounts.platform.config;
  }

  private client() {
    const { DISCORD_CLIENT_ID: clientId, DISCORD_CLIENT_SECRET: clientSecret } = this.config;
    if (!clientId || !clientSecret) throw fail('DISCORD_NOT_CONFIGURED');
    return {
      connection: 'discord' as const,
      tokenUrl: `${this.config.DISCORD_API_URL}/oauth2/token`,
      clientId,
      clientSecret,
      clientAuth: 'form' as const,
    };
  }

  publicConfig() {
    const configured = Boolean(this.config.DISCORD_CLIENT_ID && this.config.DISCORD_CLIENT_SECRET);
    return {
      clientId: configured ? this.config.DISCORD_CLIENT_ID! : null,
      authorizeUrl: configured ? this.config.DISCORD_AUTHORIZE_URL : null,
      scope: DISCORD_SCOPE,
      proxies: {
        audius: this.config.providers.audius.apiUrl,
        soundcloud: this.config.providers.soundcloud.apiUrl,
      },
    };
  }

  /** DISCORD-AUTH-1: a code for Discord's access token (the server keeps the client secret). */
  async exchange(code: string, redirectUri?: string) {
    const client = this.client();
    try {
      const t = await requestTokens(client, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
      });
      return { accessToken: t.accessToken, expiresIn: t.expiresInSeconds, scope: t.scope };
    } catch (err) {
      const { error } = grantFailure(err, 'exchange');
      throw error.code === 'PROVIDER_CODE_REJECTED'
        ? fail('DISCORD_CODE_REJECTED')
        : fail('DISCORD_UNAVAILABLE');
    }
  }

  /** Who a Discord access token belongs to (Discord answers 401 for a bad one). */
  private async whoIs(accessToken: string): Promise<DiscordUser> {
    this.client();
    const url = `${this.config.DISCORD_API_URL}/users/@me`;
    let res: Response;
    try {
      res = await fetchWithTimeout(url, { headers: { authorization: `Bearer ${accessToken}` } });
    } catch {
      throw fail('DISCORD_UNAVAILABLE');
    }
    if (res.status === 401 || res.status === 403) throw fail('DISCORD_TOKEN_REJECTED');
    if (!res.ok) throw fail('DISCORD_UNAVAILABLE');
    const body = (await res.json().catch(() => null)) as DiscordUser | null;
    if (!body || typeof body.id !== 'string' || !/^\d{5,25}$/.test(body.id)) {
      throw fail('DISCORD_UNAVAILABLE');
    }
    return body;
  }

  private async linkOf(discordId: string) {
    const [row] = await this.accounts.platform.db
      .select()
      .from(discordLinks)
      .where(eq(discordLinks.discordId, discordId));
    return row;
  }

  private async linkOfUser(userId: number) {
    const [row] = await this.accounts.platform.db
      .select()
      .from(discordLinks)
      .where(eq(discordLinks.userId, userId));
    return row;
  }

  /**
   * DISCORD-AUTH-2: the account linked to this Discord identity signs in. DISCORD-AUTH-3: an
   * unknown identity gets a new account (its Discord nickname; its Discord e-mail, when Discord
   * verified it, as a verified `discord` address), unless that address belongs to an account
   * already — then its owner logs in there and links Discord (no silent merge).
   */
  async signIn(accessToken: string): Promise<{ accessToken: string; isNewAccount: boolean }> {
    const who = await this.whoIs(accessToken);
    const link = await this.linkOf(who.id);
    if (link) {
      const user = await this.accounts.repo.byId(link.userId);
      if (!user) throw fail('DISCORD_TOKEN_REJECTED');
      this.accounts.assertMayLogIn(user);
      const updated = await this.accounts.repo.update(user.id, { lastLoginAt: new Date() });
      return { accessToken: await this.accounts.issueToken(updated), isNewAccount: false };
    }
    const address = who.verified && who.email ? who.email.trim().toLowerCase() : null;
    if (address && (await this.accounts.repo.liveEmail(address))) throw fail('DISCORD_EMAIL_TAKEN');
    const nickname = (who.global_name || who.username || 'Discord listener').slice(0, 40);
    const { db, outbox } = this.accounts.platform;
    const user = await db.transaction(async (tx) => {
      const repo = new UserRepository(tx as unknown as Db);
      const created = await repo.create({ nickname, passwordHash: null, roles: ['user'] });
      if (address) {
        await repo.addEmail({
          userId: created.id,
          email: address,
          type: 'discord',
          isPrimary: true,
          status: 'VERIFIED',
          verifiedAt: new Date(),
        });
      }
      await tx.insert(discordLinks).values({
        discordId: who.id,
        userId: created.id,
        username: who.username,
      });
      await outbox.add(tx as unknown as Db, 'user.created', {
        uuid: created.uuid,
        nickname: created.nickname,
        isBot: false,
      });
      return created;
    });
    outbox.kick();
    return { accessToken: await this.accounts.issueToken(user), isNewAccount: true };
  }

  /** DISCORD-LINK-1: one Discord account per account and the other way round. */
  async link(auth: AuthContext, accessToken: string): Promise<DiscordLinkDto> {
    const me = await this.accounts.me(auth);
    const who = await this.whoIs(accessToken);
    const existing = await this.linkOf(who.id);
    if (existing && existing.userId !== me.id) throw fail('DISCORD_ALREADY_LINKED');
    const mine = await this.linkOfUser(me.id);
    if (mine && mine.discordId !== who.id) throw fail('DISCORD_ALREADY_LINKED');
    if (!existing) {
      await this.accounts.platform.db
        .insert(discordLinks)
        .values({ discordId: who.id, userId: me.id, username: who.username });
    }
    return { linked: true, discordId: who.id, username: who.username };
  }

  async status(auth: AuthContext): Promise<DiscordLinkDto> {
    const me = await this.accounts.me(auth);
    const link = await this.linkOfUser(me.id);
    return link
      ? { linked: true, discordId: link.discordId, username: link.username }
      : { linked: false, discordId: null, username: null };
  }

  /** DISCORD-LINK-2: unlinking leaves a way in: a password, a phone, or a verified e-mail (magic link). */
  async unlink(auth: AuthContext): Promise<{ success: boolean }> {
    const me = await this.accounts.me(auth);
    const link = await this.linkOfUser(me.id);
    if (!link) throw fail('DISCORD_NOT_LINKED');
    if (!(await this.hasOtherWayIn(me))) throw fail('DISCORD_LAST_LOGIN');
    await this.accounts.platform.db.delete(discordLinks).where(eq(discordLinks.userId, me.id));
    return { success: true };
  }

  private async hasOtherWayIn(u: UserRow): Promise<boolean> {
    if (u.passwordHash || u.phoneNumber) return true;
    const emails = await this.accounts.repo.emailsOf(u.id);
    return emails.some((e) => e.status === 'VERIFIED');
  }

  /** Is this account linked to Discord? (AVATAR-DISCORD-1) */
  async isLinked(uuid: string): Promise<boolean> {
    const u = await this.accounts.repo.byUuid(uuid);
    return Boolean(u && (await this.linkOfUser(u.id)));
  }
}
