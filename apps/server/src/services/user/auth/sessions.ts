import { ChangeWork, type WorkWriter } from '../../../platform/outbox/change';
import type { UserRepository, UserRow } from '../repository';
import type { AccountService } from '../service';

/**
 * SEC-SESSION-1: "sign out everywhere" — the session version goes up, so every token signed
 * before answers 401 (SESSION_REVOKED), and the same work event as a kick (written in the same
 * transaction) ends the account's chat tokens and closes its open sockets on every process.
 */
export async function endEverySession(accounts: AccountService, user: UserRow): Promise<void> {
  const work = new ChangeWork(accounts.platform);
  await accounts.repo.transaction(async (repo, tx) => {
    await endSessionsIn(repo, work.in(tx), user, 'Signed out everywhere', user.uuid);
  });
  await work.committed();
}

/**
 * SEC-SESSION-2: ending a person's sessions (sign out everywhere, a password change, a kick) is
 * one pair of writes in the caller's transaction: the session version goes up (old tokens answer
 * SESSION_REVOKED) and the `user.kicked` work event ends chat tokens and closes sockets
 * everywhere. Answers the updated row.
 */
export async function endSessionsIn(
  users: UserRepository,
  work: WorkWriter,
  target: Pick<UserRow, 'id' | 'uuid'>,
  reason: string,
  by: string | null,
): Promise<UserRow> {
  const bumped = await users.bumpSessionVersion(target.id);
  await work('user.kicked', { uuid: target.uuid, reason, by });
  return bumped;
}
