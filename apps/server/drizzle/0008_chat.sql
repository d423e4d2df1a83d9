CREATE TABLE "chat_group_members" (
	"guid" uuid NOT NULL,
	"uid" uuid NOT NULL,
	"scope" text DEFAULT 'participant' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_group_members_guid_uid_pk" PRIMARY KEY("guid","uid")
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"receiver_type" text NOT NULL,
	"receiver" uuid NOT NULL,
	"sender" uuid NOT NULL,
	"category" text NOT NULL,
	"type" text NOT NULL,
	"text" text,
	"attachments" jsonb,
	"metadata" jsonb,
	"custom_data" jsonb,
	"client_id" text,
	"sender_name" text NOT NULL,
	"sender_avatar" text DEFAULT '' NOT NULL,
	"receiver_name" text DEFAULT '' NOT NULL,
	"receiver_avatar" text DEFAULT '' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "chat_reactions" (
	"message_id" bigint NOT NULL,
	"user_uuid" uuid NOT NULL,
	"reaction" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reactions_message_id_user_uuid_reaction_pk" PRIMARY KEY("message_id","user_uuid","reaction")
);
--> statement-breakpoint
CREATE TABLE "chat_reads" (
	"uid" uuid NOT NULL,
	"conversation_id" text NOT NULL,
	"last_read_id" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_reads_uid_conversation_id_pk" PRIMARY KEY("uid","conversation_id")
);
--> statement-breakpoint
CREATE TABLE "chat_reports" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"message_id" bigint NOT NULL,
	"reporter" uuid NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"uid" uuid NOT NULL,
	"kind" text NOT NULL,
	"roles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_reactions" ADD CONSTRAINT "chat_reactions_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reports" ADD CONSTRAINT "chat_reports_message_id_chat_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."chat_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_group_members_uid_idx" ON "chat_group_members" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "chat_messages_conversation_idx" ON "chat_messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE INDEX "chat_messages_sent_idx" ON "chat_messages" USING btree ("conversation_id","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_client_idx" ON "chat_messages" USING btree ("sender","client_id") WHERE "chat_messages"."client_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_reports_reporter_idx" ON "chat_reports" USING btree ("reporter","message_id");--> statement-breakpoint
CREATE INDEX "chat_reports_created_idx" ON "chat_reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "chat_tokens_uid_idx" ON "chat_tokens" USING btree ("uid","created_at");