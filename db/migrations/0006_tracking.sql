CREATE TABLE "tracking_daily" (
	"day" date NOT NULL,
	"action" varchar(16) NOT NULL,
	"target" varchar(200) NOT NULL,
	"events" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "tracking_daily_day_action_target_pk" PRIMARY KEY("day","action","target")
);
--> statement-breakpoint
-- tracking_events gets a bigint identity key (a varchar id cannot be cast) and bounded columns: the
-- table is rebuilt and its rows (collection counter reports) copied over.
ALTER TABLE "tracking_events" RENAME TO "tracking_events_old";--> statement-breakpoint
ALTER INDEX "tracking_events_pkey" RENAME TO "tracking_events_old_pkey";--> statement-breakpoint
DROP INDEX "tracking_created_idx";--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"action" varchar(16) NOT NULL,
	"target" varchar(64) DEFAULT '' NOT NULL,
	"value" varchar(520) DEFAULT '' NOT NULL,
	"referrer" varchar(200) DEFAULT '' NOT NULL,
	"location" varchar(200) DEFAULT '' NOT NULL,
	"user_id" varchar(24),
	"suid" varchar(24),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
INSERT INTO "tracking_events" ("action", "target", "value", "referrer", "location", "user_id", "suid", "created_at")
SELECT "action", "target", "value", left("referrer", 200), left("location", 200), "user_id", left("suid", 24), "created_at"
FROM "tracking_events_old" ORDER BY "created_at";--> statement-breakpoint
DROP TABLE "tracking_events_old";--> statement-breakpoint
CREATE INDEX "tracking_created_idx" ON "tracking_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tracking_daily_target_idx" ON "tracking_daily" USING btree ("target","day");