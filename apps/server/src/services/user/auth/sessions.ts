import { ChangeWork } from '../../../platform/outbox/change';
import type { UserRow } from '../repository';
import type { AccountService } from '../service';

/**
 * SEC-SESSION-1: "sign out everywhere" — the session version goes up, so every token signed
 * before answers 401 (SESSION_REVOKED), and the same work event as a kick (written in the same
 * transaction) ends the account's chat tokens and closes its open sockets on every process.
 */
export async function endEverySession(accounts: AccountService, user: UserRow): Promise<void> {
  const work = new ChangeWork(accounts.platform);
  await accounts.repo.transaction(async (repo, tx) => {
    await repo.bumpSessionVersion(user.id);
    await work.in(tx)('user.kicked', {
      uuid: user.uuid,
      reason: 'Signed out everywhere',
      by: user.uuid,
    });
  });
  await work.committed();
}
