import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { type BlockedUserDto, type FriendDto, type FriendInvitationDto } from '@tt/protocol';
import { requireAccess } from '../../platform/access';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import { FansService } from './fans.service';
import { blockedEitherWay, requireOtherAccount } from './people';
import { PendingLists, type PendingAnswer } from './pending-lists';
import { blockedUsers, friendInvitations, friendships } from './schema';

type InvitationRow = typeof friendInvitations.$inferSelect;

const toInvitation = (r: InvitationRow): FriendInvitationDto => ({
  id: r.id,
  senderUuid: r.senderUuid,
  receiverUuid: r.receiverUuid,
  invitationStatus: r.status,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

/**
 * Friends, friend invitations and blocks (docs/SOCIAL-RULES.md, SOC-*). Changes between two
 * people run in one transaction holding a lock on the pair, so two invitations crossing, or an
 * invitation and a block, cannot interleave.
 */
export class FriendsService {
  /** SOC-INV-LIST-2: the pending lists this process keeps. */
  readonly pendingLists: PendingLists;

  constructor(private readonly platform: Platform) {
    this.pendingLists = new PendingLists(platform);
  }

  private get db(): Db {
    return this.platform.db;
  }

  /** Runs `work` holding the lock of the pair {a, b} (either order). */
  private pair<T>(a: string, b: string, work: (tx: Db) => Promise<T>): Promise<T> {
    const key = [a, b].sort().join(':');
    const done = this.db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`);
      return work(tx as unknown as Db);
    });
    // Work events written in the transaction (NOTIFY-FRIEND-*) are relayed once it commits;
    // SOC-INV-LIST-2: the pair's kept pending lists are dropped once it ended.
    return done.finally(() => {
      this.platform.outbox.kick();
      this.pendingLists.changed(a, b);
    });
  }

  private async areFriends(tx: Db, a: string, b: string): Promise<boolean> {
    const [row] = await tx
      .select({ n: count() })
      .from(friendships)
      .where(and(eq(friendships.userUuid, a), eq(friendships.friendUuid, b)));
    return Number(row?.n ?? 0) > 0;
  }

  private async befriend(tx: Db, a: string, b: string, since: Date): Promise<void> {
    await tx
      .insert(friendships)
      .values([
        { userUuid: a, friendUuid: b, since },
        { userUuid: b, friendUuid: a, since },
      ])
      .onConflictDoNothing();
  }

  private pending(tx: Db, from: string, to: string) {
    return tx
      .select()
      .from(friendInvitations)
      .where(
        and(
          eq(friendInvitations.senderUuid, from),
          eq(friendInvitations.receiverUuid, to),
          eq(friendInvitations.status, 'pending'),
        ),
      )
      .limit(1);
  }

  /** SOC-INV-1…5: invite; an invitation the other already sent is accepted instead. */
  async invite(auth: AuthContext, receiverUuid: string): Promise<FriendInvitationDto> {
    await requireOtherAccount(this.platform, auth, receiverUuid);
    const me = auth.uuid;
    return this.pair(me, receiverUuid, async (tx) => {
      if (await blockedEitherWay(tx, me, receiverUuid)) throw fail('SOCIAL_BLOCKED');
      if (await this.areFriends(tx, me, receiverUuid)) throw fail('FRIEND_ALREADY');
      const [mine] = await this.pending(tx, me, receiverUuid);
      if (mine) throw fail('FRIEND_INVITATION_EXISTS');
      const [theirs] = await this.pending(tx, receiverUuid, me);
      if (theirs) return this.answer(tx, theirs, 'accepted');
      const [row] = await tx
        .insert(friendInvitations)
        .values({ senderUuid: me, receiverUuid })
        .returning();
      const invitation = { invitationId: row!.id, senderUuid: me, receiverUuid };
      await this.platform.outbox.add(tx, 'social.friendInvited', invitation);
      return toInvitation(row!);
    });
  }

  private async answer(
    tx: Db,
    invitation: InvitationRow,
    status: 'accepted' | 'rejected',
  ): Promise<FriendInvitationDto> {
    const now = new Date();
    const [row] = await tx
      .update(friendInvitations)
      .set({ status, updatedAt: now })
      .where(eq(friendInvitations.id, invitation.id))
      .returning();
    if (status === 'accepted') {
      await this.befriend(tx, invitation.senderUuid, invitation.receiverUuid, now);
      await this.platform.outbox.add(tx, 'social.friendAccepted', {
        invitationId: invitation.id,
        senderUuid: invitation.senderUuid,
        receiverUuid: invitation.receiverUuid,
      });
    }
    return toInvitation(row!);
  }

  /** SOC-INV-6: the receiver accepts or rejects a pending invitation. */
  async handle(
    auth: AuthContext,
    invitationId: string,
    status: 'accepted' | 'rejected',
  ): Promise<FriendInvitationDto> {
    const found = await this.byId(invitationId);
    if (found.receiverUuid !== auth.uuid) throw fail('FRIEND_INVITATION_NOT_YOURS');
    return this.pair(found.senderUuid, found.receiverUuid, async (tx) => {
      const [row] = await tx
        .select()
        .from(friendInvitations)
        .where(eq(friendInvitations.id, invitationId));
      if (!row || row.status !== 'pending') throw fail('FRIEND_INVITATION_HANDLED');
      if (status === 'accepted' && (await blockedEitherWay(tx, row.senderUuid, auth.uuid))) {
        throw fail('SOCIAL_BLOCKED');
      }
      return this.answer(tx, row, status);
    });
  }

  private async byId(id: string): Promise<InvitationRow> {
    const [row] = await this.db
      .select()
      .from(friendInvitations)
      .where(eq(friendInvitations.id, id));
    if (!row) throw fail('FRIEND_INVITATION_NOT_FOUND');
    return row;
  }

  /** SOC-INV-7: the sender withdraws, or the receiver dismisses, a pending invitation. */
  async cancel(auth: AuthContext, id: string): Promise<{ success: boolean }> {
    const row = await this.byId(id);
    if (row.senderUuid !== auth.uuid && row.receiverUuid !== auth.uuid) {
      throw fail('FRIEND_INVITATION_NOT_FOUND');
    }
    if (row.status !== 'pending') throw fail('FRIEND_INVITATION_HANDLED');
    await this.db.delete(friendInvitations).where(eq(friendInvitations.id, id));
    this.pendingLists.changed(row.senderUuid, row.receiverUuid); // SOC-INV-LIST-2
    return { success: true };
  }

  /** Every invitation of a user, newest first: their own, or anyone's for admins. */
  async invitationsOf(auth: AuthContext, uuid: string): Promise<FriendInvitationDto[]> {
    if (uuid !== auth.uuid) requireAccess(auth, 'user.invitations.other');
    const rows = await this.db
      .select()
      .from(friendInvitations)
      .where(or(eq(friendInvitations.senderUuid, uuid), eq(friendInvitations.receiverUuid, uuid)))
      .orderBy(desc(friendInvitations.createdAt))
      .limit(500);
    return rows.map(toInvitation);
  }

  /** Pending invitations the caller received (`for`) or sent (`from`), newest first. */
  pendingOf(auth: AuthContext, side: 'for' | 'from'): Promise<PendingAnswer> {
    return this.pendingLists.of(auth.uuid, side);
  }

  /** SOC-FRIEND-2: anyone's friends, newest first, but not the people who blocked the viewer. */
  async friends(
    auth: AuthContext,
    uuid: string,
    skip: number,
    take: number,
  ): Promise<{ friends: FriendDto[]; total: number; skip: number; take: number }> {
    const visible = and(
      eq(friendships.userUuid, uuid),
      sql`NOT EXISTS (SELECT 1 FROM blocked_users b WHERE b.user_uuid = ${friendships.friendUuid} AND b.blocked_uuid = ${auth.uuid})`,
    );
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(friendships)
        .where(visible)
        .orderBy(desc(friendships.since), desc(friendships.friendUuid))
        .limit(take)
        .offset(skip),
      this.db.select({ n: count() }).from(friendships).where(visible),
    ]);
    return {
      friends: rows.map((r) => ({
        userUuid: r.userUuid,
        friendUuid: r.friendUuid,
        since: r.since.toISOString(),
      })),
      total: Number(total?.n ?? 0),
      skip,
      take,
    };
  }

  async friendUuids(uuid: string): Promise<string[]> {
    const rows = await this.db
      .select({ friendUuid: friendships.friendUuid })
      .from(friendships)
      .where(eq(friendships.userUuid, uuid))
      .orderBy(desc(friendships.since));
    return rows.map((r) => r.friendUuid);
  }

  async single(auth: AuthContext, other: string): Promise<FriendDto> {
    const [row] = await this.db
      .select()
      .from(friendships)
      .where(and(eq(friendships.userUuid, auth.uuid), eq(friendships.friendUuid, other)));
    if (!row) throw fail('FRIEND_NOT_FOUND');
    return { userUuid: row.userUuid, friendUuid: row.friendUuid, since: row.since.toISOString() };
  }

  /** SOC-FRIEND-1: unfriending ends the friendship for both. */
  async unfriend(auth: AuthContext, other: string): Promise<{ success: boolean }> {
    return this.pair(auth.uuid, other, async (tx) => {
      if (!(await this.areFriends(tx, auth.uuid, other))) throw fail('FRIEND_NOT_FOUND');
      await this.unlink(tx, auth.uuid, other);
      return { success: true };
    });
  }

  private async unlink(tx: Db, a: string, b: string): Promise<void> {
    await tx
      .delete(friendships)
      .where(
        or(
          and(eq(friendships.userUuid, a), eq(friendships.friendUuid, b)),
          and(eq(friendships.userUuid, b), eq(friendships.friendUuid, a)),
        ),
      );
  }

  /** SOC-BLOCK-1: a block ends the friendship, following and pending invitations, both ways. */
  async block(auth: AuthContext, other: string): Promise<BlockedUserDto> {
    await requireOtherAccount(this.platform, auth, other);
    const blocked = await this.pair(auth.uuid, other, async (tx) => {
      const [row] = await tx
        .insert(blockedUsers)
        .values({ userUuid: auth.uuid, blockedUuid: other })
        .onConflictDoNothing()
        .returning();
      if (!row) throw fail('BLOCK_EXISTS');
      await this.unlink(tx, auth.uuid, other);
      await FansService.unlink(tx, auth.uuid, other);
      await tx
        .delete(friendInvitations)
        .where(
          and(
            eq(friendInvitations.status, 'pending'),
            or(
              and(
                eq(friendInvitations.senderUuid, auth.uuid),
                eq(friendInvitations.receiverUuid, other),
              ),
              and(
                eq(friendInvitations.senderUuid, other),
                eq(friendInvitations.receiverUuid, auth.uuid),
              ),
            ),
          ),
        );
      return toBlocked(row);
    });
    this.blocksChanged(auth.uuid);
    return blocked;
  }

  /** SOC-BLOCK-3: after the commit, every process's open chat sockets of `uuid` reload blocks. */
  private blocksChanged(uuid: string): void {
    this.platform.bus
      .publish('social.blocksChanged', { uuid })
      .catch((err) => this.platform.log.warn({ err }, 'publishing a block change failed'));
  }

  async blocked(auth: AuthContext): Promise<BlockedUserDto[]> {
    const rows = await this.db
      .select()
      .from(blockedUsers)
      .where(eq(blockedUsers.userUuid, auth.uuid))
      .orderBy(desc(blockedUsers.createdAt))
      .limit(1000);
    return rows.map(toBlocked);
  }

  /** Has `blocker` blocked `other`? (SocialPort, for chat) */
  async hasBlocked(blocker: string, other: string): Promise<boolean> {
    const [row] = await this.db
      .select({ n: count() })
      .from(blockedUsers)
      .where(and(eq(blockedUsers.userUuid, blocker), eq(blockedUsers.blockedUuid, other)));
    return Number(row?.n ?? 0) > 0;
  }

  /** Everyone `blocker` blocked (SocialPort, for chat). */
  async blockedUuids(blocker: string): Promise<string[]> {
    const rows = await this.db
      .select({ uuid: blockedUsers.blockedUuid })
      .from(blockedUsers)
      .where(eq(blockedUsers.userUuid, blocker));
    return rows.map((r) => r.uuid);
  }

  /** Those among `uuids` who blocked `actor` (SocialPort, for notifications: NOTIFY-BLOCK-1). */
  async blockersAmong(actor: string, uuids: string[]): Promise<string[]> {
    if (uuids.length === 0) return [];
    const rows = await this.db
      .select({ u: blockedUsers.userUuid })
      .from(blockedUsers)
      .where(and(eq(blockedUsers.blockedUuid, actor), inArray(blockedUsers.userUuid, uuids)));
    return rows.map((r) => r.u);
  }

  /** Everyone `uuid` blocked or was blocked by (for finding friends, SOCIAL-CONTACT-4). */
  async blockedEitherWayUuids(uuid: string): Promise<string[]> {
    const rows = await this.db
      .select({ a: blockedUsers.userUuid, b: blockedUsers.blockedUuid })
      .from(blockedUsers)
      .where(or(eq(blockedUsers.userUuid, uuid), eq(blockedUsers.blockedUuid, uuid)));
    return [...new Set(rows.map((r) => (r.a === uuid ? r.b : r.a)))];
  }

  async blockedOne(auth: AuthContext, other: string): Promise<BlockedUserDto> {
    const [row] = await this.db
      .select()
      .from(blockedUsers)
      .where(and(eq(blockedUsers.userUuid, auth.uuid), eq(blockedUsers.blockedUuid, other)));
    if (!row) throw fail('BLOCK_NOT_FOUND');
    return toBlocked(row);
  }

  async unblock(auth: AuthContext, other: string): Promise<{ success: boolean }> {
    const rows = await this.db
      .delete(blockedUsers)
      .where(and(eq(blockedUsers.userUuid, auth.uuid), eq(blockedUsers.blockedUuid, other)))
      .returning();
    if (rows.length === 0) throw fail('BLOCK_NOT_FOUND');
    this.blocksChanged(auth.uuid);
    return { success: true };
  }
}

function toBlocked(r: typeof blockedUsers.$inferSelect): BlockedUserDto {
  return {
    userUuid: r.userUuid,
    blockedUserUuid: r.blockedUuid,
    createdAt: r.createdAt.toISOString(),
  };
}
