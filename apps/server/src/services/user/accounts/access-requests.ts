import type { FastifyInstance } from 'fastify';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import { platformRolesGranting } from '@tt/rules';
import {
  accessRequestEndpoints as e,
  type AccessRequestDto,
  type AccessRequestStatus,
} from '@tt/protocol';
import { caller } from '../../../platform/auth';
import type { Db } from '../../../platform/db/index';
import { fail } from '../../../platform/errors';
import { route } from '../../../platform/route';
import { users, uploadAccessRequests } from '../schema';
import type { AccountService } from '../service';

type Row = typeof uploadAccessRequests.$inferSelect;
const toDto = (r: Row, u: { uuid: string; nickname: string } | null): AccessRequestDto => ({
  id: r.id,
  userUuid: u?.uuid ?? '',
  nickname: u?.nickname ?? null,
  message: r.message,
  status: r.status,
  handledBy: r.handledBy,
  handledAt: r.handledAt?.toISOString() ?? null,
  createdAt: r.createdAt.toISOString(),
});

/**
 * Asking for the upload permission (ACCESS-REQ-1..3): a person without uploadMusic asks once at a
 * time; every moderator is notified; a moderator grants it (the capability) or declines, and the
 * person is notified of the answer. Notifications go through the outbox in the same transaction.
 */
export class AccessRequests {
  constructor(private readonly accounts: AccountService) {}

  private get db(): Db {
    return this.accounts.platform.db;
  }

  private async moderatorUuids(): Promise<string[]> {
    const roles = sql.join(
      platformRolesGranting('upload.access.review').map(
        (r) => sql`${users.roles} @> ${JSON.stringify([r])}::jsonb`,
      ),
      sql` OR `,
    );
    const rows = await this.db
      .select({ uuid: users.uuid })
      .from(users)
      .where(and(eq(users.status, 'ACTIVE'), sql`(${roles})`))
      .limit(500);
    return rows.map((r) => r.uuid);
  }

  async request(uuid: string, message = ''): Promise<AccessRequestDto> {
    const me = await this.accounts.find(uuid);
    if (me.capabilities.includes('uploadMusic')) throw fail('ACCESS_ALREADY_GRANTED');
    const moderators = (await this.moderatorUuids()).filter((u) => u !== me.uuid);
    const { outbox } = this.accounts.platform;
    const row = await this.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(uploadAccessRequests)
        .values({ userId: me.id, message })
        .onConflictDoNothing()
        .returning();
      if (!created) throw fail('ACCESS_REQUEST_PENDING');
      await outbox.add(tx as unknown as Db, 'notify.requested', {
        kind: 'custom',
        recipients: moderators,
        actorUuid: me.uuid,
        title: `${me.nickname} asks to upload music`,
        body: message || 'Open the staff console to answer.',
        link: '/admin',
        params: { name: me.nickname },
        data: {},
        silent: false,
      });
      return created;
    });
    outbox.kick();
    return toDto(row, me);
  }

  async mine(uuid: string): Promise<{ request: AccessRequestDto | null }> {
    const me = await this.accounts.find(uuid);
    const [row] = await this.db
      .select()
      .from(uploadAccessRequests)
      .where(eq(uploadAccessRequests.userId, me.id))
      .orderBy(desc(uploadAccessRequests.id))
      .limit(1);
    return { request: row ? toDto(row, me) : null };
  }

  async list(status: AccessRequestStatus, limit: number, offset: number) {
    const where = eq(uploadAccessRequests.status, status);
    const [rows, [total]] = await Promise.all([
      this.db
        .select({ r: uploadAccessRequests, uuid: users.uuid, nickname: users.nickname })
        .from(uploadAccessRequests)
        .innerJoin(users, eq(users.id, uploadAccessRequests.userId))
        .where(where)
        .orderBy(asc(uploadAccessRequests.createdAt), asc(uploadAccessRequests.id))
        .limit(limit)
        .offset(offset),
      this.db.select({ n: count() }).from(uploadAccessRequests).where(where),
    ]);
    return {
      data: rows.map(({ r, uuid, nickname }) => toDto(r, { uuid, nickname })),
      total: Number(total?.n ?? 0),
    };
  }

  /** ACCESS-REQ-2: granting gives uploadMusic; either answer tells the person. */
  async handle(moderatorUuid: string, id: number, grant: boolean): Promise<AccessRequestDto> {
    const { outbox } = this.accounts.platform;
    const result = await this.db.transaction(async (tx) => {
      const [found] = await tx
        .select({ r: uploadAccessRequests, u: users })
        .from(uploadAccessRequests)
        .innerJoin(users, eq(users.id, uploadAccessRequests.userId))
        .where(eq(uploadAccessRequests.id, id))
        .for('update');
      if (!found) throw fail('ACCESS_REQUEST_NOT_FOUND');
      if (found.r.status !== 'PENDING') throw fail('ACCESS_REQUEST_HANDLED');
      const [row] = await tx
        .update(uploadAccessRequests)
        .set({
          status: grant ? 'GRANTED' : 'DECLINED',
          handledBy: moderatorUuid,
          handledAt: new Date(),
        })
        .where(eq(uploadAccessRequests.id, id))
        .returning();
      if (grant && !found.u.capabilities.includes('uploadMusic')) {
        await tx
          .update(users)
          .set({ capabilities: [...found.u.capabilities, 'uploadMusic'], updatedAt: new Date() })
          .where(eq(users.id, found.u.id));
      }
      await outbox.add(tx as unknown as Db, 'notify.requested', {
        kind: 'custom',
        recipients: [found.u.uuid],
        actorUuid: null,
        title: grant ? 'You can upload music now' : 'Your upload request was declined',
        body: grant
          ? 'Open Upload to add your own tracks.'
          : 'A moderator answered your request. You can ask again later.',
        link: grant ? '/upload' : null,
        params: {},
        data: {},
        silent: false,
      });
      return toDto(row!, found.u);
    });
    outbox.kick();
    return result;
  }
}

export function registerAccessRequestRoutes(app: FastifyInstance, accounts: AccountService): void {
  const requests = new AccessRequests(accounts);
  route(app, e.request, ({ request, body }) =>
    requests.request(caller(request).uuid, body.message ?? ''),
  );
  route(app, e.mine, ({ request }) => requests.mine(caller(request).uuid));
  route(app, e.list, ({ query }) => requests.list(query.status, query.limit, query.offset));
  route(app, e.handle, ({ request, params, body }) =>
    requests.handle(caller(request).uuid, params.id, body.grant),
  );
}
