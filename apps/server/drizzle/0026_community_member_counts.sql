ALTER TABLE "communities" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "communities_public_idx" ON "communities" USING btree ("visibility","member_count" DESC NULLS LAST,"id");--> statement-breakpoint
-- COMM-LIST-1: the members of the communities there are, and the trigger that keeps the count.
UPDATE "communities" c SET "member_count" = (
	SELECT count(*)::int FROM "community_members" m WHERE m."community_id" = c."id");--> statement-breakpoint
CREATE FUNCTION "community_members_kept_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		UPDATE "communities" SET "member_count" = "member_count" + 1 WHERE "id" = NEW."community_id";
	ELSE
		UPDATE "communities" SET "member_count" = "member_count" - 1 WHERE "id" = OLD."community_id";
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_members_kept_count" AFTER INSERT OR DELETE ON "community_members"
	FOR EACH ROW EXECUTE FUNCTION "community_members_kept_count"();
