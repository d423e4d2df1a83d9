CREATE TABLE "room_list_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "room_visits_recent_idx";--> statement-breakpoint
DROP INDEX "friend_invitations_sender_idx";--> statement-breakpoint
DROP INDEX "friend_invitations_receiver_idx";--> statement-breakpoint
CREATE INDEX "rooms_public_idx" ON "rooms" USING btree ("created_at","id","uuid") WHERE "rooms"."type" = 'PUBLIC' and not "rooms"."unlisted" and "rooms"."is_live" and "rooms"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "rooms_deleted_idx" ON "rooms" USING btree ("id") WHERE "rooms"."deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "room_visits_recent_idx" ON "room_visits" USING btree ("user_uuid","visited_at","room_id");--> statement-breakpoint
CREATE INDEX "friend_invitations_sender_idx" ON "friend_invitations" USING btree ("sender_uuid","status","created_at");--> statement-breakpoint
CREATE INDEX "friend_invitations_receiver_idx" ON "friend_invitations" USING btree ("receiver_uuid","status","created_at");--> statement-breakpoint
-- ROOM-LIST-1: the public room list's version, bumped by every change that may change the list.
INSERT INTO "room_list_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "room_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "room_list_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rooms_list_version_rows" AFTER INSERT OR DELETE OR TRUNCATE ON "rooms"
	FOR EACH STATEMENT EXECUTE FUNCTION "room_list_version_bump"();--> statement-breakpoint
CREATE TRIGGER "rooms_list_version_update" AFTER UPDATE ON "rooms" FOR EACH ROW
	WHEN (OLD."type" IS DISTINCT FROM NEW."type" OR OLD."unlisted" IS DISTINCT FROM NEW."unlisted"
		OR OLD."is_live" IS DISTINCT FROM NEW."is_live" OR OLD."deleted_at" IS DISTINCT FROM NEW."deleted_at"
		OR OLD."created_at" IS DISTINCT FROM NEW."created_at" OR OLD."id" IS DISTINCT FROM NEW."id"
		OR OLD."uuid" IS DISTINCT FROM NEW."uuid")
	EXECUTE FUNCTION "room_list_version_bump"();
