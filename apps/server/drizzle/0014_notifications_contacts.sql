CREATE TABLE "devices" (
	"token" text PRIMARY KEY NOT NULL,
	"user_uuid" uuid NOT NULL,
	"device_platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_settings" (
	"user_uuid" uuid PRIMARY KEY NOT NULL,
	"kinds" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"last_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"actor_uuid" uuid,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"silent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contact_book" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"user_uuid" uuid NOT NULL,
	"hash" text NOT NULL,
	"kind" text NOT NULL,
	"matched_user_uuid" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_book_user_uuid_hash_pk" PRIMARY KEY("user_uuid","hash")
);
--> statement-breakpoint
CREATE TABLE "web_push_subscriptions" (
	"endpoint" text PRIMARY KEY NOT NULL,
	"user_uuid" uuid NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "devices_user_idx" ON "devices" USING btree ("user_uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_idx" ON "notifications" USING btree ("user_uuid","event_id");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_uuid","created_at");--> statement-breakpoint
CREATE INDEX "contact_book_matched_idx" ON "contact_book" USING btree ("user_uuid","matched_user_uuid");--> statement-breakpoint
CREATE INDEX "web_push_user_idx" ON "web_push_subscriptions" USING btree ("user_uuid");