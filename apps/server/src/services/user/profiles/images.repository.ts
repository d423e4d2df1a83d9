import { and, eq, inArray } from 'drizzle-orm';
import type { ImageKind } from '@tt/protocol';
import type { Db } from '../../../platform/db/index';
import { userImages } from '../schema';

export type ImageRow = typeof userImages.$inferSelect;
export type NewImage = typeof userImages.$inferInsert;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** SQL for uploaded profile and cover pictures. */
export class ImagesRepository {
  constructor(private readonly db: Db) {}

  async insert(row: NewImage): Promise<ImageRow> {
    const [created] = await this.db.insert(userImages).values(row).returning();
    return created;
  }

  /** The image with this id; undefined for unknown or malformed ids. */
  async byId(id: string): Promise<ImageRow | undefined> {
    if (!UUID.test(id)) return undefined;
    const [row] = await this.db.select().from(userImages).where(eq(userImages.id, id));
    return row;
  }

  async ofUser(userId: number, kind: ImageKind): Promise<ImageRow[]> {
    return this.db
      .select()
      .from(userImages)
      .where(and(eq(userImages.userId, userId), eq(userImages.kind, kind)));
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.delete(userImages).where(inArray(userImages.id, ids));
  }
}
