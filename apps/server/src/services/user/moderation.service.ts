import {
  MODERATOR_GRANTABLE_ROLES,
  MODERATOR_ROLES,
  ROLE_PRECEDENCE,
  type AdminUserDto,
  type Badge,
  type Capability,
  type DeactivationListRes,
  type DeactivationRequestDto,
  type ModerationCommentDto,
  type ProfileAdminReq,
  type TemporaryBanReq,
  type UserProfileDto,
  type UserRole,
} from '@tt/protocol';
import type { AuthContext } from '../../platform/auth';
import { fail } from '../../platform/errors';
import type { Db } from '../../platform/db/index';
import type { ModerationRecord } from '../../platform/events';
import { moderationRecord } from '../../platform/moderation-record';
import {
  ModerationRepository,
  type CommentRow,
  type DeactivationRow,
} from './moderation.repository';
import { profileChanges } from './profile.service';
import { UserRepository, type NewUser, type UserRow } from './repository';
import { toAdminUser, toPublicProfile, type AccountService } from './service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Power of a set of roles: the position of the highest one in ROLE_PRECEDENCE (higher = more). */
export function roleRank(roles: readonly string[]): number {
  const idx = ROLE_PRECEDENCE.findIndex((r) => roles.includes(r));
  return idx === -1 ? 0 : ROLE_PRECEDENCE.length - idx;
}

/** Nobody acts on their own account, and only on accounts whose highest role is below theirs. */
export function assertMayActOn(auth: AuthContext, target: UserRow): void {
  if (target.uuid === auth.uuid) throw fail('MODERATION_SELF');
  if (roleRank(target.roles) >= roleRank(auth.roles)) throw fail('MODERATION_RANK');
}

/** superUser is granted only by a superUser; admins grant any other role; moderators user and promoter. */
export function mayGrant(granterRoles: readonly string[], role: UserRole): boolean {
  if (granterRoles.includes('superUser')) return true;
  if (role === 'superUser') return false;
  if (granterRoles.includes('admin')) return true;
  return MODERATOR_GRANTABLE_ROLES.includes(role);
}

export const isModerator = (auth: AuthContext) =>
  MODERATOR_ROLES.some((r) => auth.roles.includes(r));

/** Kick, bans, roles, capabilities, badges, profile edits by moderators, and their notes. */
export class ModerationService {
  readonly repo: ModerationRepository;

  constructor(readonly accounts: AccountService) {
    this.repo = new ModerationRepository(accounts.platform.db);
  }

  async adminView(u: UserRow): Promise<AdminUserDto> {
    return toAdminUser(u, await this.accounts.repo.primaryEmail(u.id));
  }

  /** The target of a moderator action, after the self and hierarchy checks. */
  private async target(auth: AuthContext | null, idOrUuid: string): Promise<UserRow> {
    const caller = this.caller(auth);
    const target = await this.accounts.find(idOrUuid);
    assertMayActOn(caller, target);
    return target;
  }

  /** AUDIT-MOD-1: the change and its moderation-log event commit together. */
  private async recorded<T>(
    record: ModerationRecord,
    change: (users: UserRepository) => Promise<T>,
  ): Promise<T> {
    const { db, outbox } = this.accounts.platform;
    const out = await db.transaction(async (tx) => {
      const result = await change(new UserRepository(tx as unknown as Db));
      await outbox.add(tx as unknown as Db, 'moderation.recorded', record);
      return result;
    });
    outbox.kick();
    return out;
  }

  private caller(auth: AuthContext | null): AuthContext {
    if (!auth) throw fail('TOKEN_MISSING');
    return auth;
  }

  async kick(auth: AuthContext | null, userUuid: string, reason = ''): Promise<AdminUserDto> {
    const target = await this.target(auth, userUuid);
    const updated = await this.recorded(
      moderationRecord({
        actorUuid: auth!.uuid,
        targetUuid: target.uuid,
        actionType: 'kick',
        reason,
      }),
      (users) => users.bumpSessionVersion(target.id),
    );
    await this.accounts.emit('user.kicked', { uuid: target.uuid, reason, by: auth!.uuid });
    return this.adminView(updated);
  }

  /** A ban until `until`, or until unbanned when null; ends every session. */
  async ban(
    auth: AuthContext | null,
    userUuid: string,
    reason = '',
    until: Date | null = null,
  ): Promise<AdminUserDto> {
    const target = await this.target(auth, userUuid);
    const record = moderationRecord({
      actorUuid: auth!.uuid,
      targetUuid: target.uuid,
      actionType: until ? 'temporaryBan' : 'ban',
      reason,
      until: iso(until),
    });
    const updated = await this.recorded(record, async (users) => {
      await users.update(target.id, {
        banned: true,
        bannedUntil: until,
        banReason: reason || null,
      });
      return users.bumpSessionVersion(target.id);
    });
    await this.accounts.emit('user.banned', {
      uuid: target.uuid,
      until: iso(until),
      reason,
      by: auth!.uuid,
    });
    return this.adminView(updated);
  }

  /** `durationMinutes` from now, or `until` (an instant already past records a ban that has ended). */
  temporaryBan(auth: AuthContext | null, body: TemporaryBanReq): Promise<AdminUserDto> {
    const hasDuration = body.durationMinutes !== undefined;
    if (hasDuration === (body.until !== undefined)) throw fail('TEMP_BAN_DURATION_MISSING');
    const until = hasDuration
      ? new Date(Date.now() + body.durationMinutes! * 60_000)
      : new Date(body.until!);
    return this.ban(auth, body.userUuid, body.reason, until);
  }

  /** Lifts a ban (answers the account unchanged when it was not banned). */
  async unban(auth: AuthContext | null, userUuid: string): Promise<AdminUserDto> {
    const target = await this.target(auth, userUuid);
    const updated = await this.recorded(
      moderationRecord({ actorUuid: auth!.uuid, targetUuid: target.uuid, actionType: 'unban' }),
      (users) => users.update(target.id, { banned: false, bannedUntil: null, banReason: null }),
    );
    await this.accounts.emit('user.unbanned', { uuid: target.uuid, by: auth!.uuid });
    return this.adminView(updated);
  }

  /** Grants a role; it shows in the account's tokens from its next login. */
  async addRole(auth: AuthContext | null, userUuid: string, role: UserRole): Promise<AdminUserDto> {
    const target = await this.target(auth, userUuid);
    if (!mayGrant(auth!.roles, role)) throw fail('ROLE_GRANT_FORBIDDEN');
    if (target.roles.includes(role)) throw fail('ROLE_ALREADY_HELD');
    const record = moderationRecord({
      actorUuid: auth!.uuid,
      targetUuid: target.uuid,
      actionType: 'roleAdded',
      previousRole: target.roles.join(','),
      role,
    });
    const updated = await this.recorded(record, (users) =>
      users.update(target.id, { roles: [...target.roles, role] }),
    );
    await this.accounts.emit('user.rolesChanged', { uuid: updated.uuid, roles: updated.roles });
    return this.adminView(updated);
  }

  async setCapability(
    auth: AuthContext | null,
    idOrUuid: string,
    capability: Capability,
    granted: boolean,
  ): Promise<{ capabilities: Capability[] }> {
    const target = await this.target(auth, idOrUuid);
    const rest = target.capabilities.filter((c) => c !== capability);
    const capabilities = granted ? [...rest, capability] : rest;
    if (granted === target.capabilities.includes(capability)) {
      return { capabilities: target.capabilities };
    }
    const record = moderationRecord({
      actorUuid: auth!.uuid,
      targetUuid: target.uuid,
      actionType: granted ? 'capabilityAdded' : 'capabilityRemoved',
      role: capability,
    });
    const updated = await this.recorded(record, (users) =>
      users.update(target.id, { capabilities }),
    );
    return { capabilities: updated.capabilities };
  }

  /** Edits another account's profile with the rules of POST /users/profile. */
  async editProfile(auth: AuthContext | null, body: ProfileAdminReq): Promise<AdminUserDto> {
    const { userUuid, ...patch } = body;
    const target = await this.target(auth, userUuid);
    const changes = profileChanges(patch);
    if (Object.keys(changes).length === 0) return this.adminView(target);
    return this.adminView(await this.saveProfile(target.id, changes));
  }

  async replaceBadges(
    auth: AuthContext | null,
    userUuid: string,
    badges: Badge[],
  ): Promise<AdminUserDto> {
    const target = await this.target(auth, userUuid);
    return this.adminView(await this.saveProfile(target.id, { badges: [...new Set(badges)] }));
  }

  /** Service-to-service badge changes (no hierarchy: services are trusted). */
  async changeBadges(userUuid: string, badges: Badge[], add: boolean): Promise<UserProfileDto> {
    const target = await this.accounts.find(userUuid);
    const next = add
      ? [...new Set([...target.badges, ...badges])]
      : target.badges.filter((b) => !badges.includes(b));
    return toPublicProfile(await this.saveProfile(target.id, { badges: next }));
  }

  private async saveProfile(userId: number, changes: Partial<NewUser>): Promise<UserRow> {
    const updated = await this.accounts.repo.update(userId, changes);
    await this.accounts.emit('user.profileUpdated', {
      uuid: updated.uuid,
      profile: toPublicProfile(updated),
    });
    return updated;
  }

  async addComment(
    auth: AuthContext | null,
    userUuid: string,
    comment: string,
  ): Promise<ModerationCommentDto> {
    const caller = this.caller(auth);
    const target = await this.accounts.find(userUuid);
    const id = await this.repo.addComment({
      userUuid: target.uuid,
      authorUuid: caller.uuid,
      comment,
    });
    const [row] = await this.repo.comments({ id });
    return commentDto(row);
  }

  async comments(idOrUuid: string): Promise<ModerationCommentDto[]> {
    const target = await this.accounts.find(idOrUuid);
    return (await this.repo.comments({ userUuid: target.uuid })).map(commentDto);
  }
}

function commentDto(r: CommentRow): ModerationCommentDto {
  return {
    id: r.id,
    userUuid: r.userUuid,
    authorUuid: r.authorUuid,
    authorNickname: r.authorNickname,
    comment: r.comment,
    createdAt: r.createdAt.toISOString(),
  };
}

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
 * Deactivation (spec §4): the user requests it, moderators list and cancel requests, the user or
 * a moderator deactivates (the account can no longer log in, its tokens stop working, it is
 * hidden from public profiles), moderators reactivate. Each step is kept in deactivation_requests.
 */
export class DeactivationService {
  constructor(
    readonly accounts: AccountService,
    private readonly moderation: ModerationService,
  ) {}

  /** With `record`, the change and its moderation-log event commit together (AUDIT-MOD-1). */
  private async tx<T>(
    work: (repo: ModerationRepository, users: UserRepository) => Promise<T>,
    record?: ModerationRecord,
  ) {
    const { db: base, outbox } = this.accounts.platform;
    const out = await base.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const result = await work(new ModerationRepository(db), new UserRepository(db));
      if (record) await outbox.add(db, 'moderation.recorded', record);
      return result;
    });
    if (record) outbox.kick();
    return out;
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
      if (!isModerator(caller)) throw fail('DEACTIVATE_FORBIDDEN');
      assertMayActOn(caller, target);
    }
    if (target.status === 'DEACTIVATED') throw fail('ACCOUNT_ALREADY_DEACTIVATED');
    const updated = await this.tx(
      async (repo, users) => {
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
        return users.bumpSessionVersion(target.id);
      },
      moderationRecord({
        actorUuid: caller.uuid,
        targetUuid: target.uuid,
        actionType: 'deactivated',
      }),
    );
    await this.accounts.emit('user.deactivated', { uuid: target.uuid });
    return this.moderation.adminView(updated);
  }

  async reactivate(auth: AuthContext | null, idOrUuid: string): Promise<AdminUserDto> {
    const target = await this.accounts.find(idOrUuid);
    assertMayActOn(auth!, target);
    const updated = await this.tx(
      async (repo, users) => {
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
        return (await users.byId(target.id))!;
      },
      moderationRecord({
        actorUuid: auth!.uuid,
        targetUuid: target.uuid,
        actionType: 'reactivated',
      }),
    );
    await this.accounts.emit('user.reactivated', { uuid: target.uuid });
    return this.moderation.adminView(updated);
  }
}
