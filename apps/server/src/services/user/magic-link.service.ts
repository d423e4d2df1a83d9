import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import { OneTimeTokenRepository } from './passwords.repository';
import { newSecret } from './passwords.service';
import { sha256, type AccountService } from './service';

/**
 * Magic links: a logged-in account asks for a short-lived single-use token, puts it in a
 * /magic-link/{token}/{target} address, and whoever opens it is logged in as that account.
 */
export class MagicLinkService {
  private readonly tokens: OneTimeTokenRepository;

  constructor(private readonly accounts: AccountService) {
    this.tokens = new OneTimeTokenRepository(accounts.platform.db);
  }

  async create(auth: AuthContext | null): Promise<string> {
    const user = await this.accounts.me(auth);
    const { token, hash } = newSecret();
    await this.tokens.create({
      userId: user.id,
      purpose: 'magic-link',
      tokenHash: hash,
      expiresAt: new Date(Date.now() + this.accounts.platform.config.MAGIC_LINK_TTL * 1000),
    });
    return token;
  }

  /** Exchanges the token, once, for an access token. */
  async validate(shortLivedToken: string): Promise<string> {
    const row = await this.tokens.consume(sha256(shortLivedToken.trim()), 'magic-link', new Date());
    const user = row ? await this.accounts.repo.byId(row.userId) : undefined;
    if (!user) throw fail('MAGIC_LINK_INVALID');
    this.accounts.assertMayLogIn(user);
    const updated = await this.accounts.repo.update(user.id, { lastLoginAt: new Date() });
    return this.accounts.issueToken(updated);
  }
}
