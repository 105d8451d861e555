CREATE TABLE "notification_actors" (
	"user_id" varchar(24) NOT NULL,
	"type" varchar(20) NOT NULL,
	"target_id" varchar(24) NOT NULL,
	"actor_id" varchar(24) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_actors_user_id_type_target_id_actor_id_pk" PRIMARY KEY("user_id","type","target_id","actor_id")
);
--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_actors" ADD CONSTRAINT "notification_actors_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
INSERT INTO "notification_actors" ("user_id", "type", "target_id", "actor_id", "created_at")
SELECT n."user_id", n."type",
  CASE n."type"
    WHEN 'like_entry' THEN n."entry_id" WHEN 'collect_entry' THEN n."entry_id"
    WHEN 'like_pin' THEN n."pin_id" WHEN 'like_comment' THEN n."comment_id"
    WHEN 'follow_collection' THEN n."collection_id" ELSE ''
  END,
  a."actor_id", min(n."created_at")
FROM "notifications" n
CROSS JOIN LATERAL jsonb_array_elements_text(n."actor_ids") AS a("actor_id")
JOIN "users" u ON u."id" = a."actor_id"
WHERE n."type" IN ('follow', 'like_entry', 'like_pin', 'like_comment', 'follow_collection', 'collect_entry')
  AND (n."type" = 'follow' OR coalesce(n."entry_id", n."pin_id", n."comment_id", n."collection_id") IS NOT NULL)
GROUP BY 1, 2, 3, 4
ON CONFLICT DO NOTHING;
