ALTER TABLE "room_list_version" ADD COLUMN "content" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- ROOM-LIST-3: the listed rooms' content version, bumped by every statement that writes rooms or
-- room roles (a room's name, design or settings, a role given or taken), so a process may keep the
-- rows and roles of the rooms it lists while it stays the same.
CREATE FUNCTION "room_list_content_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "room_list_version" SET "content" = "content" + 1 WHERE "id" = 1;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "rooms_list_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "rooms"
	FOR EACH STATEMENT EXECUTE FUNCTION "room_list_content_bump"();--> statement-breakpoint
CREATE TRIGGER "room_user_roles_list_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "room_user_roles"
	FOR EACH STATEMENT EXECUTE FUNCTION "room_list_content_bump"();
