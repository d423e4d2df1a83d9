CREATE TABLE "upload_access_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"handled_by" uuid,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "upload_access_requests" ADD CONSTRAINT "upload_access_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "upload_access_pending_idx" ON "upload_access_requests" USING btree ("user_id") WHERE "upload_access_requests"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "upload_access_status_idx" ON "upload_access_requests" USING btree ("status","created_at");