CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"user_uuid" uuid NOT NULL,
	"is_guest" boolean NOT NULL,
	"play_id" uuid,
	"song_short_id" text,
	"seconds_played" double precision,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "analytics_events_play_idx" ON "analytics_events" USING btree ("topic","play_id");--> statement-breakpoint
CREATE INDEX "analytics_events_topic_idx" ON "analytics_events" USING btree ("topic","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_user_idx" ON "analytics_events" USING btree ("user_uuid","occurred_at");--> statement-breakpoint
CREATE INDEX "analytics_events_song_idx" ON "analytics_events" USING btree ("song_short_id","topic");