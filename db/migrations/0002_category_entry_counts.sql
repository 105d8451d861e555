CREATE TABLE "category_entry_counts" (
	"category_id" varchar(24) NOT NULL,
	"type" varchar(8) NOT NULL,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"commented_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "category_entry_counts_category_id_type_pk" PRIMARY KEY("category_id","type")
);
--> statement-breakpoint
ALTER TABLE "category_entry_counts" ADD CONSTRAINT "category_entry_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "category_entry_counts" ("category_id", "type", "entries_count", "commented_count")
SELECT "category_id", "type", count(*), count("latest_comment_at") FROM "entries" GROUP BY 1, 2;
