import {
  ADMIN_USER_QB_FIELDS,
  type AdminSignUpReq,
  type AdminUserDto,
  type QbQuery,
} from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { endSessionsIn } from '../auth/sessions';
import { fail } from '../../../platform/errors';
import { ChangeWork } from '../../../platform/outbox/change';
import { qbPageOf, qbPlan } from '../../../platform/qb';
import { ADMIN_USER_FIELDS, AdminRepository } from './admin.repository';
import { mayGrantRole } from '@tt/rules';
import { assertMayActOn } from '../moderation/moderation.service';
import type { UserRow } from '../repository';
import { toAdminUser, type AccountService } from '../service';

/** Admin views of accounts, accounts created by admins, and admin password changes. */
export class AdminService {
  readonly repo: AdminRepository;

  constructor(readonly accounts: AccountService) {
    this.repo = new AdminRepository(accounts.platform.db);
  }

  private async view(u: UserRow): Promise<AdminUserDto> {
    return toAdminUser(u, await this.accounts.repo.primaryEmail(u.id));
  }

  /** (qb) list: newest accounts first unless sorted otherwise; 25 a page, at most 100. */
  async users(query: QbQuery) {
    const plan = qbPlan(query, ADMIN_USER_FIELDS, {
      selectable: ADMIN_USER_QB_FIELDS,
      joins: ['emails'],
      defaultLimit: 25,
      maxLimit: 100,
      defaultSort: [{ field: 'createdAt', dir: 'DESC' }],
      tiebreaker: 'id',
    });
    const { rows, total } = await this.repo.listUsers(plan);
    const emails = await this.accounts.repo.primaryEmails(rows.map((r) => r.id));
    return qbPageOf(
      rows.map((u) => toAdminUser(u, emails.get(u.id))),
      total,
      plan,
    );
  }

  async user(idOrUuid: string): Promise<AdminUserDto> {
    return this.view(await this.accounts.find(idOrUuid));
  }

  /** An account whose e-mail needs no verification; roles beyond `user` follow the grant rules. */
  async signUp(auth: AuthContext | null, body: AdminSignUpReq): Promise<AdminUserDto> {
    const roles = [...new Set(['user' as const, ...(body.roles ?? [])])];
    for (const role of roles) if (!mayGrantRole(auth!, role)) throw fail('ROLE_GRANT_FORBIDDEN');
    const { user } = await this.accounts.createAccount({
      email: body.email,
      password: body.password,
      nickname: body.nickname,
      roles,
      emailStatus: 'CREATED_BY_ADMIN',
    });
    return this.view(user);
  }

  /** Sets the password of an account below the caller and ends its sessions. */
  async changePassword(
    auth: AuthContext | null,
    userUuid: string,
    newPassword: string,
  ): Promise<AdminUserDto> {
    const target = await this.accounts.find(userUuid);
    assertMayActOn(auth!, target);
    if (await this.accounts.passwords.verify(target.passwordHash, newPassword)) {
      throw fail('PASSWORD_SAME_AS_PREVIOUS');
    }
    const passwordHash = await this.accounts.passwords.hash(newPassword);
    const work = new ChangeWork(this.accounts.platform);
    const updated = await this.accounts.repo.transaction(async (repo, tx) => {
      await repo.update(target.id, { passwordHash });
      return endSessionsIn(repo, work.in(tx), target, 'Password changed by an admin', auth!.uuid);
    });
    await work.committed();
    return this.view(updated);
  }
}
