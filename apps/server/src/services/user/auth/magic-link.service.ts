import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import { AttemptLimiter } from '../attempts';
import { OneTimeTokenRepository } from './passwords.repository';
import { newSecret } from './passwords.service';
import { sha256, type AccountService } from '../service';

/**
 * Magic links: a logged-in account asks for a short-lived single-use token, puts it in a
 * /magic-link/{token}/{target} address, and whoever opens it is logged in as that account.
 */
export class MagicLinkService {
  private readonly tokens: OneTimeTokenRepository;
  /** SEC-CODE-2: wrong links count per IP (a link names no account). */
  private readonly attempts: AttemptLimiter;

  constructor(private readonly accounts: AccountService) {
    this.tokens = new OneTimeTokenRepository(accounts.platform.db);
    this.attempts = new AttemptLimiter(
      accounts.platform.counters,
      accounts.platform.config,
      'magic-link',
    );
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

  /**
   * Exchanges the token, once, for an access token. Password-login lockouts (SEC-LOGIN-*) do not
   * apply: the link is the way in for an owner locked out by someone else's guesses.
   */
  async validate(shortLivedToken: string, ip: string): Promise<string> {
    await this.attempts.begin({ ip });
    const row = await this.tokens.consume(sha256(shortLivedToken.trim()), 'magic-link', new Date());
    const user = row ? await this.accounts.repo.byId(row.userId) : undefined;
    if (!user) {
      await this.attempts.failed({ ip });
      throw fail('MAGIC_LINK_INVALID');
    }
    this.accounts.assertMayLogIn(user);
    await this.accounts.rememberClient(user.id, ip);
    const updated = await this.accounts.repo.update(user.id, { lastLoginAt: new Date() });
    return this.accounts.issueToken(updated);
  }
}
