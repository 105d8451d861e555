import { and, asc, desc, eq, exists, inArray, isNull, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { collectionHotScore } from '@db/ranking.ts';
import {
  collectionEntries,
  collectionFollows,
  collections,
  collectionTags,
  entries,
  entryTags,
  tags,
  trackingEvents,
  uploads,
  users,
} from '@db/schema/index.ts';
import { userBriefColumns } from '../users/users.service.ts';

type Executor = Db | Tx;

/** What a collection card or header shows, its author joined; `followed` for the viewer. */
function collectionColumns(viewerId: string | null) {
  return {
    id: collections.id,
    title: collections.title,
    description: collections.description,
    imageUrl: collections.imageUrl,
    maskColor: collections.maskColor,
    recommended: collections.recommended,
    followerCount: collections.followerCount,
    entryCount: collections.entryCount,
    createdAt: collections.createdAt,
    updatedAt: collections.updatedAt,
    userId: collections.userId,
    author: userBriefColumns,
    followed: viewerId
      ? sql<boolean>`exists (select 1 from ${collectionFollows} cf where cf.collection_id = ${collections.id} and cf.user_id = ${viewerId})`
      : sql<boolean>`false`,
  };
}

export type CollectionRow = Awaited<ReturnType<typeof selectCollectionsWhere>>[number];

export async function selectCollectionsWhere(
  db: Executor,
  viewerId: string | null,
  where: SQL | undefined,
  order: SQL[],
  page: { limit: number; offset: number },
) {
  return db
    .select(collectionColumns(viewerId))
    .from(collections)
    .innerJoin(users, eq(users.id, collections.userId))
    .where(where)
    .orderBy(...order)
    .limit(page.limit)
    .offset(page.offset);
}

export async function countCollectionsWhere(db: Executor, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(collections).where(where);
  return row?.n ?? 0;
}

export async function selectCollectionById(db: Executor, viewerId: string | null, id: string) {
  const [row] = await selectCollectionsWhere(db, viewerId, eq(collections.id, id), [], { limit: 1, offset: 0 });
  return row ?? null;
}

/** Locks the collection for a change of what it counts; null when it does not exist. */
export async function lockCollection(tx: Tx, id: string) {
  const [row] = await tx
    .select({
      id: collections.id,
      userId: collections.userId,
      entryCount: collections.entryCount,
      followerCount: collections.followerCount,
    })
    .from(collections)
    .where(eq(collections.id, id))
    .for('update');
  return row ?? null;
}

/** Locks users' rows in id order, so two transactions never wait on each other in a circle. */
export function tagFilter(tagTitle: string): SQL {
  return exists(
    sql`(select 1 from ${collectionTags} ct join ${tags} t on t.id = ct.tag_id where ct.collection_id = ${collections.id} and lower(t.title) = lower(${tagTitle}))`,
  );
}

export const orderNew = [desc(collections.createdAt), desc(collections.id)];
export const orderHot = [desc(collections.hotScore), desc(collections.id)];

export async function selectTagsOfCollections(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ collectionId: collectionTags.collectionId, id: tags.id, title: tags.title })
    .from(collectionTags)
    .innerJoin(tags, eq(tags.id, collectionTags.tagId))
    .where(inArray(collectionTags.collectionId, ids));
}

/** The tags most collections carry (SPEC §9: 6). */
export async function selectHotTags(db: Executor, count: number) {
  return db
    .select({ id: tags.id, title: tags.title, collectionCount: sql<number>`count(*)::int` })
    .from(collectionTags)
    .innerJoin(tags, eq(tags.id, collectionTags.tagId))
    .groupBy(tags.id, tags.title)
    .orderBy(desc(sql`count(*)`), asc(tags.title))
    .limit(count);
}

/** Entry ids of one collection: newest collected first, or by the entries' popularity. */
export async function selectCollectionEntryIds(
  db: Executor,
  collectionId: string,
  rankType: 'new' | 'hot',
  page: { limit: number; offset: number },
) {
  const rows = await db
    .select({ id: collectionEntries.entryId })
    .from(collectionEntries)
    .innerJoin(entries, eq(entries.id, collectionEntries.entryId))
    .where(and(eq(collectionEntries.collectionId, collectionId), isNull(entries.hiddenAt)))
    .orderBy(
      ...(rankType === 'hot'
        ? [desc(entries.hotScore), desc(entries.id)]
        : [desc(collectionEntries.createdAt), desc(collectionEntries.entryId)]),
    )
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => row.id);
}

/** Which of these collections hold the entry. */
export async function selectCollectionsHolding(db: Executor, collectionIds: string[], entryId: string) {
  if (collectionIds.length === 0) return new Set<string>();
  const rows = await db
    .select({ id: collectionEntries.collectionId })
    .from(collectionEntries)
    .where(and(eq(collectionEntries.entryId, entryId), inArray(collectionEntries.collectionId, collectionIds)));
  return new Set(rows.map((row) => row.id));
}

/** Which of these entries sit in any collection of the user. */
export async function selectEntriesInUserCollections(db: Executor, userId: string, entryIds: string[]) {
  if (entryIds.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ id: collectionEntries.entryId })
    .from(collectionEntries)
    .innerJoin(collections, eq(collections.id, collectionEntries.collectionId))
    .where(and(eq(collections.userId, userId), inArray(collectionEntries.entryId, entryIds)));
  return new Set(rows.map((row) => row.id));
}

export async function selectEntryBrief(db: Executor, id: string) {
  const [row] = await db
    .select({ id: entries.id, userId: entries.userId, collectionCount: entries.collectionCount })
    .from(entries)
    .where(eq(entries.id, id));
  return row ?? null;
}

/**
 * The entry being collected or let go, its row held (key share) until the transaction ends: a
 * hide or restore (which locks it for update) waits, so whether it is visible cannot change
 * under the collection's count. Taken before the collection's lock, in the order hiding takes them.
 */
export async function lockEntryBrief(tx: Tx, id: string) {
  const [row] = await tx
    .select({ id: entries.id, userId: entries.userId, hiddenAt: entries.hiddenAt })
    .from(entries)
    .where(eq(entries.id, id))
    .for('key share');
  return row ?? null;
}

export async function selectUpload(db: Executor, url: string) {
  const [row] = await db
    .select({
      id: uploads.id,
      userId: uploads.userId,
      purpose: uploads.purpose,
      storageKey: uploads.storageKey,
      url: uploads.url,
    })
    .from(uploads)
    .where(eq(uploads.url, url))
    .limit(1);
  return row ?? null;
}

/** The collection's tags: those of its entries (added ones kept; ones no entry carries any more dropped). */
export async function syncCollectionTags(tx: Tx, collectionId: string) {
  await tx.execute(sql`
    DELETE FROM ${collectionTags} ct WHERE ct.collection_id = ${collectionId}
      AND NOT EXISTS (
        SELECT 1 FROM ${collectionEntries} ce JOIN ${entryTags} et ON et.entry_id = ce.entry_id
        WHERE ce.collection_id = ${collectionId} AND et.tag_id = ct.tag_id)`);
  await tx.execute(sql`
    INSERT INTO ${collectionTags} (collection_id, tag_id)
    SELECT DISTINCT ${collectionId}, et.tag_id FROM ${collectionEntries} ce
      JOIN ${entryTags} et ON et.entry_id = ce.entry_id
    WHERE ce.collection_id = ${collectionId}
    ON CONFLICT DO NOTHING`);
}

export async function insertTrackingEvent(
  db: Executor,
  row: { action: string; target: string; value: string; userId: string; location: string },
) {
  await db.insert(trackingEvents).values(row);
}

/* ---- Filters and orders for selectCollectionsWhere ---- */

export const orderMostFollowed = [desc(collections.followerCount), desc(collections.id)];

/** The home list: recommended only, and/or tagged with a title. */
export function homeFilter(options: { recommendedOnly: boolean; tagTitle?: string }): SQL | undefined {
  return and(
    options.recommendedOnly ? eq(collections.recommended, true) : undefined,
    options.tagTitle ? tagFilter(options.tagTitle) : undefined,
  );
}

/** A person's collections, leaving out `except`. */
export function ownedBy(userId: string, except: string[] = []): SQL | undefined {
  return and(eq(collections.userId, userId), except.length ? notInArray(collections.id, except) : undefined);
}

export function idIn(ids: string[]): SQL {
  return inArray(collections.id, ids);
}

/** Collections holding the entry. */
export function holdsEntry(entryId: string): SQL {
  return sql`exists (select 1 from ${collectionEntries} ce where ce.collection_id = ${collections.id} and ce.entry_id = ${entryId})`;
}

/* ---- Writes ---- */

export async function insertCollection(tx: Tx, values: typeof collections.$inferInsert) {
  await tx.insert(collections).values(values);
}

export async function updateCollectionFields(
  db: Executor,
  id: string,
  fields: { title: string; description: string; imageUrl: string; maskColor: string },
) {
  await db
    .update(collections)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(collections.id, id));
}

export async function moveOwnedCollectionCount(tx: Tx, userId: string, step: 1 | -1) {
  await tx
    .update(users)
    .set({ collectionCount: sql`${users.collectionCount} + ${step}` })
    .where(eq(users.id, userId));
}

/** Deleting: every entry it held counts one collection fewer. */
/**
 * Locks the rows of the entries a collection holds, in id order, before the collection's own row:
 * hiding or deleting an entry locks the entry and then updates its collections, so the entries come
 * first (docs/decisions/021-collection-entry-lock-order.md).
 */
export async function lockEntriesOf(tx: Tx, collectionId: string) {
  await tx.execute(sql`
    SELECT id FROM ${entries}
    WHERE id IN (SELECT entry_id FROM ${collectionEntries} WHERE collection_id = ${collectionId})
    ORDER BY id FOR NO KEY UPDATE`);
}

export async function releaseEntriesOf(tx: Tx, collectionId: string) {
  await tx.execute(sql`
    UPDATE ${entries} SET collection_count = greatest(0, collection_count - 1)
    WHERE id IN (SELECT entry_id FROM ${collectionEntries} WHERE collection_id = ${collectionId})`);
}

export async function selectFollowerIds(tx: Tx, collectionId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: collectionFollows.userId })
    .from(collectionFollows)
    .where(eq(collectionFollows.collectionId, collectionId));
  return rows.map((row) => row.id);
}

/** Deleting: each follower follows one collection fewer. */
export async function releaseFollowersOf(tx: Tx, followerIds: string[]) {
  if (followerIds.length === 0) return;
  await tx
    .update(users)
    .set({ followedCollectionCount: sql`greatest(0, ${users.followedCollectionCount} - 1)` })
    .where(inArray(users.id, followerIds));
}

/**
 * Deleting: the owner has one collection and its entries fewer (every row, hidden entries too:
 * the owner's collected count keeps them, while the collection's entry_count does not).
 */
export async function releaseOwnerCounters(tx: Tx, ownerId: string, collectionId: string) {
  const held = sql`(SELECT count(*) FROM ${collectionEntries} WHERE collection_id = ${collectionId})`;
  await tx
    .update(users)
    .set({
      collectionCount: sql`greatest(0, ${users.collectionCount} - 1)`,
      collectedEntriesCount: sql`greatest(0, ${users.collectedEntriesCount} - ${held})`,
    })
    .where(eq(users.id, ownerId));
}

export async function deleteCollectionRow(tx: Tx, id: string) {
  await tx.delete(collections).where(eq(collections.id, id));
}

/** Adds or removes the follow; true when a row did change. */
export async function toggleCollectionFollow(tx: Tx, userId: string, collectionId: string, follow: boolean) {
  const changed = follow
    ? await tx
        .insert(collectionFollows)
        .values({ userId, collectionId })
        .onConflictDoNothing()
        .returning({ id: collectionFollows.userId })
    : await tx
        .delete(collectionFollows)
        .where(and(eq(collectionFollows.userId, userId), eq(collectionFollows.collectionId, collectionId)))
        .returning({ id: collectionFollows.userId });
  return changed.length > 0;
}

/** Moves the follower count; returns the new count. */
export async function moveFollowerCount(tx: Tx, collectionId: string, step: 1 | -1): Promise<number> {
  const [row] = await tx
    .update(collections)
    .set({ followerCount: sql`${collections.followerCount} + ${step}` })
    .where(eq(collections.id, collectionId))
    .returning({ followerCount: collections.followerCount });
  return row?.followerCount ?? 0;
}

export async function moveFollowedCollectionCount(tx: Tx, userId: string, step: 1 | -1) {
  await tx
    .update(users)
    .set({ followedCollectionCount: sql`${users.followedCollectionCount} + ${step}` })
    .where(eq(users.id, userId));
}

/** Adds or removes the entry; true when a row did change. */
export async function toggleCollectionEntry(tx: Tx, collectionId: string, entryId: string, add: boolean) {
  const changed = add
    ? await tx
        .insert(collectionEntries)
        .values({ collectionId, entryId })
        .onConflictDoNothing()
        .returning({ id: collectionEntries.entryId })
    : await tx
        .delete(collectionEntries)
        .where(and(eq(collectionEntries.collectionId, collectionId), eq(collectionEntries.entryId, entryId)))
        .returning({ id: collectionEntries.entryId });
  return changed.length > 0;
}

export async function moveCollectionEntryCount(tx: Tx, collectionId: string, step: 1 | -1) {
  await tx
    .update(collections)
    .set({ entryCount: sql`${collections.entryCount} + ${step}`, updatedAt: new Date() })
    .where(eq(collections.id, collectionId));
}

/**
 * An entry hidden (-1) or restored (+1): every collection holding it counts one visible entry
 * fewer or more, and its hot score (which weighs that count) follows.
 */
export async function moveEntryCountOfCollectionsHolding(tx: Tx, entryId: string, step: 1 | -1) {
  const holding = tx
    .select({ id: collectionEntries.collectionId })
    .from(collectionEntries)
    .where(eq(collectionEntries.entryId, entryId));
  await tx
    .update(collections)
    .set({ entryCount: sql`${collections.entryCount} + ${step}` })
    .where(inArray(collections.id, holding));
  await tx.update(collections).set({ hotScore: collectionHotScore }).where(inArray(collections.id, holding));
}

export async function moveEntryCollectionCount(tx: Tx, entryId: string, step: 1 | -1) {
  await tx
    .update(entries)
    .set({ collectionCount: sql`${entries.collectionCount} + ${step}` })
    .where(eq(entries.id, entryId));
}

export async function moveCollectedEntriesCount(tx: Tx, userId: string, step: 1 | -1) {
  await tx
    .update(users)
    .set({ collectedEntriesCount: sql`${users.collectedEntriesCount} + ${step}` })
    .where(eq(users.id, userId));
}

/** The collection's entry count and the entry's collection count, after a collect. */
export async function selectCollectCounts(tx: Tx, collectionId: string, entryId: string) {
  const [row] = await tx
    .select({ entryCount: collections.entryCount, collectionCount: entries.collectionCount })
    .from(collections)
    .innerJoin(entries, eq(entries.id, entryId))
    .where(eq(collections.id, collectionId));
  return row;
}

/* ---- Counters read for lists ---- */

/** A person's own and followed collection counters; undefined for an unknown person. */
export async function selectUserCollectionCounts(db: Executor, userId: string) {
  const [row] = await db
    .select({ own: users.collectionCount, followed: users.followedCollectionCount })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function selectCollectionCounts(db: Executor, collectionId: string) {
  const [row] = await db
    .select({ followerCount: collections.followerCount, entryCount: collections.entryCount })
    .from(collections)
    .where(eq(collections.id, collectionId));
  return row;
}

/** The collections a person follows, latest followed first. */
export async function selectFollowedCollectionIds(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<string[]> {
  const rows = await db
    .select({ id: collectionFollows.collectionId })
    .from(collectionFollows)
    .where(eq(collectionFollows.userId, userId))
    .orderBy(desc(collectionFollows.createdAt), desc(collectionFollows.collectionId))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => row.id);
}

/** Recomputes a collection's hot score (db/ranking.ts) after its follower or entry count moved. */
export async function refreshCollectionHotScore(tx: Tx, collectionId: string) {
  await tx.update(collections).set({ hotScore: collectionHotScore }).where(eq(collections.id, collectionId));
}
