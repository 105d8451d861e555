import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgInsertValue, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '@db/client.ts';
import { categories, entries, entrySearch, entryTags, tags } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';

export async function insertEntry(tx: Tx, values: PgInsertValue<typeof entries>) {
  await tx.insert(entries).values(values);
}

export async function updateEntryColumns(tx: Tx, id: string, values: PgUpdateSetSource<typeof entries>) {
  await tx.update(entries).set(values).where(eq(entries.id, id));
}

export async function deleteEntryRow(tx: Tx, id: string) {
  await tx.delete(entries).where(eq(entries.id, id));
}

/** Sets the recommended flag; the rows updated (none when the entry is gone). */
export function setEntryHot(tx: Tx, id: string, hot: boolean) {
  return tx.update(entries).set({ hot }).where(eq(entries.id, id)).returning({ id: entries.id });
}

/** The first entry sharing exactly this URL, found through entries_original_url_idx (md5). */
export async function selectEntryIdByUrl(db: Db, url: string): Promise<string | null> {
  const [row] = await db
    .select({ id: entries.id })
    .from(entries)
    .where(sql`md5(${entries.originalUrl}) = md5(${url}) and ${entries.originalUrl} = ${url}`)
    .orderBy(entries.createdAt)
    .limit(1);
  return row?.id ?? null;
}

/** The flags the share form edits that the entry's public shape does not carry. */
export async function selectEntryFlags(db: Db, id: string) {
  const [row] = await db
    .select({ isGfw: entries.isGfw, isEnglish: entries.isEnglish })
    .from(entries)
    .where(eq(entries.id, id))
    .limit(1);
  return row ?? null;
}

/** The entry row a write needs, locked for the rest of the transaction. */
export async function lockEntry(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: entries.id,
      userId: entries.userId,
      type: entries.type,
      categoryId: entries.categoryId,
      viewCount: entries.viewCount,
      createdAt: entries.createdAt,
    })
    .from(entries)
    .where(eq(entries.id, id))
    .limit(1)
    .for('update');
  return row ?? null;
}

export async function categoryExists(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  return row !== undefined;
}

export async function selectTagTitles(tx: Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return tx.select({ id: tags.id, title: tags.title }).from(tags).where(inArray(tags.id, ids));
}

export async function selectEntryTagIds(tx: Tx, entryId: string): Promise<string[]> {
  const rows = await tx.select({ tagId: entryTags.tagId }).from(entryTags).where(eq(entryTags.entryId, entryId));
  return rows.map((r) => r.tagId);
}

/** The entry's search row (its words and author); its hot score follows refreshEntryHotScore. */
export async function upsertEntrySearch(tx: Tx, values: { entryId: string; userId: string | null; searchVector: SQL }) {
  await tx
    .insert(entrySearch)
    .values(values)
    .onConflictDoUpdate({ target: entrySearch.entryId, set: { searchVector: values.searchVector } });
}

export async function addCategoryCount(tx: Tx, categoryId: string, delta: number) {
  await tx
    .update(categories)
    .set({ entriesCount: sql`${categories.entriesCount} + ${delta}` })
    .where(eq(categories.id, categoryId));
}

export async function addTagCounts(tx: Tx, tagIds: string[], delta: number) {
  if (tagIds.length === 0) return;
  await tx
    .update(tags)
    .set({ entriesCount: sql`${tags.entriesCount} + ${delta}` })
    .where(inArray(tags.id, tagIds));
}

export async function insertEntryTags(tx: Tx, entryId: string, tagIds: string[], entryCreatedAt: Date) {
  if (tagIds.length === 0) return;
  await tx
    .insert(entryTags)
    .values(tagIds.map((tagId) => ({ entryId, tagId, entryCreatedAt })))
    .onConflictDoNothing();
}

export async function deleteEntryTags(tx: Tx, entryId: string, tagIds: string[]) {
  if (tagIds.length === 0) return;
  await tx.delete(entryTags).where(and(eq(entryTags.entryId, entryId), inArray(entryTags.tagId, tagIds)));
}

/** Posts are column articles; every other type counts as a posted entry (db/seed/counters.ts). */
export async function addAuthorPostedCount(tx: Tx, userId: string, type: string, delta: number) {
  const column = type === 'post' ? users.postedPostsCount : users.postedEntriesCount;
  const key = type === 'post' ? 'postedPostsCount' : 'postedEntriesCount';
  await tx
    .update(users)
    .set({ [key]: sql`${column} + ${delta}` })
    .where(eq(users.id, userId));
}

/**
 * Before an entry row goes: every counter that counts rows its cascade removes (likes, views,
 * collection memberships, comments) is taken down by exactly what disappears.
 */
export async function releaseEntryCounters(tx: Tx, entryId: string, authorId: string | null) {
  // Likers' liked-entries counters and the author's be-liked counter.
  await tx.execute(sql`
    UPDATE users SET liked_entries_count = liked_entries_count - 1
    WHERE id IN (SELECT user_id FROM entry_likes WHERE entry_id = ${entryId})`);
  if (authorId) {
    await tx.execute(sql`
      UPDATE users SET
        be_liked_count = be_liked_count - (SELECT count(*) FROM entry_likes WHERE entry_id = ${entryId}),
        be_read_count = be_read_count - (SELECT view_count FROM entries WHERE id = ${entryId})
      WHERE id = ${authorId}`);
  }
  // Signed-in viewers' viewed-entries counters (one per distinct entry viewed).
  await tx.execute(sql`
    UPDATE users SET viewed_entries_count = greatest(viewed_entries_count - 1, 0)
    WHERE id IN (SELECT DISTINCT visitor_id FROM entry_views WHERE entry_id = ${entryId})`);
  // Collections holding the entry, and their owners' collected-entries counters.
  await tx.execute(sql`
    UPDATE users u SET collected_entries_count = u.collected_entries_count - held.n
    FROM (
      SELECT c.user_id, count(*) AS n FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id
      WHERE ce.entry_id = ${entryId} GROUP BY c.user_id
    ) held
    WHERE u.id = held.user_id`);
  await tx.execute(sql`
    UPDATE collections SET entry_count = entry_count - 1
    WHERE id IN (SELECT collection_id FROM collection_entries WHERE entry_id = ${entryId})`);
  // The entry's comments go with it; their authors' commented-entries counters drop by one.
  await tx.execute(sql`
    UPDATE users SET commented_entries_count = greatest(commented_entries_count - 1, 0)
    WHERE id IN (
      SELECT DISTINCT user_id FROM comments
      WHERE target_type = 'entry' AND target_id = ${entryId} AND NOT deleted AND user_id IS NOT NULL
    )`);
  await tx.execute(sql`DELETE FROM comments WHERE target_type = 'entry' AND target_id = ${entryId}`);
}
