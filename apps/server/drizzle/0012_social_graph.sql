CREATE TABLE "blocked_users" (
	"user_uuid" uuid NOT NULL,
	"blocked_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_users_user_uuid_blocked_uuid_pk" PRIMARY KEY("user_uuid","blocked_uuid")
);
--> statement-breakpoint
CREATE TABLE "friend_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender_uuid" uuid NOT NULL,
	"receiver_uuid" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "friendships" (
	"user_uuid" uuid NOT NULL,
	"friend_uuid" uuid NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "friendships_user_uuid_friend_uuid_pk" PRIMARY KEY("user_uuid","friend_uuid")
);
--> statement-breakpoint
CREATE INDEX "blocked_users_blocked_idx" ON "blocked_users" USING btree ("blocked_uuid");--> statement-breakpoint
CREATE INDEX "friend_invitations_sender_idx" ON "friend_invitations" USING btree ("sender_uuid","status");--> statement-breakpoint
CREATE INDEX "friend_invitations_receiver_idx" ON "friend_invitations" USING btree ("receiver_uuid","status");--> statement-breakpoint
CREATE INDEX "friendships_user_since_idx" ON "friendships" USING btree ("user_uuid","since");