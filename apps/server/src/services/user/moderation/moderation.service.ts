import {
  type AdminUserDto,
  type Badge,
  type Capability,
  type ModerationCommentDto,
  type ProfileAdminReq,
  type TemporaryBanReq,
  type UserProfileDto,
  type UserRole,
} from '@tt/protocol';
import type { AuthContext } from '../../../platform/auth';
import { endSessionsIn } from '../auth/sessions';
import { mayGrantRole, platformRank } from '@tt/rules';
import { fail } from '../../../platform/errors';
import type { Db } from '../../../platform/db/index';
import type { ModerationRecord } from '../../../platform/events';
import { moderationRecord } from '../../../platform/moderation-record';
import { ChangeWork, type WorkWriter } from '../../../platform/outbox/change';
import { ModerationRepository, type CommentRow } from './moderation.repository';
import { profileChanges } from '../profiles/profile.service';
import { UserRepository, type NewUser, type UserRow } from '../repository';
import { toAdminUser, toPublicProfile, type AccountService } from '../service';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Nobody acts on their own account, and only on accounts whose highest role is below theirs. */
export function assertMayActOn(auth: AuthContext, target: UserRow): void {
  if (target.uuid === auth.uuid) throw fail('MODERATION_SELF');
  if (platformRank(target.roles) >= platformRank(auth.roles)) throw fail('MODERATION_RANK');
}

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

  /**
   * AUDIT-MOD-1: the change, its moderation-log event and the work events `change` writes
   * (WORK-OUTBOX-1) commit together; then their live twins go out (BUS-TWIN-1).
   */
  async recorded<T>(
    record: ModerationRecord,
    change: (users: UserRepository, repo: ModerationRepository, work: WorkWriter) => Promise<T>,
  ): Promise<T> {
    const { platform } = this.accounts;
    const work = new ChangeWork(platform);
    const out = await platform.db.transaction(async (tx) => {
      const t = tx as unknown as Db;
      const writer = work.in(t);
      const result = await change(new UserRepository(t), new ModerationRepository(t), writer);
      await writer('moderation.recorded', record);
      return result;
    });
    await work.committed();
    return out;
  }

  private caller(auth: AuthContext | null): AuthContext {
    if (!auth) throw fail('USER_ACTION_UNAUTHORIZED'); // SEC-AUTH-USER-1
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
      (users, _repo, work) => endSessionsIn(users, work, target, reason, auth!.uuid),
    );
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
    const updated = await this.recorded(record, async (users, _repo, work) => {
      await users.update(target.id, {
        banned: true,
        bannedUntil: until,
        banReason: reason || null,
      });
      const bumped = await users.bumpSessionVersion(target.id);
      await work('user.banned', { uuid: target.uuid, until: iso(until), reason, by: auth!.uuid });
      return bumped;
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
      async (users, _repo, work) => {
        const row = await users.update(target.id, {
          banned: false,
          bannedUntil: null,
          banReason: null,
        });
        await work('user.unbanned', { uuid: target.uuid, by: auth!.uuid });
        return row;
      },
    );
    return this.adminView(updated);
  }

  /** Grants a role; it shows in the account's tokens from its next login. */
  async addRole(auth: AuthContext | null, userUuid: string, role: UserRole): Promise<AdminUserDto> {
    const target = await this.target(auth, userUuid);
    if (!mayGrantRole(auth!, role)) throw fail('ROLE_GRANT_FORBIDDEN');
    if (target.roles.includes(role)) throw fail('ROLE_ALREADY_HELD');
    const record = moderationRecord({
      actorUuid: auth!.uuid,
      targetUuid: target.uuid,
      actionType: 'roleAdded',
      previousRole: target.roles.join(','),
      role,
    });
    const updated = await this.recorded(record, async (users, _repo, work) => {
      const row = await users.update(target.id, { roles: [...target.roles, role] });
      await work('user.rolesChanged', { uuid: row.uuid, roles: row.roles });
      return row;
    });
    return this.adminView(updated);
  }

  /**
   * STAFF-ROLES-2: takes back a role the caller may grant. The account's tokens carry its roles,
   * so its sessions end (the session version moves): the role stops at once, not at expiry.
   */
  async removeRole(
    auth: AuthContext | null,
    userUuid: string,
    role: UserRole,
  ): Promise<AdminUserDto> {
    const target = await this.target(auth, userUuid);
    if (role === 'user' || !mayGrantRole(auth!, role)) throw fail('ROLE_GRANT_FORBIDDEN');
    if (!target.roles.includes(role)) throw fail('ROLE_NOT_HELD');
    const record = moderationRecord({
      actorUuid: auth!.uuid,
      targetUuid: target.uuid,
      actionType: 'roleRemoved',
      previousRole: target.roles.join(','),
      role,
    });
    const updated = await this.recorded(record, async (users, _repo, work) => {
      await users.update(target.id, { roles: target.roles.filter((r) => r !== role) });
      const row = await users.bumpSessionVersion(target.id);
      await work('user.rolesChanged', { uuid: row.uuid, roles: row.roles });
      return row;
    });
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
