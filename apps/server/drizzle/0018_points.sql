CREATE TABLE "avatar_assignments" (
	"avatar_id" uuid NOT NULL,
	"user_uuid" uuid NOT NULL,
	"type" text NOT NULL,
	"season_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_assignments_avatar_id_user_uuid_pk" PRIMARY KEY("avatar_id","user_uuid")
);
--> statement-breakpoint
CREATE TABLE "avatars" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"visibility" text NOT NULL,
	"discord_only" boolean DEFAULT false NOT NULL,
	"art" jsonb NOT NULL,
	"award_top_rank" integer,
	"award_season_id" integer,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatars_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"user_uuid" uuid NOT NULL,
	"season_id" integer,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "points_ledger_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "ranking_status" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_uuid" uuid NOT NULL,
	"season_id" integer NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"rank" integer,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ranking_status_user_season" UNIQUE("user_uuid","season_id")
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"frozen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "avatar_assignments" ADD CONSTRAINT "avatar_assignments_avatar_id_avatars_id_fk" FOREIGN KEY ("avatar_id") REFERENCES "public"."avatars"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ranking_status" ADD CONSTRAINT "ranking_status_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "avatar_assignments_user_idx" ON "avatar_assignments" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "points_ledger_user_idx" ON "points_ledger" USING btree ("user_uuid","created_at");--> statement-breakpoint
CREATE INDEX "ranking_status_board_idx" ON "ranking_status" USING btree ("season_id","balance");