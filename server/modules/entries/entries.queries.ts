import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  ne,
  notInArray,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import {
  type AnyPgColumn,
  alias,
  type PgInsertValue,
  type PgTable,
  type PgUpdateSetSource,
  union,
} from 'drizzle-orm/pg-core';
import type { EntrySort } from '@core/constants.ts';
import { type Db, type Tx, rowsOf } from '@db/client.ts';
import { entryHotScore } from '@db/ranking.ts';
import {
  categories,
  categoryEntryCounts,
  entries,
  entryLikes,
  entrySearch,
  entryTags,
  tagSubscriptions,
  tags,
  type EntryType,
} from '@db/schema/content.ts';
import { collectionEntries, collections } from '@db/schema/social.ts';
import { follows, users } from '@db/schema/users.ts';
import { type Cursor, type CursorValue, keysetBefore } from '../../http/cursor.ts';
import { entryNotMutedBy } from '../mutes/mutes.service.ts';
import type { TagBrief } from '../tags/tags.service.ts';
import { userBriefColumns } from '../users/users.service.ts';

export const entryListColumns = {
  id: entries.id,
  userId: entries.userId,
  type: entries.type,
  title: entries.title,
  abstract: entries.abstract,
  originalUrl: entries.originalUrl,
  screenshot: entries.screenshot,
  categoryId: entries.categoryId,
  isOriginal: entries.isOriginal,
  hot: entries.hot,
  hotScore: entries.hotScore,
  likeCount: entries.likeCount,
  commentCount: entries.commentCount,
  viewCount: entries.viewCount,
  collectionCount: entries.collectionCount,
  readingMinutes: entries.readingMinutes,
  latestCommentAt: entries.latestCommentAt,
  createdAt: entries.createdAt,
  updatedAt: entries.updatedAt,
};

export type EntryListRow = Awaited<ReturnType<typeof selectEntryPage>>[number];

/** The order column of each sort; the id breaks ties. Each pair is served by an index (db/schema/content.ts). */
function sortColumn(sort: EntrySort) {
  switch (sort) {
    case 'newest':
      return entries.createdAt;
    case 'popular':
      return entries.hotScore;
    case 'comment':
      return entries.latestCommentAt;
    case 'hottest':
    case 'weeklyHottest':
    case 'monthlyHottest':
      return entries.likeCount;
  }
}

const PERIOD_DAYS: Partial<Record<EntrySort, number>> = { weeklyHottest: 7, monthlyHottest: 30 };

/** The value a row contributes to the cursor for a sort. */
export function cursorValueOf(row: EntryListRow, sort: EntrySort): CursorValue {
  switch (sort) {
    case 'newest':
      return row.createdAt.getTime();
    case 'popular':
      return row.hotScore;
    case 'comment':
      // The comment sort lists only entries with comments (selectEntryPage), so the date is set.
      return row.latestCommentAt?.getTime() ?? 0;
    default:
      return row.likeCount;
  }
}

function afterCursor(sort: EntrySort, cursor: Cursor | null): SQL | undefined {
  return keysetBefore(
    sortColumn(sort),
    entries.id,
    cursor,
    sort === 'newest' || sort === 'comment' ? 'time' : 'number',
  );
}

export interface EntryPageQuery {
  sort: EntrySort;
  categoryId?: string;
  type?: EntryType;
  userId?: string;
  cursor: Cursor | null;
  limit: number;
  now: Date;
  /** The signed-in viewer whose mutes hide entries (entryNotMutedBy, mutes module). */
  viewerId?: string | null;
}

/** The conditions of one keyset page over `entries`, whatever the table the rows are read through. */
function pageConditions(q: EntryPageQuery): SQL[] {
  // Hidden by a moderator: out of every list (its author still reads it on its page).
  const where: SQL[] = [isNull(entries.hiddenAt)];
  const visible = entryNotMutedBy(q.viewerId);
  if (visible) where.push(visible);
  if (q.categoryId) where.push(eq(entries.categoryId, q.categoryId));
  if (q.type) where.push(eq(entries.type, q.type));
  if (q.userId) where.push(eq(entries.userId, q.userId));
  if (q.sort === 'comment') where.push(isNotNull(entries.latestCommentAt));
  const since = periodStart(q);
  if (since) where.push(gte(entries.createdAt, since));
  const after = afterCursor(q.sort, q.cursor);
  if (after) where.push(after);
  return where;
}

function periodStart(q: Pick<EntryPageQuery, 'sort' | 'now'>): Date | null {
  const days = PERIOD_DAYS[q.sort];
  return days ? new Date(q.now.getTime() - days * 86_400_000) : null;
}

export async function selectEntryPage(db: Db, q: EntryPageQuery & { tagId?: string; offset?: number }) {
  const where = pageConditions(q);
  if (q.tagId) {
    where.push(
      sql`exists (select 1 from ${entryTags} where ${entryTags.entryId} = ${entries.id} and ${entryTags.tagId} = ${q.tagId})`,
    );
  }
  return db
    .select(entryListColumns)
    .from(entries)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(sortColumn(q.sort)), desc(entries.id))
    .offset(q.offset ?? 0)
    .limit(q.limit);
}

/**
 * Below this many entries a tag's sorted pages read all of the tag's entries and sort them;
 * above it they walk the site-wide sort index and keep the tag's rows. Reading a tag costs about
 * its entry count; walking costs about limit × (all entries / tag entries) probes, so the
 * crossover sits near √(limit × entries): ≈ 4,500 at 1M entries and 20 a page.
 */
export const TAG_GATHER_MAX = 5000;

/** The visible entries among `ids` (a subquery of entry ids), as list rows, newest first. */
function selectVisibleEntriesIn(db: Db, ids: SQLWrapper) {
  return db
    .select(entryListColumns)
    .from(entries)
    .where(and(inArray(entries.id, ids), isNull(entries.hiddenAt)))
    .orderBy(desc(entries.createdAt), desc(entries.id));
}

/**
 * One keyset page of a tag's entries (SPEC §7.3 get_tag_entry, the /tag/{title} page), in any of
 * the six sorts. Newest pages and the last week or month are index ranges of entry_tags
 * (entry_tags_tag_created_idx); the other sorts read the tag's rows when it is small and walk the
 * sort's index when it is large (TAG_GATHER_MAX).
 */
export async function selectTagEntryPage(
  db: Db,
  q: EntryPageQuery & { tagId: string; tagEntryCount: number; offset?: number },
) {
  const offset = q.offset ?? 0;
  // Newest of the tag alone is one index range; narrowed by category or type it joins entries below.
  if (q.sort === 'newest' && !q.categoryId && !q.type) {
    const where: SQL[] = [eq(entryTags.tagId, q.tagId)];
    const after = keysetBefore(entryTags.entryCreatedAt, entryTags.entryId, q.cursor);
    if (after) where.push(after);
    const visible = entryNotMutedBy(q.viewerId, { entryId: entryTags.entryId });
    if (visible) where.push(visible);
    const newest = db
      .select({ id: entryTags.entryId })
      .from(entryTags)
      .where(and(...where))
      .orderBy(desc(entryTags.entryCreatedAt), desc(entryTags.entryId))
      .offset(offset)
      .limit(q.limit);
    return selectVisibleEntriesIn(db, newest);
  }
  const since = periodStart(q);
  if (!since && q.tagEntryCount > TAG_GATHER_MAX) return selectEntryPage(db, q);
  const where = [eq(entryTags.tagId, q.tagId), ...pageConditions(q)];
  if (since) where.push(gte(entryTags.entryCreatedAt, since));
  return db
    .select(entryListColumns)
    .from(entryTags)
    .innerJoin(entries, eq(entries.id, entryTags.entryId))
    .where(and(...where))
    .orderBy(desc(sortColumn(q.sort)), desc(entries.id))
    .offset(offset)
    .limit(q.limit);
}

/**
 * One lateral branch of a fan-in feed: the `limit` newest (id, createdAt) of `from` before the
 * cursor that meet `where`, newest first, as the subquery `name`.
 */
function newestCandidates(
  db: Db,
  name: string,
  b: {
    from: PgTable;
    id: AnyPgColumn;
    createdAt: AnyPgColumn;
    where: SQL | undefined;
    cursor: Cursor | null;
    limit: number;
  },
) {
  return db
    .select({ id: b.id, createdAt: b.createdAt })
    .from(b.from)
    .where(and(b.where, keysetBefore(b.createdAt, b.id, b.cursor)))
    .orderBy(desc(b.createdAt), desc(b.id))
    .limit(b.limit)
    .as(name);
}

/**
 * The 我关注的 feed: newest entries written by people the viewer follows or carrying a tag the
 * viewer subscribes to. Fan-in rather than one filtered scan of all entries: for each followee
 * (entries_user_created_idx) and each subscribed tag (entry_tags_tag_created_idx) a lateral
 * index range yields at most `limit` candidates, so the cost grows with what the viewer follows,
 * not with the size of the site. The union removes entries reached both ways.
 */
export async function selectFollowingEntryPage(db: Db, q: { viewerId: string; cursor: Cursor | null; limit: number }) {
  const authored = alias(entries, 'authored');
  // Muted content is dropped inside each branch, so every branch still yields `limit` candidates.
  const byFollowee = newestCandidates(db, 'by_followee', {
    from: authored,
    id: authored.id,
    createdAt: authored.createdAt,
    where: and(
      eq(authored.userId, follows.followeeId),
      entryNotMutedBy(q.viewerId, { entryId: authored.id, userId: authored.userId }),
    ),
    cursor: q.cursor,
    limit: q.limit,
  });
  const byTag = newestCandidates(db, 'by_tag', {
    from: entryTags,
    id: entryTags.entryId,
    createdAt: entryTags.entryCreatedAt,
    where: and(
      eq(entryTags.tagId, tagSubscriptions.tagId),
      entryNotMutedBy(q.viewerId, { entryId: entryTags.entryId }),
    ),
    cursor: q.cursor,
    limit: q.limit,
  });
  const candidates = union(
    db
      .select({ id: byFollowee.id, createdAt: byFollowee.createdAt })
      .from(follows)
      .crossJoinLateral(byFollowee)
      .where(eq(follows.followerId, q.viewerId)),
    db
      .select({ id: byTag.id, createdAt: byTag.createdAt })
      .from(tagSubscriptions)
      .crossJoinLateral(byTag)
      .where(eq(tagSubscriptions.userId, q.viewerId)),
  ).as('candidates');
  const newest = db
    .select({ id: candidates.id })
    .from(candidates)
    .orderBy(desc(candidates.createdAt), desc(candidates.id))
    .limit(q.limit);
  return selectVisibleEntriesIn(db, newest);
}

/** Newest entries of a category other than the one being read (entries_category_created_idx). */
export async function selectRelatedEntries(
  db: Db,
  q: { categoryId: string; excludeId: string; limit: number; viewerId?: string | null },
) {
  return db
    .select(entryListColumns)
    .from(entries)
    .where(
      and(
        eq(entries.categoryId, q.categoryId),
        ne(entries.id, q.excludeId),
        isNull(entries.hiddenAt),
        entryNotMutedBy(q.viewerId),
      ),
    )
    .orderBy(desc(entries.createdAt), desc(entries.id))
    .limit(q.limit);
}

export async function selectEntryById(db: Db, id: string) {
  const [row] = await db
    .select({
      ...entryListColumns,
      content: entries.content,
      contentHtml: entries.contentHtml,
      hiddenAt: entries.hiddenAt,
    })
    .from(entries)
    .where(eq(entries.id, id))
    .limit(1);
  return row ?? null;
}

/** Visible entries by id; with `withHiddenOf`, that author's hidden ones too, with the hidden mark. */
export async function selectEntriesByIds(db: Db, ids: string[], withHiddenOf: string | null = null) {
  if (ids.length === 0) return [];
  const visible = isNull(entries.hiddenAt);
  return db
    .select({ ...entryListColumns, hiddenAt: entries.hiddenAt, hiddenReason: entries.hiddenReason })
    .from(entries)
    .where(and(inArray(entries.id, ids), withHiddenOf ? or(visible, eq(entries.userId, withHiddenOf)) : visible));
}

/**
 * The viewer's marks on a page of entries in one round trip (the overlay on a shared feed page):
 * which of them they liked and which they collected. Both read by (user, entry) indexes.
 */
export async function selectViewerMarks(
  db: Db,
  userId: string,
  entryIds: string[],
): Promise<{ liked: Set<string>; collected: Set<string> }> {
  const liked = new Set<string>();
  const collected = new Set<string>();
  if (entryIds.length === 0) return { liked, collected };
  // Raw SQL: this runs on every signed-in feed page, and the query builder cost more than the query.
  const ids = sql`array[${sql.join(
    entryIds.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[]`;
  const result = await db.execute(sql`
    select ${entryLikes.entryId} as id, false as collected from ${entryLikes}
    where ${entryLikes.userId} = ${userId} and ${entryLikes.entryId} = any(${ids})
    union all
    select ${collectionEntries.entryId}, true from ${collectionEntries}
    join ${collections} on ${collections.id} = ${collectionEntries.collectionId}
    where ${collections.userId} = ${userId} and ${collectionEntries.entryId} = any(${ids})`);
  for (const row of rowsOf<{ id: string; collected: boolean }>(result)) (row.collected ? collected : liked).add(row.id);
  return { liked, collected };
}

/**
 * What a list shows around each entry, in one round trip: the author (null when gone), the tags
 * and whether the viewer liked it.
 */
export async function selectEntryDecorations(db: Db, entryIds: string[], viewerId: string | null) {
  if (entryIds.length === 0) return [];
  return db
    .select({
      id: entries.id,
      user: userBriefColumns,
      tags: sql<TagBrief[]>`coalesce((
        select json_agg(json_build_object('id', ${tags.id}, 'title', ${tags.title}, 'icon', ${tags.icon}) order by ${tags.title})
        from ${entryTags} join ${tags} on ${tags.id} = ${entryTags.tagId}
        where ${entryTags.entryId} = ${entries.id}), '[]'::json)`,
      liked: viewerId
        ? sql<boolean>`exists (select 1 from ${entryLikes} where ${entryLikes.userId} = ${viewerId} and ${entryLikes.entryId} = ${entries.id})`
        : sql<boolean>`false`,
      collected: viewerId
        ? sql<boolean>`exists (select 1 from ${collectionEntries} join ${collections} on ${collections.id} = ${collectionEntries.collectionId}
            where ${collectionEntries.entryId} = ${entries.id} and ${collections.userId} = ${viewerId})`
        : sql<boolean>`false`,
    })
    .from(entries)
    .leftJoin(users, eq(users.id, entries.userId))
    .where(inArray(entries.id, entryIds));
}

/**
 * SPEC §7.3 get_related_entry's related collection(s): the most followed collections that hold
 * the entry (collection_entries_entry_idx), else the author's own (collections_user_created_idx).
 */
export async function selectRelatedCollections(db: Db, q: { entryId: string; authorId: string | null; limit: number }) {
  const columns = {
    id: collections.id,
    title: collections.title,
    description: collections.description,
    imageUrl: collections.imageUrl,
    maskColor: collections.maskColor,
    followerCount: collections.followerCount,
    entryCount: collections.entryCount,
    userId: collections.userId,
  };
  const holding = await db
    .select(columns)
    .from(collectionEntries)
    .innerJoin(collections, eq(collections.id, collectionEntries.collectionId))
    .where(eq(collectionEntries.entryId, q.entryId))
    .orderBy(desc(collections.followerCount), desc(collections.id))
    .limit(q.limit);
  if (holding.length >= q.limit || !q.authorId) return holding;
  const seen = holding.map((row) => row.id);
  const own = await db
    .select(columns)
    .from(collections)
    .where(and(eq(collections.userId, q.authorId), seen.length ? notInArray(collections.id, seen) : undefined))
    .orderBy(desc(collections.followerCount), desc(collections.id))
    .limit(q.limit - holding.length);
  return [...holding, ...own];
}

/** The entries of a category and/or type (or all), or only the commented ones, from the counters. */
export async function selectCountedEntryTotal(
  db: Db,
  q: { categoryId?: string; type?: EntryType; commentedOnly: boolean },
): Promise<number> {
  const counted = q.commentedOnly ? categoryEntryCounts.commentedCount : categoryEntryCounts.entriesCount;
  const where: SQL[] = [];
  if (q.categoryId) where.push(eq(categoryEntryCounts.categoryId, q.categoryId));
  if (q.type) where.push(eq(categoryEntryCounts.type, q.type));
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${counted}), 0)::int` })
    .from(categoryEntryCounts)
    .where(where.length ? and(...where) : undefined);
  return row?.total ?? 0;
}

/**
 * Counts the entries that no counter covers, over an index range: a tag's rows
 * (entry_tags_tag_created_idx), an author's (entries_user_created_idx), or the last week or
 * month (entries_created_idx and its category and type variants), narrowed by the rest.
 */
export async function countEntries(
  db: Db,
  q: {
    categoryId?: string;
    type?: EntryType;
    tagId?: string;
    userId?: string;
    since: Date | null;
    commentedOnly: boolean;
  },
): Promise<number> {
  const where: SQL[] = [];
  if (q.categoryId) where.push(eq(entries.categoryId, q.categoryId));
  if (q.type) where.push(eq(entries.type, q.type));
  if (q.userId) where.push(eq(entries.userId, q.userId));
  if (q.commentedOnly) where.push(isNotNull(entries.latestCommentAt));
  if (q.tagId) {
    where.push(eq(entryTags.tagId, q.tagId));
    if (q.since) where.push(gte(entryTags.entryCreatedAt, q.since));
    const [row] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(entryTags)
      .innerJoin(entries, eq(entries.id, entryTags.entryId))
      .where(and(...where));
    return row?.total ?? 0;
  }
  if (q.since) where.push(gte(entries.createdAt, q.since));
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(entries)
    .where(where.length ? and(...where) : undefined);
  return row?.total ?? 0;
}

/** The author counters that give a user's entry lists their total; null for an unknown user. */
export async function selectAuthorCounts(db: Db, userId: string) {
  const [row] = await db
    .select({ postedEntriesCount: users.postedEntriesCount, postedPostsCount: users.postedPostsCount })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/* ---- Writes: publish, edit, delete, recommend ---- */

/** The search vector of already tokenised text (server/adapters/tokenizer.ts), as stored in entry_search. */
export function searchVectorOf(text: string): SQL {
  return sql`to_tsvector('simple', ${text})`;
}

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
      latestCommentAt: entries.latestCommentAt,
      viewCount: entries.viewCount,
      hiddenAt: entries.hiddenAt,
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

/** A hidden entry leaves search (entries.service moveEntryVisibility). */
export async function deleteEntrySearch(tx: Tx, entryId: string) {
  await tx.delete(entrySearch).where(eq(entrySearch.entryId, entryId));
}

/** The words a search row is built from. */
export async function selectEntrySearchSource(tx: Tx, entryId: string) {
  const [row] = await tx
    .select({ title: entries.title, abstract: entries.abstract, content: entries.content })
    .from(entries)
    .where(eq(entries.id, entryId));
  return row ?? null;
}

/** The entry's search row (its words and author); its hot score follows refreshEntryHotScore. */
export async function upsertEntrySearch(tx: Tx, values: { entryId: string; userId: string | null; searchVector: SQL }) {
  await tx
    .insert(entrySearch)
    .values(values)
    .onConflictDoUpdate({ target: entrySearch.entryId, set: { searchVector: values.searchVector } });
}

/** Where an entry is counted: its category, its type, and whether it has a comment. */
export interface EntryCountKey {
  categoryId: string;
  type: EntryType;
  commented: boolean;
}

/** Moves the category's entry count and its per-type counts (categoryEntryCounts) by delta. */
export async function addCategoryCount(tx: Tx, key: EntryCountKey, delta: number) {
  await tx
    .update(categories)
    .set({ entriesCount: sql`${categories.entriesCount} + ${delta}` })
    .where(eq(categories.id, key.categoryId));
  await addCategoryTypeCounts(tx, key, { entries: delta, commented: key.commented ? delta : 0 });
}

/** The per-category-and-type counters; a missing row starts from zero. */
export async function addCategoryTypeCounts(
  tx: Tx,
  key: Pick<EntryCountKey, 'categoryId' | 'type'>,
  delta: { entries: number; commented: number },
) {
  if (delta.entries === 0 && delta.commented === 0) return;
  await tx
    .insert(categoryEntryCounts)
    .values({
      categoryId: key.categoryId,
      type: key.type,
      entriesCount: delta.entries,
      commentedCount: delta.commented,
    })
    .onConflictDoUpdate({
      target: [categoryEntryCounts.categoryId, categoryEntryCounts.type],
      set: {
        entriesCount: sql`${categoryEntryCounts.entriesCount} + ${delta.entries}`,
        commentedCount: sql`${categoryEntryCounts.commentedCount} + ${delta.commented}`,
      },
    });
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

/** Everyone whose counters an entry's removal moves: likers, signed-in viewers, collectors, commenters. */
export async function selectEntryPeople(tx: Tx, entryId: string): Promise<string[]> {
  const result = await tx.execute<{ id: string }>(sql`
    SELECT user_id AS id FROM entry_likes WHERE entry_id = ${entryId}
    UNION SELECT visitor_id FROM entry_views WHERE entry_id = ${entryId} AND visitor_id NOT LIKE 's:%'
    UNION SELECT c.user_id FROM collection_entries ce JOIN collections c ON c.id = ce.collection_id WHERE ce.entry_id = ${entryId}
    UNION SELECT user_id FROM comments WHERE target_type = 'entry' AND target_id = ${entryId} AND user_id IS NOT NULL`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: Array<{ id: string }> }).rows;
  return rows.map((row) => row.id);
}

/** The liked-entries counters of everyone who liked the entry (the 赞 tab counts visible entries). */
export async function addLikerCounts(tx: Tx, entryId: string, delta: number) {
  await tx.execute(sql`
    UPDATE users SET liked_entries_count = liked_entries_count + ${delta}
    WHERE id IN (SELECT user_id FROM entry_likes WHERE entry_id = ${entryId})`);
}

/** Who liked the entry (to lock their rows first). */
export async function selectEntryLikerIds(tx: Tx, entryId: string): Promise<string[]> {
  const rows = await tx.select({ id: entryLikes.userId }).from(entryLikes).where(eq(entryLikes.entryId, entryId));
  return rows.map((r) => r.id);
}

/**
 * Before an entry row goes: every counter that counts rows its cascade removes (likes, views,
 * collection memberships, comments) is taken down by exactly what disappears.
 */
export async function releaseEntryCounters(tx: Tx, entryId: string, authorId: string | null, hidden = false) {
  // Likers' liked-entries counters (a hidden entry's likes already left them) and the author's be-liked counter.
  if (!hidden) await addLikerCounts(tx, entryId, -1);
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
  // Their entry_count counts visible entries: a hidden entry already left it.
  if (!hidden) {
    await tx.execute(sql`
      UPDATE collections SET entry_count = entry_count - 1
      WHERE id IN (SELECT collection_id FROM collection_entries WHERE entry_id = ${entryId})`);
  }
  // The entry's comments go with it; their authors' commented-entries counters drop by one.
  await tx.execute(sql`
    UPDATE users SET commented_entries_count = greatest(commented_entries_count - 1, 0)
    WHERE id IN (
      SELECT DISTINCT user_id FROM comments
      WHERE target_type = 'entry' AND target_id = ${entryId} AND NOT deleted AND user_id IS NOT NULL
    )`);
  await tx.execute(sql`DELETE FROM comments WHERE target_type = 'entry' AND target_id = ${entryId}`);
}

/**
 * Recomputes an entry's hot score (db/ranking.ts) and copies it to its search row (search's copy,
 * docs/performance.md). Returns the entry's counts; none when the entry is gone.
 */
export async function refreshEntryHotScore(tx: Tx, entryId: string) {
  const [row] = await tx
    .update(entries)
    .set({ hotScore: entryHotScore })
    .where(eq(entries.id, entryId))
    .returning({ hotScore: entries.hotScore, likeCount: entries.likeCount, viewCount: entries.viewCount });
  if (row) await tx.update(entrySearch).set({ hotScore: row.hotScore }).where(eq(entrySearch.entryId, entryId));
  return row;
}
