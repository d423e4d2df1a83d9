import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AvatarArt } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** The avatar catalogue: the built-in characters (seeded) and those admins add. */
export const avatars = pgTable('avatars', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  visibility: text('visibility').notNull(),
  discordOnly: boolean('discord_only').notNull().default(false),
  art: jsonb('art').$type<AvatarArt>().notNull(),
  awardTopRank: integer('award_top_rank'),
  awardSeasonId: integer('award_season_id'),
  customFields: jsonb('custom_fields').$type<Record<string, string>>().notNull().default({}),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Who holds which avatar that is not public (AVATAR-WEAR-1). */
export const avatarAssignments = pgTable(
  'avatar_assignments',
  {
    avatarId: uuid('avatar_id')
      .notNull()
      .references(() => avatars.id, { onDelete: 'cascade' }),
    userUuid: uuid('user_uuid').notNull(),
    type: text('type').notNull(),
    seasonId: integer('season_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.avatarId, t.userUuid] }),
    index('avatar_assignments_user_idx').on(t.userUuid),
  ],
);

export const seasons = pgTable('seasons', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  startDate: ts('start_date').notNull(),
  endDate: ts('end_date').notNull(),
  /** PTS-SEASON-2: ranks written and awards given. */
  frozenAt: ts('frozen_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Each person's balance in each season; `rank` is written when the season is frozen. */
export const rankingStatus = pgTable(
  'ranking_status',
  {
    id: serial('id').primaryKey(),
    userUuid: uuid('user_uuid').notNull(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id, { onDelete: 'cascade' }),
    balance: integer('balance').notNull().default(0),
    rank: integer('rank'),
    /**
     * PTS-BOARD-1: the place on the season's board (1 = first) kept by every credit, null at a
     * balance of zero; a board page is a range of it and the count of the board its largest value.
     */
    position: integer('position'),
    /** When the balance last grew: the earlier of two equal balances ranks higher. */
    reachedAt: ts('reached_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('ranking_status_user_season').on(t.userUuid, t.seasonId),
    index('ranking_status_order_idx').on(t.seasonId, t.balance, t.reachedAt, t.id),
    index('ranking_status_position_idx').on(t.seasonId, t.position),
  ],
);

/**
 * Every credit and debit (PTS-IDEM-1): `key` names what earned it, so the same play, vote or
 * service call twice is written once. Lifetime balances and daily caps are sums of it.
 */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    key: text('key').notNull().unique(),
    userUuid: uuid('user_uuid').notNull(),
    seasonId: integer('season_id'),
    amount: integer('amount').notNull(),
    kind: text('kind').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('points_ledger_user_idx').on(t.userUuid, t.createdAt)],
);
