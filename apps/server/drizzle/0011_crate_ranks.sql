-- CRATE-RANK-1: crate songs are ordered by a sparse rank, so a move or an insert writes one row
-- (or the rows inserted) instead of shifting every position after it.
ALTER TABLE "crate_songs" ADD COLUMN "rank" double precision;--> statement-breakpoint
UPDATE "crate_songs" SET "rank" = ("position" + 1) * 1024;--> statement-breakpoint
ALTER TABLE "crate_songs" ALTER COLUMN "rank" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "crate_songs" DROP CONSTRAINT "crate_songs_crate_position_unique";--> statement-breakpoint
ALTER TABLE "crate_songs" DROP COLUMN "position";--> statement-breakpoint
CREATE INDEX "crate_songs_crate_rank_idx" ON "crate_songs" USING btree ("crate_id","rank");
