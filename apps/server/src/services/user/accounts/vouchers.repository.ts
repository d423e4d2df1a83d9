import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../platform/db/index';
import { vouchers } from '../schema';

export type VoucherRow = typeof vouchers.$inferSelect;
export type NewVoucher = typeof vouchers.$inferInsert;

/** SQL for invite vouchers. */
export class VoucherRepository {
  constructor(private readonly db: Db) {}

  /** Inserts the vouchers whose code is free; answers the ones created. */
  async insertNew(rows: NewVoucher[]): Promise<VoucherRow[]> {
    if (rows.length === 0) return [];
    return this.db.insert(vouchers).values(rows).onConflictDoNothing().returning();
  }

  async byCode(code: string): Promise<VoucherRow | undefined> {
    const [row] = await this.db.select().from(vouchers).where(eq(vouchers.code, code));
    return row;
  }

  async byUuid(uuid: string): Promise<VoucherRow | undefined> {
    const [row] = await this.db.select().from(vouchers).where(eq(vouchers.uuid, uuid));
    return row;
  }

  async list(
    status: VoucherRow['status'] | undefined,
    limit: number,
    offset: number,
  ): Promise<{ rows: VoucherRow[]; total: number }> {
    const where = status ? eq(vouchers.status, status) : undefined;
    const rows = await this.db
      .select()
      .from(vouchers)
      .where(where)
      .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
      .limit(limit)
      .offset(offset);
    const [{ total }] = await this.db.select({ total: count() }).from(vouchers).where(where);
    return { rows, total: Number(total) };
  }

  /** Changes a voucher that is still PENDING; undefined when it is not (anymore). */
  async updateIfPending(
    where: { code: string } | { uuid: string },
    patch: Partial<NewVoucher>,
  ): Promise<VoucherRow | undefined> {
    const [row] = await this.db
      .update(vouchers)
      .set(patch)
      .where(
        and(
          'code' in where ? eq(vouchers.code, where.code) : eq(vouchers.uuid, where.uuid),
          eq(vouchers.status, 'PENDING'),
        ),
      )
      .returning();
    return row;
  }

  async update(id: number, patch: Partial<NewVoucher>): Promise<VoucherRow> {
    const [row] = await this.db.update(vouchers).set(patch).where(eq(vouchers.id, id)).returning();
    return row;
  }
}
