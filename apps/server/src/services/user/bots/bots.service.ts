import { MAX_BOTS_PER_OWNER, type SignUpBotReq } from '@tt/protocol';
import { requireAccess } from '../../../platform/access';
import type { AuthContext } from '../../../platform/auth';
import { fail } from '../../../platform/errors';
import { BotsRepository } from './bots.repository';
import type { AccountService } from '../service';

/** Bot accounts: created by a user (their owner), with long-lived bot tokens. */
export class BotService {
  private readonly repo: BotsRepository;

  constructor(private readonly accounts: AccountService) {
    this.repo = new BotsRepository(accounts.platform.db);
  }

  /** Creates a bot owned by the caller; its e-mail counts as verified (the owner vouches). */
  async signUp(auth: AuthContext | null, input: SignUpBotReq): Promise<string> {
    const owner = await this.accounts.me(auth);
    if (owner.isBot || auth?.type === 'bot') throw fail('BOT_CANNOT_OWN_BOT');
    const verified = await this.accounts.isVerified(owner);
    requireAccess({ uuid: owner.uuid, roles: auth!.roles, verified }, 'bot.create');
    if ((await this.repo.countOwnedBy(owner.uuid)) >= MAX_BOTS_PER_OWNER) {
      throw fail('BOT_LIMIT_REACHED');
    }
    const { user } = await this.accounts.createAccount({
      email: input.email,
      password: input.password,
      nickname: input.nickname,
      roles: ['bot'],
      emailStatus: 'VERIFIED',
      isBot: true,
      botOwnerUuid: owner.uuid,
    });
    return this.accounts.issueToken(user);
  }

  /**
   * A fresh long-lived token: a bot asks for its own (no botUuid, or its own uuid); an owner
   * names one of their bots with botUuid. Everyone else gets 403. Earlier tokens stay valid.
   */
  async token(auth: AuthContext | null, botUuid: string | undefined): Promise<string> {
    const caller = await this.accounts.me(auth);
    if (!botUuid || botUuid === caller.uuid) {
      if (!caller.isBot) throw fail('BOT_TOKEN_FORBIDDEN');
      return this.accounts.issueToken(caller);
    }
    const bot = await this.accounts.repo.byUuid(botUuid);
    if (!bot || !bot.isBot || bot.botOwnerUuid !== caller.uuid) throw fail('BOT_TOKEN_FORBIDDEN');
    this.accounts.assertMayLogIn(bot);
    return this.accounts.issueToken(bot);
  }
}
