import type { AuthContext } from './auth';
import { fail } from './errors';
import type { Ports } from './ports';

/**
 * SEC-UNVERIFIED-1: what an account whose e-mail address is not verified yet may do.
 *
 * Such an account exists from sign-up on and holds the sign-up token (its password logs in only
 * once the address is verified). It may: use that token (or a magic link it made), read and browse
 * everything a user can, join rooms and listen, chat and vote, edit its own profile and pictures,
 * manage its e-mail addresses (verify, resend, add), redeem vouchers, and use its queue and
 * starred list (made for every account). It may not, until verified: create rooms, create or
 * import crates, create bots, or take a DJ seat (the room socket's addDj). Accounts created by
 * an admin, phone-login accounts and bots count as verified (users port `isVerified`).
 *
 * Refuses with 403 EMAIL_NOT_VERIFIED_ACTION. When the user service does not run in this process
 * nobody can be checked, so the action is refused as unavailable rather than let through.
 */
export async function requireVerifiedAccount(
  ports: Ports,
  auth: Pick<AuthContext, 'uuid'>,
): Promise<void> {
  if (!ports.users) throw fail('SERVICE_UNAVAILABLE');
  if (!(await ports.users.isVerified(auth.uuid))) throw fail('EMAIL_NOT_VERIFIED_ACTION');
}
