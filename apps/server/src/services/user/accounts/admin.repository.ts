import { count, sql } from 'drizzle-orm';
import type { ADMIN_USER_QB_FIELDS } from '@tt/protocol';
import type { Db } from '../../../platform/db/index';
import type { QbField, QbPlan } from '../../../platform/qb';
import type { UserRow } from '../repository';
import { emails, users } from '../schema';

/** The primary live address of the account in the outer query (as UserRepository.primaryEmail). */
const primaryEmail = sql`(select ${emails.email} from ${emails} where ${emails.userId} = ${users.id} and ${emails.status} <> 'DELETED' order by ${emails.isPrimary} desc, ${emails.id} asc limit 1)`;

/** Banned now: a temporary ban whose time has passed no longer counts (as isBanned). */
const bannedNow = sql`(${users.banned} and (${users.bannedUntil} is null or ${users.bannedUntil} > now()))`;

/** Fields of GET /admin/users (ADMIN_USER_QB_FIELDS) and their SQL. */
export const ADMIN_USER_FIELDS: Record<(typeof ADMIN_USER_QB_FIELDS)[number], QbField> = {
  id: { expr: users.id, type: 'number' },
  uuid: { expr: users.uuid, type: 'uuid' },
  nickname: { expr: users.nickname, type: 'string' },
  email: { expr: primaryEmail, type: 'string' },
  firstName: { expr: users.firstName, type: 'string' },
  lastName: { expr: users.lastName, type: 'string' },
  phoneNumber: { expr: users.phoneNumber, type: 'string' },
  status: { expr: users.status, type: 'string' },
  banned: { expr: bannedNow, type: 'boolean' },
  bannedUntil: { expr: users.bannedUntil, type: 'date' },
  isBot: { expr: users.isBot, type: 'boolean' },
  roles: { expr: users.roles, type: 'array' },
  badges: { expr: users.badges, type: 'array' },
  createdAt: { expr: users.createdAt, type: 'date' },
  updatedAt: { expr: users.updatedAt, type: 'date' },
  lastLoginAt: { expr: users.lastLoginAt, type: 'date' },
};

/** SQL for the admin account list. */
export class AdminRepository {
  constructor(private readonly db: Db) {}

  async listUsers(plan: QbPlan): Promise<{ rows: UserRow[]; total: number }> {
    const rows = await this.db
      .select()
      .from(users)
      .where(plan.whereSql)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ total }] = await this.db.select({ total: count() }).from(users).where(plan.whereSql);
    return { rows, total: Number(total) };
  }
}
