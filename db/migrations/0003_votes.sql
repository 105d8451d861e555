CREATE TABLE "entry_votes" (
	"entry_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"option_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_votes_entry_id_user_id_pk" PRIMARY KEY("entry_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "vote_options" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"entry_id" varchar(24) NOT NULL,
	"position" smallint NOT NULL,
	"title" varchar(40) NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "entry_votes" ADD CONSTRAINT "entry_votes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_votes" ADD CONSTRAINT "entry_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_votes" ADD CONSTRAINT "entry_votes_option_id_vote_options_id_fk" FOREIGN KEY ("option_id") REFERENCES "public"."vote_options"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vote_options" ADD CONSTRAINT "vote_options_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "entry_votes_entry_created_idx" ON "entry_votes" USING btree ("entry_id","created_at" DESC NULLS FIRST,"user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entry_votes_option_idx" ON "entry_votes" USING btree ("option_id");--> statement-breakpoint
CREATE INDEX "entry_votes_user_idx" ON "entry_votes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vote_options_entry_position_uq" ON "vote_options" USING btree ("entry_id","position");