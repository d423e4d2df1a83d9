CREATE TABLE "event_count_sweep" (
	"id" integer PRIMARY KEY NOT NULL,
	"swept_at" timestamp with time zone NOT NULL,
	"next_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "event_counts" (
	"room_id" integer NOT NULL,
	"community_id" integer NOT NULL,
	"upcoming" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "event_counts_room_id_community_id_pk" PRIMARY KEY("room_id","community_id")
);
--> statement-breakpoint
DROP INDEX "ranking_status_board_idx";--> statement-breakpoint
ALTER TABLE "ranking_status" ADD COLUMN "position" integer;--> statement-breakpoint
CREATE INDEX "room_events_start_idx" ON "room_events" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "ranking_status_order_idx" ON "ranking_status" USING btree ("season_id","balance","reached_at","id");--> statement-breakpoint
CREATE INDEX "ranking_status_position_idx" ON "ranking_status" USING btree ("season_id","position");--> statement-breakpoint
-- PTS-BOARD-2: the places of the boards there are, in the order of PTS-SEASON-2.
UPDATE "ranking_status" r SET "position" = x.rn FROM (
	SELECT "id", row_number() OVER (PARTITION BY "season_id" ORDER BY "balance" DESC, "reached_at" ASC, "id" ASC) AS rn
	FROM "ranking_status" WHERE "balance" > 0
) x WHERE r."id" = x."id";--> statement-breakpoint
-- EVT-LIST-2: the counts of the events there are, and the trigger that keeps them.
INSERT INTO "event_count_sweep" ("id", "swept_at", "next_end")
	SELECT 1, now(), (SELECT min("ends_at") FROM "room_events" WHERE "ends_at" > now());--> statement-breakpoint
INSERT INTO "event_counts" ("room_id", "community_id", "upcoming")
	SELECT "room_id", coalesce("community_id", 0), count(*)::int FROM "room_events"
	WHERE "ends_at" > now() GROUP BY 1, 2;--> statement-breakpoint
CREATE FUNCTION "room_events_kept_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE s timestamptz;
BEGIN
	SELECT "swept_at" INTO s FROM "event_count_sweep" WHERE "id" = 1 FOR UPDATE;
	IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."ends_at" > s THEN
		UPDATE "event_counts" SET "upcoming" = "upcoming" - 1
		WHERE "room_id" = OLD."room_id" AND "community_id" = coalesce(OLD."community_id", 0);
	END IF;
	IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."ends_at" > s THEN
		INSERT INTO "event_counts" ("room_id", "community_id", "upcoming")
		VALUES (NEW."room_id", coalesce(NEW."community_id", 0), 1)
		ON CONFLICT ("room_id", "community_id") DO UPDATE SET "upcoming" = "event_counts"."upcoming" + 1;
		UPDATE "event_count_sweep" SET "next_end" = least(coalesce("next_end", NEW."ends_at"), NEW."ends_at")
		WHERE "id" = 1;
	END IF;
	RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "room_events_kept_count" AFTER INSERT OR DELETE OR UPDATE OF "room_id", "community_id", "ends_at"
	ON "room_events" FOR EACH ROW EXECUTE FUNCTION "room_events_kept_count"();
