import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/index';
import { emails, users } from './schema';

export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type EmailRow = typeof emails.$inferSelect;
/** The columns a session check needs. */
export type SessionFacts = Pick<UserRow, 'banned' | 'bannedUntil' | 'sessionVersion' | 'status'>;

/** A well-formed uuid; anything else is refused by PostgreSQL's uuid type (a 500). */
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL for accounts and their e-mail addresses. */
export class UserRepository {
  constructor(private readonly db: Db) {}

  async create(user: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(user).returning();
    return row;
  }

  async byUuid(uuid: string): Promise<UserRow | undefined> {
    if (!UUID_RE.test(uuid)) return undefined;
    const [row] = await this.db.select().from(users).where(eq(users.uuid, uuid));
    return row;
  }

  /**
   * What a session check reads of the account (every request with a user's token makes one):
   * four columns, not the whole row of some fifty.
   */
  async sessionOf(uuid: string): Promise<SessionFacts | undefined> {
    if (!UUID_RE.test(uuid)) return undefined;
    this.sessionStatement ??= this.prepareSession();
    const [row] = await this.sessionStatement.execute({ uuid });
    return row;
  }

  /** DB-PREP-1: the session check's statement, built once and prepared by name on PostgreSQL. */
  private sessionStatement?: ReturnType<UserRepository['prepareSession']>;

  private prepareSession() {
    return this.db
      .select({
        banned: users.banned,
        bannedUntil: users.bannedUntil,
        sessionVersion: users.sessionVersion,
        status: users.status,
      })
      .from(users)
      .where(eq(users.uuid, sql.placeholder('uuid')))
      .prepare('user_session_of');
  }

  async byId(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  /** Accepts a uuid or a numeric id. */
  async byUuidOrId(idOrUuid: string): Promise<UserRow | undefined> {
    if (!/^\d+$/.test(idOrUuid)) return this.byUuid(idOrUuid);
    const id = Number(idOrUuid);
    // Ids are int4 (serial): a larger number names no account (and must not reach the database).
    return id <= 2147483647 ? this.byId(id) : undefined;
  }

  async byUuids(uuids: string[]): Promise<UserRow[]> {
    const valid = uuids.filter((u) => UUID_RE.test(u));
    if (valid.length === 0) return [];
    return this.db.select().from(users).where(inArray(users.uuid, valid));
  }

  async byPhone(phoneNumber: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.phoneNumber, phoneNumber));
    return row;
  }

  /** Accounts wearing one of these avatars (of `uuids` only, when given). */
  async wearing(avatarIds: string[], uuids?: string[]): Promise<UserRow[]> {
    if (avatarIds.length === 0 || uuids?.length === 0) return [];
    const where = inArray(users.avatarId, avatarIds);
    return this.db
      .select()
      .from(users)
      .where(uuids ? and(where, inArray(users.uuid, uuids)) : where);
  }

  async update(id: number, patch: Partial<NewUser>): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  /** Ends every session of the account (kick, ban, password change). */
  async bumpSessionVersion(id: number): Promise<UserRow> {
    const [row] = await this.db
      .update(users)
      .set({ sessionVersion: sql`${users.sessionVersion} + 1`, updatedAt: new Date() })
      .where(eq(users.id, id))
      .returning();
    return row;
  }

  // --- e-mail addresses ---

  /** The live (not deleted) record of an address, whoever owns it. */
  async liveEmail(address: string): Promise<EmailRow | undefined> {
    const [row] = await this.db
      .select()
      .from(emails)
      .where(and(sql`lower(${emails.email}) = lower(${address})`, ne(emails.status, 'DELETED')));
    return row;
  }

  /** NOTIFY-SEND-4: active accounts (not bots) after `after` in uuid order, `limit` at a time. */
  async activeUuids(after: string | null, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ uuid: users.uuid })
      .from(users)
      .where(
        and(
          eq(users.status, 'ACTIVE'),
          eq(users.isBot, false),
          after ? sql`${users.uuid} > ${after}` : undefined,
        ),
      )
      .orderBy(users.uuid)
      .limit(limit);
    return rows.map((r) => r.uuid);
  }

  async countActive(): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(and(eq(users.status, 'ACTIVE'), eq(users.isBot, false)));
    return Number(row?.n ?? 0);
  }

  /**
   * SOCIAL-CONTACT-2: active accounts owning any of these addresses (verified or admin-made
   * e-mails, lower case; E.164 phone numbers), with the address that matched.
   */
  async byContactPoints(
    addresses: string[],
    phones: string[],
  ): Promise<{ uuid: string; address: string }[]> {
    const found: { uuid: string; address: string }[] = [];
    if (addresses.length) {
      const rows = await this.db
        .select({ uuid: users.uuid, address: sql<string>`lower(${emails.email})` })
        .from(emails)
        .innerJoin(users, eq(users.id, emails.userId))
        .where(
          and(
            sql`lower(${emails.email}) in ${addresses}`,
            inArray(emails.status, ['VERIFIED', 'CREATED_BY_ADMIN']),
            eq(users.status, 'ACTIVE'),
          ),
        );
      found.push(...rows);
    }
    if (phones.length) {
      const rows = await this.db
        .select({ uuid: users.uuid, address: sql<string>`${users.phoneNumber}` })
        .from(users)
        .where(and(inArray(users.phoneNumber, phones), eq(users.status, 'ACTIVE')));
      found.push(...rows);
    }
    return found;
  }

  async emailsOf(userId: number, includeDeleted = false): Promise<EmailRow[]> {
    return this.db
      .select()
      .from(emails)
      .where(
        includeDeleted
          ? eq(emails.userId, userId)
          : and(eq(emails.userId, userId), ne(emails.status, 'DELETED')),
      )
      .orderBy(emails.id);
  }

  async primaryEmail(userId: number): Promise<EmailRow | undefined> {
    const list = await this.emailsOf(userId);
    return list.find((e) => e.isPrimary) ?? list[0];
  }

  async primaryEmails(userIds: number[]): Promise<Map<number, EmailRow>> {
    const map = new Map<number, EmailRow>();
    if (userIds.length === 0) return map;
    const rows = await this.db
      .select()
      .from(emails)
      .where(and(inArray(emails.userId, userIds), ne(emails.status, 'DELETED')))
      .orderBy(emails.id);
    for (const r of rows) {
      const cur = map.get(r.userId);
      if (!cur || (!cur.isPrimary && r.isPrimary)) map.set(r.userId, r);
    }
    return map;
  }

  async addEmail(row: typeof emails.$inferInsert): Promise<EmailRow> {
    const [created] = await this.db.insert(emails).values(row).returning();
    return created;
  }

  async updateEmail(id: number, patch: Partial<typeof emails.$inferInsert>): Promise<EmailRow> {
    const [row] = await this.db.update(emails).set(patch).where(eq(emails.id, id)).returning();
    return row;
  }

  async emailById(id: number): Promise<EmailRow | undefined> {
    const [row] = await this.db.select().from(emails).where(eq(emails.id, id));
    return row;
  }

  /** Runs work in one transaction with a repository bound to it. */
  async transaction<T>(work: (repo: UserRepository, tx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) =>
      work(new UserRepository(tx as unknown as Db), tx as unknown as Db),
    );
  }
}
