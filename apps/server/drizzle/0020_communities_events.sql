CREATE TABLE "communities" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"banner_url" text,
	"visibility" text DEFAULT 'PUBLIC' NOT NULL,
	"owner_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "communities_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
CREATE TABLE "community_members" (
	"community_id" integer NOT NULL,
	"user_uuid" uuid NOT NULL,
	"role" text DEFAULT 'member' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_members_community_id_user_uuid_pk" PRIMARY KEY("community_id","user_uuid")
);
--> statement-breakpoint
CREATE TABLE "community_rooms" (
	"community_id" integer NOT NULL,
	"room_id" integer NOT NULL,
	"added_by" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "community_rooms_community_id_room_id_pk" PRIMARY KEY("community_id","room_id")
);
--> statement-breakpoint
CREATE TABLE "event_rsvps" (
	"event_id" integer NOT NULL,
	"user_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "event_rsvps_event_id_user_uuid_pk" PRIMARY KEY("event_id","user_uuid")
);
--> statement-breakpoint
CREATE TABLE "room_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"poster_url" text,
	"room_id" integer NOT NULL,
	"community_id" integer,
	"host_uuid" uuid NOT NULL,
	"lineup" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"announced_start" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_events_uuid_unique" UNIQUE("uuid")
);
--> statement-breakpoint
ALTER TABLE "community_members" ADD CONSTRAINT "community_members_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rooms" ADD CONSTRAINT "community_rooms_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_rooms" ADD CONSTRAINT "community_rooms_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "event_rsvps" ADD CONSTRAINT "event_rsvps_event_id_room_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."room_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_events" ADD CONSTRAINT "room_events_room_id_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."rooms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_events" ADD CONSTRAINT "room_events_community_id_communities_id_fk" FOREIGN KEY ("community_id") REFERENCES "public"."communities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "communities_slug_idx" ON "communities" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "communities_owner_idx" ON "communities" USING btree ("owner_uuid");--> statement-breakpoint
CREATE INDEX "community_members_user_idx" ON "community_members" USING btree ("user_uuid","joined_at");--> statement-breakpoint
CREATE INDEX "community_rooms_room_idx" ON "community_rooms" USING btree ("room_id");--> statement-breakpoint
CREATE INDEX "event_rsvps_user_idx" ON "event_rsvps" USING btree ("user_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "room_events_slug_idx" ON "room_events" USING btree (lower("slug"));--> statement-breakpoint
CREATE INDEX "room_events_room_idx" ON "room_events" USING btree ("room_id","starts_at");--> statement-breakpoint
CREATE INDEX "room_events_time_idx" ON "room_events" USING btree ("ends_at","starts_at");