import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { SongProvider, SongStatus, SongStreamUrls } from '@tt/protocol';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

type ProviderMap = Partial<Record<SongProvider, string>>;

/**
 * The song catalogue: our own uploads and the demo catalogue. Metadata only for
 * now; uploads, HLS and provider data fill streamUrls, previews and links later.
 */
export const songs = pgTable(
  'songs',
  {
    id: serial('id').primaryKey(),
    /** Names the song in URLs and in musicProviders.uploadService. */
    shortId: text('short_id').notNull().unique(),
    trackName: text('track_name').notNull(),
    artistName: text('artist_name').notNull(),
    genre: text('genre'),
    /** Seconds. */
    duration: integer('duration').notNull().default(0),
    isrc: text('isrc'),
    explicit: boolean('explicit').notNull().default(false),
    musicProviders: jsonb('music_providers').$type<ProviderMap>().notNull().default({}),
    thumbnails: jsonb('thumbnails').$type<ProviderMap>().notNull().default({}),
    links: jsonb('links').$type<ProviderMap>().notNull().default({}),
    previews: jsonb('previews').$type<string[]>().notNull().default([]),
    streamUrls: jsonb('stream_urls')
      .$type<Partial<Record<SongProvider, SongStreamUrls>>>()
      .notNull()
      .default({}),
    albumName: text('album_name'),
    releaseYear: integer('release_year'),
    status: text('status').$type<SongStatus>().notNull().default('PENDING_UPLOAD'),
    /** The uploader's account uuid; null for catalogue songs. */
    uploadedBy: uuid('uploaded_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('songs_status_idx').on(t.status, t.createdAt),
    index('songs_uploaded_by_idx').on(t.uploadedBy),
    index('songs_isrc_idx').on(t.isrc),
    // Lookups by provider id (`music_providers @> '{"spotify":"…"}'`, catalogue.repository.ts).
    index('songs_music_providers_idx').using('gin', t.musicProviders.op('jsonb_path_ops')),
    check('songs_duration_check', sql`${t.duration} >= 0`),
  ],
);

/**
 * The AES-128 key of an uploaded song's HLS segments (one per song; the IV is written in the
 * playlist too). Served by GET /songs/hls/key only through key URLs signed for their caller
 * (hls-access.ts).
 */
export const songHlsKeys = pgTable('song_hls_keys', {
  songId: integer('song_id')
    .primaryKey()
    .references(() => songs.id, { onDelete: 'cascade' }),
  /** The 16 key bytes, base64. */
  key: text('key').notNull(),
  /** The 16 IV bytes, hex (as in the playlist's IV attribute, without 0x). */
  iv: text('iv').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
