import type { AdminUserDto, DeactivationListRes, DeactivationRequestDto } from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { requireAccess } from '../../../platform/access';
import type { Db } from '../../../platform/db/index';
import { fail } from '../../../platform/errors';
import { moderationRecord } from '../../../platform/moderation-record';
import { ModerationRepository, type DeactivationRow } from '../moderation/moderation.repository';
import { assertMayActOn, type ModerationService } from '../moderation/moderation.service';
import { UserRepository } from '../repository';
import { toAdminUser, type AccountService } from '../service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function deactivationDto(r: DeactivationRow, userUuid: string): DeactivationRequestDto {
  return {
    id: r.id,
    userUuid,
    reason: r.reason,
    status: r.status,
    handledBy: r.handledBy,
    handledAt: iso(r.handledAt),
    createdAt: r.createdAt.toISOString(),
  };
}

/**
 * Deactivation: the user requests it, moderators list and cancel requests, the user or
 * a moderator deactivates (the account can no longer log in, its tokens stop working, it is
 * hidden from public profiles), moderators reactivate. Each step is kept in deactivation_requests.
 */
export class DeactivationService {
  constructor(
    readonly accounts: AccountService,
    private readonly moderation: ModerationService,
  ) {}

  private tx<T>(work: (repo: ModerationRepository, users: UserRepository) => Promise<T>) {
    return this.accounts.platform.db.transaction((tx) => {
      const db = tx as unknown as Db;
      return work(new ModerationRepository(db), new UserRepository(db));
    });
  }

  async request(auth: AuthContext | null, reason = ''): Promise<DeactivationRequestDto> {
    const user = await this.accounts.me(auth);
    const row = await this.tx(async (repo) => {
      if (!(await repo.switchStatus(user.id, 'ACTIVE', 'DEACTIVATION_REQUESTED'))) {
        throw fail('DEACTIVATION_ALREADY_REQUESTED');
      }
      return repo.addDeactivation({ userId: user.id, reason, status: 'REQUESTED' });
    });
    return deactivationDto(row, user.uuid);
  }

  async list(limit: number, offset: number): Promise<DeactivationListRes> {
    const { rows, total } = await this.moderation.repo.openDeactivations(limit, offset);
    const emails = await this.accounts.repo.primaryEmails(rows.map((r) => r.user.id));
    return {
      data: rows.map(({ request, user }) => ({
        ...deactivationDto(request, user.uuid),
        user: toAdminUser(user, emails.get(user.id)),
      })),
      total,
    };
  }

  async cancel(auth: AuthContext | null, userUuid: string): Promise<DeactivationRequestDto> {
    const target = await this.accounts.find(userUuid);
    assertMayActOn(auth!, target);
    const row = await this.tx(async (repo) => {
      const open = await repo.latestDeactivation(target.id, 'REQUESTED');
      if (!open) throw fail('DEACTIVATION_REQUEST_NOT_FOUND');
      await repo.switchStatus(target.id, 'DEACTIVATION_REQUESTED', 'ACTIVE');
      return repo.updateDeactivation(open.id, {
        status: 'CANCELLED',
        handledBy: auth!.uuid,
        handledAt: new Date(),
      });
    });
    return deactivationDto(row, target.uuid);
  }

  /** By the account itself, or by a moderator acting on an account below them. */
  async deactivate(auth: AuthContext | null, idOrUuid: string): Promise<AdminUserDto> {
    const caller = auth!;
    const target = await this.accounts.find(idOrUuid);
    if (target.uuid !== caller.uuid) {
      requireAccess(caller, 'user.deactivate.other');
      assertMayActOn(caller, target);
    }
    if (target.status === 'DEACTIVATED') throw fail('ACCOUNT_ALREADY_DEACTIVATED');
    const updated = await this.moderation.recorded(
      moderationRecord({
        actorUuid: caller.uuid,
        targetUuid: target.uuid,
        actionType: 'deactivated',
      }),
      async (users, repo, work) => {
        if (!(await repo.switchStatus(target.id, target.status, 'DEACTIVATED'))) {
          throw fail('ACCOUNT_ALREADY_DEACTIVATED');
        }
        const handled = {
          status: 'DEACTIVATED' as const,
          handledBy: caller.uuid,
          handledAt: new Date(),
        };
        const open = await repo.latestDeactivation(target.id, 'REQUESTED');
        if (open) await repo.updateDeactivation(open.id, handled);
        else await repo.addDeactivation({ userId: target.id, ...handled });
        const bumped = await users.bumpSessionVersion(target.id);
        await work('user.deactivated', { uuid: target.uuid });
        return bumped;
      },
    );
    return this.moderation.adminView(updated);
  }

  async reactivate(auth: AuthContext | null, idOrUuid: string): Promise<AdminUserDto> {
    const target = await this.accounts.find(idOrUuid);
    assertMayActOn(auth!, target);
    const updated = await this.moderation.recorded(
      moderationRecord({
        actorUuid: auth!.uuid,
        targetUuid: target.uuid,
        actionType: 'reactivated',
      }),
      async (users, repo, work) => {
        if (!(await repo.switchStatus(target.id, 'DEACTIVATED', 'ACTIVE'))) {
          throw fail('ACCOUNT_NOT_DEACTIVATED');
        }
        const last = await repo.latestDeactivation(target.id, 'DEACTIVATED');
        if (last) {
          await repo.updateDeactivation(last.id, {
            status: 'REACTIVATED',
            handledBy: auth!.uuid,
            handledAt: new Date(),
          });
        }
        await work('user.reactivated', { uuid: target.uuid });
        return (await users.byId(target.id))!;
      },
    );
    return this.moderation.adminView(updated);
  }
}
