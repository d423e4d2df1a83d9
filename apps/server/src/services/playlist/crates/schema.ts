import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CrateImportStatus, CrateSongDto, SpecialCrate } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Crates. `songs_count` is kept by every change of crate_songs, made while the
 * crate row is locked (see CrateRepository.locked), so it never drifts from the rows.
 */
export const crates = pgTable(
  'crates',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    shortId: text('short_id').notNull().unique(),
    userUuid: uuid('user_uuid').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    special: text('special').$type<SpecialCrate>(),
    currentPosition: integer('current_position').notNull().default(0),
    songsCount: integer('songs_count').notNull().default(0),
    importStatus: text('import_status').$type<CrateImportStatus>(),
    importDone: integer('import_done'),
    importTotal: integer('import_total'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('crates_user_special_idx')
      .on(t.userUuid, t.special)
      .where(sql`${t.special} is not null`),
    index('crates_user_created_idx').on(t.userUuid, t.createdAt),
  ],
);

/**
 * Songs of a crate, as snapshots of the song when it was added. They are ordered by a sparse
 * `rank` (CRATE-RANK-1): a song's position is its place in that order, so moving or inserting a
 * song writes only its own row; ranks are spread out again when a gap runs out.
 */
export const crateSongs = pgTable(
  'crate_songs',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().unique().defaultRandom(),
    crateId: integer('crate_id')
      .notNull()
      .references(() => crates.id, { onDelete: 'cascade' }),
    rank: doublePrecision('rank').notNull(),
    songId: integer('song_id'),
    songShortId: text('song_short_id'),
    isrc: text('isrc'),
    trackName: text('track_name').notNull(),
    artistName: text('artist_name').notNull(),
    duration: doublePrecision('duration').notNull(),
    explicit: boolean('explicit').notNull().default(false),
    genre: text('genre'),
    musicProviders: jsonb('music_providers')
      .$type<CrateSongDto['musicProviders']>()
      .notNull()
      .default({}),
    thumbnails: jsonb('thumbnails').$type<CrateSongDto['thumbnails']>().notNull().default({}),
    previews: jsonb('previews').$type<string[]>().notNull().default([]),
    playbackToken: text('playback_token'),
    status: text('status').$type<CrateSongDto['status']>().notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('crate_songs_crate_rank_idx').on(t.crateId, t.rank)],
);

export type CrateRow = typeof crates.$inferSelect;
export type CrateSongRow = typeof crateSongs.$inferSelect;
export type NewCrateSongRow = typeof crateSongs.$inferInsert;
