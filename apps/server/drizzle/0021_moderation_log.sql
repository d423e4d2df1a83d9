CREATE TABLE "audit_plays" (
	"event_id" uuid PRIMARY KEY NOT NULL,
	"room_uuid" uuid NOT NULL,
	"dj_uuid" uuid NOT NULL,
	"song_id" text NOT NULL,
	"track_name" text,
	"artist_name" text,
	"listeners" integer NOT NULL,
	"likes" integer NOT NULL,
	"stars" integer NOT NULL,
	"played_seconds" integer NOT NULL,
	"ended_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" uuid,
	"actor_uuid" uuid,
	"target_uuid" uuid NOT NULL,
	"action_type" text NOT NULL,
	"room_uuid" uuid,
	"previous_role" text,
	"role" text,
	"reason" text DEFAULT '' NOT NULL,
	"until" timestamp with time zone,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_plays_time_idx" ON "audit_plays" USING btree ("ended_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_actions_event_idx" ON "moderation_actions" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_uuid","created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_time_idx" ON "moderation_actions" USING btree ("created_at");