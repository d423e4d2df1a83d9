import { and, count, desc, eq } from 'drizzle-orm';
import {
  ADMIN_MODERATION_QB_FIELDS,
  type ModerationActionDto,
  type ModerationActionInput,
  type QbQuery,
} from '@tt/protocol';
import { fail } from '../../platform/errors';
import type { Db } from '../../platform/db/index';
import { qbPageOf, qbPlan, type QbField } from '../../platform/qb';
import type { Platform } from '../../platform/service';
import { moderationActions, type ModerationActionRow } from './schema';

const FIELDS: Record<(typeof ADMIN_MODERATION_QB_FIELDS)[number], QbField> = {
  id: { expr: moderationActions.id, type: 'number' },
  actorUuid: { expr: moderationActions.actorUuid, type: 'uuid' },
  targetUuid: { expr: moderationActions.targetUuid, type: 'uuid' },
  actionType: { expr: moderationActions.actionType, type: 'string' },
  roomUuid: { expr: moderationActions.roomUuid, type: 'uuid' },
  role: { expr: moderationActions.role, type: 'string' },
  source: { expr: moderationActions.source, type: 'string' },
  createdAt: { expr: moderationActions.createdAt, type: 'date' },
};

const toDto = (r: ModerationActionRow): ModerationActionDto => ({
  id: r.id,
  actorUuid: r.actorUuid,
  targetUuid: r.targetUuid,
  actionType: r.actionType,
  roomUuid: r.roomUuid,
  previousRole: r.previousRole,
  role: r.role,
  reason: r.reason,
  until: r.until?.toISOString() ?? null,
  source: r.source,
  createdAt: r.createdAt.toISOString(),
});

/**
 * The moderation log (AUDIT-MOD-1..4): entries recorded by the user and room services through
 * work delivery (once per event), and entries staff write by hand.
 */
export class ModerationLog {
  private readonly db: Db;

  constructor(platform: Pick<Platform, 'db' | 'outbox'>) {
    this.db = platform.db;
    // AUDIT-MOD-2: one entry per event, however often it is delivered.
    platform.outbox.consume('moderation.recorded', 'audit.moderation-log', async (e, meta) => {
      await this.db
        .insert(moderationActions)
        .values({
          eventId: meta.eventId,
          actorUuid: e.actorUuid,
          targetUuid: e.targetUuid,
          actionType: e.actionType,
          roomUuid: e.roomUuid,
          previousRole: e.previousRole,
          role: e.role,
          reason: e.reason,
          until: e.until ? new Date(e.until) : null,
          source: 'recorded',
          createdAt: new Date(e.at),
        })
        .onConflictDoNothing();
    });
  }

  /** AUDIT-MOD-3: staff write entries by hand; the caller is the actor. */
  async create(actorUuid: string, inputs: ModerationActionInput[]): Promise<ModerationActionDto[]> {
    const rows = await this.db
      .insert(moderationActions)
      .values(
        inputs.map((i) => ({
          actorUuid,
          targetUuid: i.targetUuid,
          actionType: i.actionType,
          roomUuid: i.roomUuid ?? null,
          previousRole: i.previousRole ?? null,
          role: i.role ?? null,
          reason: i.reason,
          until: i.until ? new Date(i.until) : null,
          source: 'manual' as const,
        })),
      )
      .returning();
    return rows.map(toDto);
  }

  async list(query: QbQuery) {
    const plan = qbPlan(query, FIELDS, {
      selectable: ADMIN_MODERATION_QB_FIELDS,
      defaultLimit: 25,
      maxLimit: 100,
      defaultSort: [{ field: 'createdAt', dir: 'DESC' }],
      tiebreaker: 'id',
    });
    const rows = await this.db
      .select()
      .from(moderationActions)
      .where(plan.whereSql)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(moderationActions)
      .where(plan.whereSql);
    return qbPageOf(rows.map(toDto), Number(n), plan);
  }

  async get(id: number): Promise<ModerationActionDto> {
    const [row] = await this.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.id, id));
    if (!row) throw fail('MODERATION_ACTION_NOT_FOUND');
    return toDto(row);
  }

  /** AUDIT-MOD-4: admins correct the reason; what happened stays as recorded. */
  async update(id: number, reason: string): Promise<ModerationActionDto> {
    const [row] = await this.db
      .update(moderationActions)
      .set({ reason })
      .where(eq(moderationActions.id, id))
      .returning();
    if (!row) throw fail('MODERATION_ACTION_NOT_FOUND');
    return toDto(row);
  }

  async remove(id: number): Promise<{ success: boolean }> {
    const gone = await this.db
      .delete(moderationActions)
      .where(eq(moderationActions.id, id))
      .returning({ id: moderationActions.id });
    if (!gone.length) throw fail('MODERATION_ACTION_NOT_FOUND');
    return { success: true };
  }

  /** What was done to someone, newest first. */
  async ofUser(targetUuid: string, limit: number, offset: number) {
    const where = and(eq(moderationActions.targetUuid, targetUuid));
    const rows = await this.db
      .select()
      .from(moderationActions)
      .where(where)
      .orderBy(desc(moderationActions.createdAt), desc(moderationActions.id))
      .limit(limit)
      .offset(offset);
    const [{ n }] = await this.db.select({ n: count() }).from(moderationActions).where(where);
    return { actions: rows.map(toDto), total: Number(n) };
  }
}
