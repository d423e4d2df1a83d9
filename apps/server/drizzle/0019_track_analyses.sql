CREATE TABLE "track_analyses" (
	"spotify_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"event_type" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
