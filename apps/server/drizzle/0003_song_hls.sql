CREATE TABLE "song_hls_keys" (
	"song_id" integer PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"iv" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "song_hls_keys" ADD CONSTRAINT "song_hls_keys_song_id_songs_id_fk" FOREIGN KEY ("song_id") REFERENCES "public"."songs"("id") ON DELETE cascade ON UPDATE no action;