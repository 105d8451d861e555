CREATE TABLE "mail_deliveries" (
	"kind" varchar(8) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"key" varchar(32) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_deliveries_kind_user_id_key_pk" PRIMARY KEY("kind","user_id","key")
);
--> statement-breakpoint
ALTER TABLE "mail_deliveries" ADD CONSTRAINT "mail_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_deliveries_created_idx" ON "mail_deliveries" USING btree ("created_at");