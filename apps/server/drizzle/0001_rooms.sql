CREATE TABLE "recent_songs" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"song" jsonb NOT NULL,
	"dj_uuid" uuid NOT NULL,
	"vote_counts" jsonb DEFAULT '{"likes":0,"dislikes":0,"stars":0}'::jsonb NOT NULL,
	"played_at" timestamp with time zone DEFAULT now() NOT NULL,
	"played_seconds" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_live_states" (
	"room_id" integer PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_user_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"room_id" integer NOT NULL,
	"user_uuid" uuid NOT NULL,
	"role" text NOT NULL,
	"expiration_time" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_visits" (
	"user_uuid" uuid NOT NULL,
	"room_id" integer NOT NULL,
	"visited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_visits_user_uuid_room_id_pk" PRIMARY KEY("user_uuid","room_id")
);
--> statement-breakpoint
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"vibe" text DEFAULT '' NOT NULL,
	"dj_type" text DEFAULT 'EVERYONE' NOT NULL,
	"type" text DEFAULT 'PUBLIC' NOT NULL,
	"design" text DEFAULT 'CLUB' NOT NULL,
	"music_provider_keys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"number_of_djs" integer DEFAULT 5 NOT NULL,
	"songs_per_dj" integer DEFAULT 0 NOT NULL,
	"room_size" integer DEFAULT 200 NOT NULL,
	"entry_fee" integer DEFAULT 0 NOT NULL,
	"free_entries" integer DEFAULT 0 NOT NULL,
	"password_hash" text,
	"guest_password_hash" text,
	"is_live" boolean DEFAULT true NOT NULL,
	"live_audio" boolean DEFAULT false NOT NULL,
	"promoted" boolean DEFAULT false NOT NULL,
	"has_chat" boolean DEFAULT true NOT NULL,
	"unlisted" boolean DEFAULT false NOT NULL,
	"poster_key" text,
	"poster_url" text,
	"external_url" text,
	"pinned_messages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"discord_guild_id" text,
	"conversation_id" text,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "rooms_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "recent_songs" ADD CONSTRAINT "recent_songs_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_live_states" ADD CONSTRAINT "room_live_states_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_user_roles" ADD CONSTRAINT "room_user_roles_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_visits" ADD CONSTRAINT "room_visits_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recent_songs_room_idx" ON "recent_songs" USING btree ("room_id","played_at");--> statement-breakpoint
CREATE UNIQUE INDEX "room_user_roles_unique_idx" ON "room_user_roles" USING btree ("room_id","user_uuid","role");--> statement-breakpoint
CREATE INDEX "room_user_roles_user_idx" ON "room_user_roles" USING btree ("user_uuid");--> statement-breakpoint
CREATE INDEX "room_visits_recent_idx" ON "room_visits" USING btree ("user_uuid","visited_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_slug_idx" ON "rooms" USING btree (lower("slug")) WHERE "rooms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rooms_listing_idx" ON "rooms" USING btree ("type","unlisted","promoted");--> statement-breakpoint
CREATE INDEX "rooms_discord_idx" ON "rooms" USING btree ("discord_guild_id");