CREATE TABLE "booklet_purchases" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"booklet_id" varchar(24) NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"order_id" varchar(24),
	"price_paid" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booklet_sections" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"booklet_id" varchar(24) NOT NULL,
	"title" varchar(100) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"position" smallint NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT true NOT NULL,
	"reading_minutes" smallint DEFAULT 1 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booklets" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"title" varchar(60) NOT NULL,
	"summary" varchar(400) DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"img" text DEFAULT '' NOT NULL,
	"category" varchar(16) DEFAULT 'frontend' NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"is_top" boolean DEFAULT false NOT NULL,
	"is_draft" boolean DEFAULT true NOT NULL,
	"is_finished" boolean DEFAULT false NOT NULL,
	"section_count" integer DEFAULT 0 NOT NULL,
	"buy_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"code" varchar(32) PRIMARY KEY NOT NULL,
	"booklet_id" varchar(24),
	"percent_off" smallint NOT NULL,
	"max_uses" integer DEFAULT 1 NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"title" varchar(100) NOT NULL,
	"city" varchar(20) NOT NULL,
	"address" varchar(200) DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"screenshot" text DEFAULT '' NOT NULL,
	"show_banner" boolean DEFAULT false NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone NOT NULL,
	"user_id" varchar(24),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"booklet_id" varchar(24) NOT NULL,
	"amount" integer NOT NULL,
	"channel" varchar(12) DEFAULT 'wxpay' NOT NULL,
	"discount_code" varchar(32),
	"status" varchar(8) DEFAULT 'pending' NOT NULL,
	"provider_ref" varchar(64),
	"paid_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_bills" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"amount" integer NOT NULL,
	"kind" varchar(16) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"create_time" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdrawal_applications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"volume" integer NOT NULL,
	"alipay_account" varchar(64) NOT NULL,
	"name" varchar(32) NOT NULL,
	"status" varchar(12) DEFAULT 'pending' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"position" varchar(8) NOT NULL,
	"platform" varchar(8) DEFAULT 'web' NOT NULL,
	"url" text NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"text_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp (3) with time zone NOT NULL,
	"ended_at" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"name" varchar(16) NOT NULL,
	"title" varchar(16) NOT NULL,
	"position" smallint NOT NULL,
	"entries_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "drafts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"entry_id" varchar(24),
	"title" varchar(120) DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"abstract" varchar(400) DEFAULT '' NOT NULL,
	"cover_image" text DEFAULT '' NOT NULL,
	"category_id" varchar(24),
	"tag_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" varchar(8) DEFAULT 'article' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entries" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24),
	"type" varchar(8) DEFAULT 'article' NOT NULL,
	"title" varchar(120) NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"content_html" text DEFAULT '' NOT NULL,
	"abstract" varchar(400) DEFAULT '' NOT NULL,
	"original_url" text DEFAULT '' NOT NULL,
	"screenshot" text DEFAULT '' NOT NULL,
	"category_id" varchar(24) NOT NULL,
	"is_original" boolean DEFAULT true NOT NULL,
	"is_english" boolean DEFAULT false NOT NULL,
	"is_gfw" boolean DEFAULT false NOT NULL,
	"hot" boolean DEFAULT false NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"view_count" integer DEFAULT 0 NOT NULL,
	"collection_count" integer DEFAULT 0 NOT NULL,
	"reading_minutes" smallint DEFAULT 1 NOT NULL,
	"search_vector" "tsvector",
	"latest_comment_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "entry_likes" (
	"user_id" varchar(24) NOT NULL,
	"entry_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entry_likes_user_id_entry_id_pk" PRIMARY KEY("user_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "entry_tags" (
	"entry_id" varchar(24) NOT NULL,
	"tag_id" varchar(24) NOT NULL,
	"entry_created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "entry_tags_entry_id_tag_id_pk" PRIMARY KEY("entry_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "entry_views" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"entry_id" varchar(24) NOT NULL,
	"visitor_id" varchar(40) NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tag_subscriptions" (
	"user_id" varchar(24) NOT NULL,
	"tag_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tag_subscriptions_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"title" varchar(32) NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"category_id" varchar(24),
	"is_builtin" boolean DEFAULT false NOT NULL,
	"entries_count" integer DEFAULT 0 NOT NULL,
	"subscribers_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24),
	"purpose" varchar(16) NOT NULL,
	"storage_key" text NOT NULL,
	"url" text NOT NULL,
	"mime" varchar(32) NOT NULL,
	"bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repo_languages" (
	"repo_id" varchar(24) NOT NULL,
	"title" varchar(40) NOT NULL,
	"line_count" integer NOT NULL,
	"color" varchar(16) DEFAULT '' NOT NULL,
	CONSTRAINT "repo_languages_repo_id_title_pk" PRIMARY KEY("repo_id","title")
);
--> statement-breakpoint
CREATE TABLE "repo_tag_links" (
	"repo_id" varchar(24) NOT NULL,
	"repo_tag_id" varchar(24) NOT NULL,
	CONSTRAINT "repo_tag_links_repo_id_repo_tag_id_pk" PRIMARY KEY("repo_id","repo_tag_id")
);
--> statement-breakpoint
CREATE TABLE "repo_tags" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"title" varchar(40) NOT NULL,
	"parent_id" varchar(24),
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repo_translations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"repo_id" varchar(24) NOT NULL,
	"user_id" varchar(24),
	"field" varchar(12) NOT NULL,
	"content" text NOT NULL,
	"vote_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "repos" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"original_id" varchar(40) NOT NULL,
	"url" text NOT NULL,
	"name" varchar(140) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" varchar(40) DEFAULT '' NOT NULL,
	"watch_count" integer DEFAULT 0 NOT NULL,
	"star_count" integer DEFAULT 0 NOT NULL,
	"fork_count" integer DEFAULT 0 NOT NULL,
	"readme" text DEFAULT '' NOT NULL,
	"license_name" varchar(80) DEFAULT '' NOT NULL,
	"license_url" text DEFAULT '' NOT NULL,
	"owner_username" varchar(80) NOT NULL,
	"owner_avatar" text DEFAULT '' NOT NULL,
	"owner_url" text DEFAULT '' NOT NULL,
	"translator_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"commited_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "collection_entries" (
	"collection_id" varchar(24) NOT NULL,
	"entry_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_entries_collection_id_entry_id_pk" PRIMARY KEY("collection_id","entry_id")
);
--> statement-breakpoint
CREATE TABLE "collection_follows" (
	"user_id" varchar(24) NOT NULL,
	"collection_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_follows_user_id_collection_id_pk" PRIMARY KEY("user_id","collection_id")
);
--> statement-breakpoint
CREATE TABLE "collection_tags" (
	"collection_id" varchar(24) NOT NULL,
	"tag_id" varchar(24) NOT NULL,
	CONSTRAINT "collection_tags_collection_id_tag_id_pk" PRIMARY KEY("collection_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"title" varchar(40) NOT NULL,
	"description" varchar(200) DEFAULT '' NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"mask_color" varchar(16) DEFAULT '#000000' NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comment_likes" (
	"user_id" varchar(24) NOT NULL,
	"comment_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comment_likes_user_id_comment_id_pk" PRIMARY KEY("user_id","comment_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"target_type" varchar(8) NOT NULL,
	"target_id" varchar(24) NOT NULL,
	"user_id" varchar(24),
	"content" text NOT NULL,
	"image_url_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_id" varchar(24),
	"reply_comment_id" varchar(24),
	"reply_user_id" varchar(24),
	"like_count" integer DEFAULT 0 NOT NULL,
	"sub_comment_count" integer DEFAULT 0 NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"type" varchar(20) NOT NULL,
	"group_key" varchar(80) NOT NULL,
	"actor_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"entry_id" varchar(24),
	"pin_id" varchar(24),
	"comment_id" varchar(24),
	"reply_id" varchar(24),
	"collection_id" varchar(24),
	"repo_id" varchar(24),
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pin_likes" (
	"user_id" varchar(24) NOT NULL,
	"pin_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pin_likes_user_id_pin_id_pk" PRIMARY KEY("user_id","pin_id")
);
--> statement-breakpoint
CREATE TABLE "pins" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24),
	"content" varchar(1000) NOT NULL,
	"image_url_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"hot_score" double precision DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "system_notifications" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"content" text NOT NULL,
	"check" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"action" varchar(16) NOT NULL,
	"target" varchar(64) DEFAULT '' NOT NULL,
	"value" varchar(200) DEFAULT '' NOT NULL,
	"referrer" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"user_id" varchar(24),
	"suid" varchar(40),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "follows" (
	"follower_id" varchar(24) NOT NULL,
	"followee_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_followee_id_pk" PRIMARY KEY("follower_id","followee_id")
);
--> statement-breakpoint
CREATE TABLE "invitations" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"sender_id" varchar(24) NOT NULL,
	"receiver_name" varchar(20) NOT NULL,
	"receiver_email" varchar(64) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"accepted_by" varchar(24),
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_subscriptions" (
	"user_id" varchar(24) NOT NULL,
	"type" varchar(8) NOT NULL,
	"subscribed" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_subscriptions_user_id_type_pk" PRIMARY KEY("user_id","type")
);
--> statement-breakpoint
CREATE TABLE "mutes" (
	"user_id" varchar(24) NOT NULL,
	"target_type" varchar(8) NOT NULL,
	"target_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mutes_user_id_target_type_target_id_pk" PRIMARY KEY("user_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "oauth_accounts" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"provider" varchar(16) NOT NULL,
	"provider_user_id" varchar(128) NOT NULL,
	"nickname" varchar(100) DEFAULT '' NOT NULL,
	"username" varchar(100) DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"recipient" varchar(128) NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" varchar(24) NOT NULL,
	"client_id" varchar(64) NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"ip" varchar(64) DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"username" varchar(20) NOT NULL,
	"email" varchar(64),
	"email_verified" boolean DEFAULT false NOT NULL,
	"mobile_phone_number" varchar(20),
	"mobile_phone_verified" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"must_reset_password" boolean DEFAULT false NOT NULL,
	"role" varchar(16) DEFAULT 'user' NOT NULL,
	"avatar_large" text DEFAULT '' NOT NULL,
	"self_description" varchar(200) DEFAULT '' NOT NULL,
	"job_title" varchar(50) DEFAULT '' NOT NULL,
	"company" varchar(50) DEFAULT '' NOT NULL,
	"blog_address" varchar(200) DEFAULT '' NOT NULL,
	"is_xiaoce_author" boolean DEFAULT false NOT NULL,
	"has_wallet" boolean DEFAULT false NOT NULL,
	"blacklist" boolean DEFAULT false NOT NULL,
	"allow_notification" boolean DEFAULT true NOT NULL,
	"weekly_email" boolean DEFAULT true NOT NULL,
	"apply" boolean DEFAULT false NOT NULL,
	"applied_editor_at" timestamp (3) with time zone,
	"editor_type" varchar(16) DEFAULT 'markdown' NOT NULL,
	"device_type" varchar(16) DEFAULT 'web' NOT NULL,
	"total_hot_index" integer DEFAULT 0 NOT NULL,
	"follower_count" integer DEFAULT 0 NOT NULL,
	"following_count" integer DEFAULT 0 NOT NULL,
	"be_liked_count" integer DEFAULT 0 NOT NULL,
	"be_read_count" integer DEFAULT 0 NOT NULL,
	"collection_count" integer DEFAULT 0 NOT NULL,
	"followed_collection_count" integer DEFAULT 0 NOT NULL,
	"subscribed_tag_count" integer DEFAULT 0 NOT NULL,
	"wrote_book_count" integer DEFAULT 0 NOT NULL,
	"bought_book_count" integer DEFAULT 0 NOT NULL,
	"posted_posts_count" integer DEFAULT 0 NOT NULL,
	"posted_entries_count" integer DEFAULT 0 NOT NULL,
	"collected_entries_count" integer DEFAULT 0 NOT NULL,
	"commented_entries_count" integer DEFAULT 0 NOT NULL,
	"viewed_entries_count" integer DEFAULT 0 NOT NULL,
	"liked_entries_count" integer DEFAULT 0 NOT NULL,
	"pin_count" integer DEFAULT 0 NOT NULL,
	"unread_user_notification_count" integer DEFAULT 0 NOT NULL,
	"unread_system_notification_count" integer DEFAULT 0 NOT NULL,
	"available_invite_count" integer DEFAULT 5 NOT NULL,
	"wallet_balance" integer DEFAULT 0 NOT NULL,
	"latest_logined_in_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_tokens" (
	"id" varchar(24) PRIMARY KEY NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"target" varchar(128) NOT NULL,
	"secret_hash" varchar(64) NOT NULL,
	"user_id" varchar(24),
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"used_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booklet_purchases" ADD CONSTRAINT "booklet_purchases_booklet_id_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklet_purchases" ADD CONSTRAINT "booklet_purchases_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklet_purchases" ADD CONSTRAINT "booklet_purchases_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklet_sections" ADD CONSTRAINT "booklet_sections_booklet_id_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booklets" ADD CONSTRAINT "booklets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_booklet_id_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_booklet_id_booklets_id_fk" FOREIGN KEY ("booklet_id") REFERENCES "public"."booklets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_bills" ADD CONSTRAINT "wallet_bills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_applications" ADD CONSTRAINT "withdrawal_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drafts" ADD CONSTRAINT "drafts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entries" ADD CONSTRAINT "entries_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_likes" ADD CONSTRAINT "entry_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_likes" ADD CONSTRAINT "entry_likes_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_tags" ADD CONSTRAINT "entry_tags_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_tags" ADD CONSTRAINT "entry_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "entry_views" ADD CONSTRAINT "entry_views_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_subscriptions" ADD CONSTRAINT "tag_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tag_subscriptions" ADD CONSTRAINT "tag_subscriptions_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_languages" ADD CONSTRAINT "repo_languages_repo_id_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_tag_links" ADD CONSTRAINT "repo_tag_links_repo_id_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_tag_links" ADD CONSTRAINT "repo_tag_links_repo_tag_id_repo_tags_id_fk" FOREIGN KEY ("repo_tag_id") REFERENCES "public"."repo_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_translations" ADD CONSTRAINT "repo_translations_repo_id_repos_id_fk" FOREIGN KEY ("repo_id") REFERENCES "public"."repos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repo_translations" ADD CONSTRAINT "repo_translations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_entries" ADD CONSTRAINT "collection_entries_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_entries" ADD CONSTRAINT "collection_entries_entry_id_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_follows" ADD CONSTRAINT "collection_follows_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_follows" ADD CONSTRAINT "collection_follows_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tags" ADD CONSTRAINT "collection_tags_collection_id_collections_id_fk" FOREIGN KEY ("collection_id") REFERENCES "public"."collections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collection_tags" ADD CONSTRAINT "collection_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_likes" ADD CONSTRAINT "comment_likes_comment_id_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_reply_user_id_users_id_fk" FOREIGN KEY ("reply_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_likes" ADD CONSTRAINT "pin_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pin_likes" ADD CONSTRAINT "pin_likes_pin_id_pins_id_fk" FOREIGN KEY ("pin_id") REFERENCES "public"."pins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pins" ADD CONSTRAINT "pins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "system_notifications" ADD CONSTRAINT "system_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_followee_id_users_id_fk" FOREIGN KEY ("followee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_by_users_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_subscriptions" ADD CONSTRAINT "mail_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mutes" ADD CONSTRAINT "mutes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_tokens" ADD CONSTRAINT "verification_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booklet_purchases_user_booklet_uq" ON "booklet_purchases" USING btree ("user_id","booklet_id");--> statement-breakpoint
CREATE INDEX "booklet_purchases_user_created_idx" ON "booklet_purchases" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "booklet_sections_booklet_idx" ON "booklet_sections" USING btree ("booklet_id","position");--> statement-breakpoint
CREATE INDEX "booklets_updated_idx" ON "booklets" USING btree ("updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "booklets_category_updated_idx" ON "booklets" USING btree ("category","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "booklets_user_idx" ON "booklets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "events_started_idx" ON "events" USING btree ("started_at","id");--> statement-breakpoint
CREATE INDEX "events_city_started_idx" ON "events" USING btree ("city","started_at");--> statement-breakpoint
CREATE INDEX "payment_orders_user_idx" ON "payment_orders" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "wallet_bills_user_created_idx" ON "wallet_bills" USING btree ("user_id","create_time" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "withdrawals_user_idx" ON "withdrawal_applications" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "banners_position_window_idx" ON "banners" USING btree ("position","started_at","ended_at");--> statement-breakpoint
CREATE INDEX "drafts_user_updated_idx" ON "drafts" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_created_idx" ON "entries" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_category_created_idx" ON "entries" USING btree ("category_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_hot_idx" ON "entries" USING btree ("hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_category_hot_idx" ON "entries" USING btree ("category_id","hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_likes_idx" ON "entries" USING btree ("like_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_category_likes_idx" ON "entries" USING btree ("category_id","like_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_commented_idx" ON "entries" USING btree ("latest_comment_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_category_commented_idx" ON "entries" USING btree ("category_id","latest_comment_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_type_created_idx" ON "entries" USING btree ("type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_user_created_idx" ON "entries" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entries_original_url_idx" ON "entries" USING btree (md5("original_url"));--> statement-breakpoint
CREATE INDEX "entries_search_idx" ON "entries" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "entry_likes_entry_created_idx" ON "entry_likes" USING btree ("entry_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entry_likes_user_created_idx" ON "entry_likes" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "entry_tags_tag_created_idx" ON "entry_tags" USING btree ("tag_id","entry_created_at" DESC NULLS FIRST,"entry_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "entry_views_visitor_day_uq" ON "entry_views" USING btree ("entry_id","visitor_id","day");--> statement-breakpoint
CREATE INDEX "tag_subscriptions_user_created_idx" ON "tag_subscriptions" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tag_subscriptions_tag_idx" ON "tag_subscriptions" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_title_lower_uq" ON "tags" USING btree (lower("title"));--> statement-breakpoint
CREATE INDEX "tags_hot_idx" ON "tags" USING btree ("subscribers_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tags_new_idx" ON "tags" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tags_category_idx" ON "tags" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repo_tag_links_tag_idx" ON "repo_tag_links" USING btree ("repo_tag_id");--> statement-breakpoint
CREATE INDEX "repo_translations_repo_idx" ON "repo_translations" USING btree ("repo_id","field","vote_count" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "repos_original_uq" ON "repos" USING btree ("original_id");--> statement-breakpoint
CREATE INDEX "repos_created_idx" ON "repos" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_stars_idx" ON "repos" USING btree ("star_count" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "repos_language_stars_idx" ON "repos" USING btree ("language","star_count" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collection_entries_collection_created_idx" ON "collection_entries" USING btree ("collection_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collection_entries_entry_idx" ON "collection_entries" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "collection_follows_user_created_idx" ON "collection_follows" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collection_follows_collection_idx" ON "collection_follows" USING btree ("collection_id");--> statement-breakpoint
CREATE INDEX "collection_tags_tag_idx" ON "collection_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "collections_created_idx" ON "collections" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collections_hot_idx" ON "collections" USING btree ("hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "collections_user_created_idx" ON "collections" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comment_likes_comment_idx" ON "comment_likes" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "comments_target_created_idx" ON "comments" USING btree ("target_type","target_id","parent_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_target_hot_idx" ON "comments" USING btree ("target_type","target_id","parent_id","hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_parent_created_idx" ON "comments" USING btree ("parent_id","created_at","id");--> statement-breakpoint
CREATE INDEX "comments_user_created_idx" ON "comments" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_updated_idx" ON "notifications" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_group_idx" ON "notifications" USING btree ("user_id","group_key","read");--> statement-breakpoint
CREATE INDEX "pin_likes_pin_idx" ON "pin_likes" USING btree ("pin_id");--> statement-breakpoint
CREATE INDEX "pins_created_idx" ON "pins" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pins_hot_idx" ON "pins" USING btree ("hot_score" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pins_user_created_idx" ON "pins" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "system_notifications_user_created_idx" ON "system_notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "tracking_created_idx" ON "tracking_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_followee_created_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "invitations_sender_idx" ON "invitations" USING btree ("sender_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_provider_account_uq" ON "oauth_accounts" USING btree ("provider","provider_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_user_provider_uq" ON "oauth_accounts" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_lower_uq" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_uq" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_phone_uq" ON "users" USING btree ("mobile_phone_number");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "verification_target_idx" ON "verification_tokens" USING btree ("purpose","target","created_at" DESC NULLS FIRST);