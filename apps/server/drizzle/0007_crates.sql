CREATE TABLE "crate_songs" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"crate_id" integer NOT NULL,
	"position" integer NOT NULL,
	"song_id" integer,
	"song_short_id" text,
	"isrc" text,
	"track_name" text NOT NULL,
	"artist_name" text NOT NULL,
	"duration" double precision NOT NULL,
	"explicit" boolean DEFAULT false NOT NULL,
	"genre" text,
	"music_providers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thumbnails" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"previews" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"playback_token" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crate_songs_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "crates" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"short_id" text NOT NULL,
	"user_uuid" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"special" text,
	"current_position" integer DEFAULT 0 NOT NULL,
	"songs_count" integer DEFAULT 0 NOT NULL,
	"import_status" text,
	"import_done" integer,
	"import_total" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crates_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "crates_short_id_unique" UNIQUE("short_id")
);
--> statement-breakpoint
ALTER TABLE "crate_songs" ADD CONSTRAINT "crate_songs_crate_id_crates_id_fk" FOREIGN KEY ("crate_id") REFERENCES "public"."crates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crates_user_special_idx" ON "crates" USING btree ("user_uuid","special") WHERE "crates"."special" is not null;--> statement-breakpoint
CREATE INDEX "crates_user_created_idx" ON "crates" USING btree ("user_uuid","created_at");--> statement-breakpoint
-- Dense positions: shifted by range updates inside one transaction, checked at commit.
ALTER TABLE "crate_songs" ADD CONSTRAINT "crate_songs_crate_position_unique" UNIQUE ("crate_id","position") DEFERRABLE INITIALLY DEFERRED;
