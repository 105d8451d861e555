CREATE TABLE "entry_search" (
	"entry_id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24),
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"search_vector" "tsvector" NOT NULL
) WITH (toast_tuple_target = 128);
--> statement-breakpoint
-- Vectors out of line and uncompressed: a search visits many rows and reads few vectors.
ALTER TABLE "entry_search" ALTER COLUMN "search_vector" SET STORAGE EXTERNAL;--> statement-breakpoint
-- Ten times the default statistics: the planner then knows the frequency of the 10,000 commonest
-- words, not 1,000, and search chooses how to read a window from it (search.queries.ts).
ALTER TABLE "entry_search" ALTER COLUMN "search_vector" SET STATISTICS 1000;--> statement-breakpoint
INSERT INTO "entry_search" ("entry_id", "user_id", "hot_score", "search_vector")
	SELECT "id", "user_id", "hot_score", coalesce("search_vector", ''::tsvector) FROM "entries";--> statement-breakpoint
DROP INDEX "entries_search_idx";--> statement-breakpoint
ALTER TABLE "entry_search" ADD CONSTRAINT "entry_search_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_search" ADD CONSTRAINT "entry_search_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_search_vector_idx" ON "entry_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "entry_search_hot_idx" ON "entry_search" USING btree ("hot_score" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "entries" DROP COLUMN "search_vector";
