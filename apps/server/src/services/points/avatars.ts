import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  ADMIN_AVATAR_QB_FIELDS,
  type AvatarAssignmentType,
  type AvatarDto,
  type MyAvatarDto,
  type QbQuery,
  type TokenRole,
} from '@tt/protocol';
import { avatarLock, BUILTIN_AVATARS, DEFAULT_AVATAR, can } from '@tt/rules';
import type { Db } from '../../platform/db/index';
import { fail } from '../../platform/errors';
import { qbPageOf, qbPlan, type QbField } from '../../platform/qb';
import type { Platform } from '../../platform/service';
import { avatarAssignments, avatars } from './schema';

type AvatarRow = typeof avatars.$inferSelect;

const FIELDS: Record<(typeof ADMIN_AVATAR_QB_FIELDS)[number], QbField> = {
  slug: { expr: avatars.slug, type: 'string' },
  name: { expr: avatars.name, type: 'string' },
  visibility: { expr: avatars.visibility, type: 'string' },
  discordOnly: { expr: avatars.discordOnly, type: 'boolean' },
  createdAt: { expr: avatars.createdAt, type: 'date' },
};

/** Picker order: everyone's first, then Pro, then awards, then the rest. */
const ORDER = sql`case ${avatars.visibility} when 'PUBLIC' then 0 when 'SUBSCRIBER_ONLY' then 1 when 'SEASON_AWARD' then 2 else 3 end`;

export function toAvatarDto(a: AvatarRow): AvatarDto {
  return {
    id: a.id,
    slug: a.slug,
    name: a.name,
    description: a.description,
    visibility: a.visibility as AvatarDto['visibility'],
    discordOnly: a.discordOnly,
    art: a.art,
    awardTopRank: a.awardTopRank,
    awardSeasonId: a.awardSeasonId,
    customFields: a.customFields,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The avatar catalogue and who may wear what (AVATAR-* in docs/POINTS-RULES.md). */
export class Avatars {
  constructor(private readonly platform: Platform) {}

  private get db(): Db {
    return this.platform.db;
  }

  /** AVATAR-ART-1: the built-in characters are in the catalogue (admins' edits are kept). */
  async seed(): Promise<void> {
    // Created a millisecond apart: the picker keeps the catalogue's order.
    const base = Date.UTC(2026, 0, 1);
    await this.db
      .insert(avatars)
      .values(
        BUILTIN_AVATARS.map((b, i) => ({
          createdAt: new Date(base + i),
          slug: b.slug,
          name: b.name,
          description: b.description,
          visibility: b.visibility,
          discordOnly: b.discordOnly ?? false,
          art: b.art,
          awardTopRank: b.awardTopRank ?? null,
        })),
      )
      .onConflictDoNothing();
  }

  async byId(id: string): Promise<AvatarRow> {
    const [row] = await this.db.select().from(avatars).where(eq(avatars.id, id));
    if (!row) throw fail('AVATAR_NOT_FOUND');
    return row;
  }

  async bySlug(slug: string): Promise<AvatarRow> {
    const [row] = await this.db.select().from(avatars).where(eq(avatars.slug, slug.toLowerCase()));
    if (!row) throw fail('AVATAR_NOT_FOUND');
    return row;
  }

  async all(): Promise<AvatarDto[]> {
    const rows = await this.db
      .select()
      .from(avatars)
      .orderBy(ORDER, asc(avatars.createdAt), asc(avatars.slug));
    return rows.map(toAvatarDto);
  }

  async subscriber(): Promise<AvatarDto[]> {
    const rows = await this.db
      .select()
      .from(avatars)
      .where(eq(avatars.visibility, 'SUBSCRIBER_ONLY'))
      .orderBy(asc(avatars.createdAt), asc(avatars.slug));
    return rows.map(toAvatarDto);
  }

  private async holder(userUuid: string, roles: readonly TokenRole[]) {
    const assigned = await this.db
      .select({ avatarId: avatarAssignments.avatarId, type: avatarAssignments.type })
      .from(avatarAssignments)
      .where(eq(avatarAssignments.userUuid, userUuid));
    const level = await this.platform.ports.subscriptions?.levelOf(userUuid);
    const discord = (await this.platform.ports.users?.discordLinked(userUuid)) ?? false;
    return {
      discord,
      assigned: new Map(assigned.map((a) => [a.avatarId, a.type as AvatarAssignmentType])),
      pro: level === 'PRO',
      admin: can({ uuid: userUuid, roles }, 'avatar.wear.any'),
    };
  }

  /**
   * The picker (AVATAR-WEAR-2): everything a person may wear, and locked the Pro and award ones
   * with what unlocks them; private and Discord-only ones only when they hold them.
   */
  async mine(
    userUuid: string,
    roles: readonly TokenRole[],
    includeHidden = false,
  ): Promise<MyAvatarDto[]> {
    const h = await this.holder(userUuid, roles);
    const out: MyAvatarDto[] = [];
    for (const a of await this.all()) {
      const assignment = h.assigned.get(a.id) ?? null;
      const lock = avatarLock(a, { ...h, assigned: Boolean(assignment) });
      const hidden = (a.visibility === 'PRIVATE' || a.discordOnly) && lock !== null;
      if (!hidden || includeHidden) out.push({ ...a, lock, assignment });
    }
    return out;
  }

  /** AVATAR-WEAR-1: what keeps this person from wearing `a` (null: nothing). */
  private async lockFor(a: AvatarRow, userUuid: string, roles: readonly TokenRole[]) {
    const h = await this.holder(userUuid, roles);
    return avatarLock(
      { visibility: a.visibility as AvatarDto['visibility'], discordOnly: a.discordOnly },
      { ...h, assigned: h.assigned.has(a.id) },
    );
  }

  async holding(userUuid: string, slug: string) {
    const a = await this.bySlug(slug);
    const lock = await this.lockFor(a, userUuid, []);
    return { userUuid, slug: a.slug, wearable: lock === null, lock };
  }

  /** AVATAR-WEAR-1 for the user service: unknown slugs may not be worn (the default may). */
  async mayWear(userUuid: string, slug: string, roles: readonly TokenRole[]): Promise<boolean> {
    if (slug === DEFAULT_AVATAR) return true;
    const [a] = await this.db.select().from(avatars).where(eq(avatars.slug, slug));
    return Boolean(a) && (await this.lockFor(a, userUuid, roles)) === null;
  }

  async create(body: {
    slug: string;
    name: string;
    description: string;
    visibility: AvatarDto['visibility'];
    discordOnly: boolean;
    art: AvatarDto['art'];
    awardTopRank: number | null;
    awardSeasonId: number | null;
  }): Promise<AvatarDto> {
    const [row] = await this.db.insert(avatars).values(body).onConflictDoNothing().returning();
    if (!row) throw fail('AVATAR_SLUG_TAKEN');
    return toAvatarDto(row);
  }

  async update(id: string, patch: Partial<Omit<AvatarRow, 'id' | 'slug'>>): Promise<AvatarDto> {
    const before = await this.byId(id);
    const [row] = await this.db
      .update(avatars)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(avatars.id, id))
      .returning();
    // AVATAR-WEAR-3: made harder to get, those who may no longer wear it go back to the default.
    if (patch.visibility && patch.visibility !== before.visibility) await this.dropUnwearable(row);
    return toAvatarDto(row);
  }

  /** AVATAR-WEAR-3: everyone wearing it goes back to the default one. */
  async remove(id: string): Promise<{ success: boolean }> {
    const a = await this.byId(id);
    if (a.slug === DEFAULT_AVATAR)
      throw fail('BAD_REQUEST', 'The default avatar cannot be removed.');
    await this.db.delete(avatars).where(eq(avatars.id, id));
    await this.platform.ports.users?.replaceAvatar([a.slug], DEFAULT_AVATAR);
    return { success: true };
  }

  async assign(id: string, userUuid: string, type: AvatarAssignmentType) {
    const a = await this.byId(id);
    if (a.visibility === 'PUBLIC' && !a.discordOnly) throw fail('AVATAR_PUBLIC');
    const [p] = (await this.platform.ports.users?.profiles([userUuid])) ?? [];
    if (!p) throw fail('POINTS_USER_NOT_FOUND');
    const [row] = await this.db
      .insert(avatarAssignments)
      .values({ avatarId: a.id, userUuid, type })
      .onConflictDoNothing()
      .returning();
    if (!row) throw fail('AVATAR_ALREADY_ASSIGNED');
    return {
      avatarId: row.avatarId,
      userUuid: row.userUuid,
      type: row.type as AvatarAssignmentType,
      seasonId: row.seasonId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async unassign(id: string, userUuid: string): Promise<{ success: boolean }> {
    const a = await this.byId(id);
    const gone = await this.db
      .delete(avatarAssignments)
      .where(and(eq(avatarAssignments.avatarId, a.id), eq(avatarAssignments.userUuid, userUuid)))
      .returning();
    if (gone.length === 0) throw fail('AVATAR_NOT_ASSIGNED');
    await this.dropUnwearable(a, [userUuid]);
    return { success: true };
  }

  /** Those wearing `a` (of `uuids`) who may no longer wear it go back to the default one. */
  async dropUnwearable(a: AvatarRow, uuids?: string[]): Promise<void> {
    const users = this.platform.ports.users;
    if (!users) return;
    const wearers = await this.wearersOf(a.slug, uuids);
    const lost: string[] = [];
    for (const uuid of wearers) if (!(await this.mayWear(uuid, a.slug, []))) lost.push(uuid);
    if (lost.length) await users.replaceAvatar([a.slug], DEFAULT_AVATAR, lost);
  }

  /** Who wears this avatar now (of `uuids`, when given), from their public profiles. */
  private async wearersOf(slug: string, uuids?: string[]): Promise<string[]> {
    if (uuids) {
      const profiles = (await this.platform.ports.users?.profiles(uuids)) ?? [];
      return profiles.filter((p) => p.avatarId === slug).map((p) => p.uuid);
    }
    return this.platform.ports.users ? await this.platform.ports.users.wearers(slug) : [];
  }

  /** SUB-PERKS-3: a subscription that ended takes its avatars back from that person. */
  async subscriptionChanged(userUuid: string): Promise<void> {
    const level = await this.platform.ports.subscriptions?.levelOf(userUuid);
    if (level === 'PRO') return;
    const [p] = (await this.platform.ports.users?.profiles([userUuid])) ?? [];
    if (!p) return;
    const [a] = await this.db.select().from(avatars).where(eq(avatars.slug, p.avatarId));
    if (a) await this.dropUnwearable(a, [userUuid]);
  }

  async setField(avatarId: string, key: string, value: string): Promise<AvatarDto> {
    const a = await this.byId(avatarId);
    return this.update(a.id, { customFields: { ...a.customFields, [key]: value } });
  }

  async deleteField(avatarId: string, key: string): Promise<AvatarDto> {
    const a = await this.byId(avatarId);
    if (!(key in a.customFields)) throw fail('CUSTOM_FIELD_NOT_FOUND');
    const { [key]: _gone, ...rest } = a.customFields;
    return this.update(a.id, { customFields: rest });
  }

  async adminList(query: QbQuery) {
    const plan = qbPlan(query, FIELDS, {
      defaultLimit: 25,
      maxLimit: 100,
      defaultSort: [{ field: 'createdAt', dir: 'ASC' }],
      tiebreaker: 'slug',
    });
    const rows = await this.db
      .select()
      .from(avatars)
      .where(plan.whereSql)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset);
    const [{ n }] = await this.db.select({ n: count() }).from(avatars).where(plan.whereSql);
    return qbPageOf(rows.map(toAvatarDto), Number(n), plan);
  }

  async adminGet(id: string) {
    const a = await this.byId(id);
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(avatarAssignments)
      .where(eq(avatarAssignments.avatarId, id));
    return { ...toAvatarDto(a), holders: Number(n) };
  }

  /** Every avatar with a person's lock and assignment, hidden ones included (services, admins). */
  async ofUser(userUuid: string): Promise<MyAvatarDto[]> {
    return this.mine(userUuid, [], true);
  }
}
