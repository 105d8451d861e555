CREATE TABLE "booklet_progress" (
	"user_id" varchar(24) NOT NULL,
	"booklet_id" varchar(24) NOT NULL,
	"section_id" varchar(24) NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booklet_progress_user_id_booklet_id_pk" PRIMARY KEY("user_id","booklet_id")
);
--> statement-breakpoint
CREATE TABLE "booklet_views" (
	"target_id" varchar(24) NOT NULL,
	"visitor_id" varchar(64) NOT NULL,
	"day" varchar(10) NOT NULL,
	CONSTRAINT "booklet_views_target_id_visitor_id_day_pk" PRIMARY KEY("target_id","visitor_id","day")
);
--> statement-breakpoint
ALTER TABLE "booklets" ADD COLUMN "submitted_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "booklet_progress" ADD CONSTRAINT "booklet_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklet_progress" ADD CONSTRAINT "booklet_progress_booklet_id_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklet_progress" ADD CONSTRAINT "booklet_progress_section_id_booklet_sections_id_fk" FOREIGN KEY ("section_id") REFERENCES "public"."booklet_sections"("id") ON DELETE cascade ON UPDATE no action;