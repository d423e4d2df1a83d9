import { and, count, eq, or } from 'drizzle-orm';
import type { AuthContext } from '../../platform/auth';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import type { Platform } from '../../platform/service';
import { blockedUsers } from './schema';

/** SOC-INV-1, SOC-FAN-1: a registered, active account other than the caller. */
export async function requireOtherAccount(
  platform: Platform,
  auth: AuthContext,
  uuid: string,
): Promise<void> {
  if (uuid === auth.uuid) throw fail('SOCIAL_SELF');
  const users = platform.ports.users;
  if (!users) throw fail('SERVICE_UNAVAILABLE');
  const [profile] = await users.profiles([uuid]);
  if (!profile) throw fail('SOCIAL_USER_NOT_FOUND');
}

/** Has either of the two blocked the other (SOC-INV-5, SOC-FAN-3)? */
export async function blockedEitherWay(db: Db, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(blockedUsers)
    .where(
      or(
        and(eq(blockedUsers.userUuid, a), eq(blockedUsers.blockedUuid, b)),
        and(eq(blockedUsers.userUuid, b), eq(blockedUsers.blockedUuid, a)),
      ),
    );
  return Number(row?.n ?? 0) > 0;
}
