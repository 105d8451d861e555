-- A collection's entry_count counts visible entries only (issue 16): recount it once; from here on
-- hide and restore move it in their own transaction. (Hot scores catch up at each collection's
-- next change: the formula lives in db/ranking.ts only.)
UPDATE "collections" c SET "entry_count" = (
	SELECT count(*) FROM "collection_entries" ce JOIN "entries" e ON e."id" = ce."entry_id"
	WHERE ce."collection_id" = c."id" AND e."hidden_at" IS NULL
);
