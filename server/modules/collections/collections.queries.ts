import { and, asc, desc, eq, exists, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
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
import { newId } from '@core/ids.ts';
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
    .select({ id: collections.id, userId: collections.userId, entryCount: collections.entryCount })
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
    .where(eq(collectionEntries.collectionId, collectionId))
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
  await db.insert(trackingEvents).values({ id: newId(), ...row });
}
