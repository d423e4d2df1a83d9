CREATE TABLE "dj_fans" (
	"user_uuid" uuid NOT NULL,
	"dj_uuid" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dj_fans_user_uuid_dj_uuid_pk" PRIMARY KEY("user_uuid","dj_uuid")
);
--> statement-breakpoint
CREATE INDEX "dj_fans_dj_created_idx" ON "dj_fans" USING btree ("dj_uuid","created_at");--> statement-breakpoint
CREATE INDEX "dj_fans_user_created_idx" ON "dj_fans" USING btree ("user_uuid","created_at");