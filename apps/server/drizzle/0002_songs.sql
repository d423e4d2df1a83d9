CREATE TABLE "songs" (
	"id" serial PRIMARY KEY NOT NULL,
	"short_id" text NOT NULL,
	"track_name" text NOT NULL,
	"artist_name" text NOT NULL,
	"genre" text,
	"duration" integer DEFAULT 0 NOT NULL,
	"isrc" text,
	"explicit" boolean DEFAULT false NOT NULL,
	"music_providers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thumbnails" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"links" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"previews" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stream_urls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"album_name" text,
	"release_year" integer,
	"status" text DEFAULT 'PENDING_UPLOAD' NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "songs_short_id_unique" UNIQUE("short_id"),
	CONSTRAINT "songs_duration_check" CHECK ("songs"."duration" >= 0)
);
--> statement-breakpoint
CREATE INDEX "songs_status_idx" ON "songs" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "songs_uploaded_by_idx" ON "songs" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "songs_isrc_idx" ON "songs" USING btree ("isrc");