CREATE TABLE "repo_star_snapshots" (
	"repo_id" varchar(24) NOT NULL,
	"day" date NOT NULL,
	"star_count" integer NOT NULL,
	CONSTRAINT "repo_star_snapshots_repo_id_day_pk" PRIMARY KEY("repo_id","day")
);
--> statement-breakpoint
CREATE TABLE "repo_translation_votes" (
	"repo_id" varchar(24) NOT NULL,
	"field" varchar(12) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"translation_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repo_translation_votes_repo_id_field_user_id_pk" PRIMARY KEY("repo_id","field","user_id")
);
--> statement-breakpoint
ALTER TABLE "repo_tag_links" ADD COLUMN "created_at" timestamp (3) with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "repo_tag_links" ADD COLUMN "star_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repos" ADD COLUMN "stars_daily" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repos" ADD COLUMN "stars_weekly" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repos" ADD COLUMN "stars_monthly" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "repos" ADD COLUMN "featured_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "repos" ADD COLUMN "etags" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "repos" ADD COLUMN "synced_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "repo_star_snapshots" ADD CONSTRAINT "repo_star_snapshots_repo_id_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_translation_votes" ADD CONSTRAINT "repo_translation_votes_repo_id_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_translation_votes" ADD CONSTRAINT "repo_translation_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_translation_votes" ADD CONSTRAINT "repo_translation_votes_translation_id_repo_translations_id_fk" FOREIGN KEY ("translation_id") REFERENCES "public"."repo_translations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "repo_translation_votes_translation_idx" ON "repo_translation_votes" USING btree ("translation_id");--> statement-breakpoint
CREATE INDEX "repo_tag_links_created_idx" ON "repo_tag_links" USING btree ("repo_tag_id","created_at" DESC NULLS FIRST,"repo_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repo_tag_links_stars_idx" ON "repo_tag_links" USING btree ("repo_tag_id","star_count" DESC NULLS FIRST,"repo_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_trending_daily_idx" ON "repos" USING btree ("stars_daily" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_trending_weekly_idx" ON "repos" USING btree ("stars_weekly" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_trending_monthly_idx" ON "repos" USING btree ("stars_monthly" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_language_daily_idx" ON "repos" USING btree ("language","stars_daily" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_language_weekly_idx" ON "repos" USING btree ("language","stars_weekly" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_language_monthly_idx" ON "repos" USING btree ("language","stars_monthly" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_featured_idx" ON "repos" USING btree ("featured_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "repos"."featured_at" is not null;