import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { categories, tagSubscriptions, tags } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';

export async function selectCategories(db: Db) {
  return db
    .select({
      id: categories.id,
      name: categories.name,
      title: categories.title,
      entriesCount: categories.entriesCount,
    })
    .from(categories)
    .orderBy(asc(categories.position));
}

/** The categories one of whose tags the user subscribes to. */
export async function selectSubscribedCategoryIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ id: tags.categoryId })
    .from(tagSubscriptions)
    .innerJoin(tags, eq(tags.id, tagSubscriptions.tagId))
    .where(and(eq(tagSubscriptions.userId, userId), sql`${tags.categoryId} is not null`));
  return rows.map((row) => row.id).filter((id): id is string => id !== null);
}

export const tagColumns = {
  id: tags.id,
  title: tags.title,
  icon: tags.icon,
  entriesCount: tags.entriesCount,
  subscribersCount: tags.subscribersCount,
  createdAt: tags.createdAt,
  updatedAt: tags.updatedAt,
};

export type TagRow = { [K in keyof typeof tagColumns]: (typeof tagColumns)[K]['_']['data'] };

export type TagOrder = 'hot' | 'new';

/** hot: most subscribers first (tags_hot_idx); new: newest first (tags_new_idx); the id breaks ties. */
function tagOrder(order: TagOrder) {
  return order === 'hot' ? [desc(tags.subscribersCount), desc(tags.id)] : [desc(tags.createdAt), desc(tags.id)];
}

/** Whether the viewer subscribes to the tag, as a column (false for visitors). */
function subscribedColumn(viewerId: string | null) {
  return viewerId
    ? sql<boolean>`exists (select 1 from ${tagSubscriptions} where ${tagSubscriptions.userId} = ${viewerId} and ${tagSubscriptions.tagId} = ${tags.id})`
    : sql<boolean>`false`;
}

/** Escapes LIKE's wildcards so a search for "c_" looks for those two characters. */
function likePattern(query: string) {
  return `%${query.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A page of tags, optionally those whose title contains `query`, with the total that matches. */
export interface TagPageQuery {
  order: TagOrder;
  query?: string;
  categoryId?: string;
  excludeSubscribedBy?: string;
  offset: number;
  limit: number;
  viewerId: string | null;
}

export async function selectTagPage(db: Db, q: TagPageQuery) {
  const where: SQL[] = [];
  if (q.query) where.push(sql`lower(${tags.title}) like ${likePattern(q.query)}`);
  if (q.categoryId) where.push(eq(tags.categoryId, q.categoryId));
  if (q.excludeSubscribedBy) {
    where.push(
      sql`not exists (select 1 from ${tagSubscriptions} where ${tagSubscriptions.userId} = ${q.excludeSubscribedBy} and ${tagSubscriptions.tagId} = ${tags.id})`,
    );
  }
  const condition = where.length ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({ ...tagColumns, subscribed: subscribedColumn(q.viewerId) })
      .from(tags)
      .where(condition)
      .orderBy(...tagOrder(q.order))
      .offset(q.offset)
      .limit(q.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(tags).where(condition),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The tags a user subscribes to, latest subscription first (tag_subscriptions_user_created_idx). */
export async function selectSubscribedTags(
  db: Db,
  q: { userId: string; offset: number; limit: number; viewerId: string | null },
) {
  return db
    .select({ ...tagColumns, subscribed: subscribedColumn(q.viewerId) })
    .from(tagSubscriptions)
    .innerJoin(tags, eq(tags.id, tagSubscriptions.tagId))
    .where(eq(tagSubscriptions.userId, q.userId))
    .orderBy(desc(tagSubscriptions.createdAt), desc(tagSubscriptions.tagId))
    .offset(q.offset)
    .limit(q.limit);
}

export async function selectUserSubscribedTagCount(db: Db, userId: string) {
  const [row] = await db.select({ count: users.subscribedTagCount }).from(users).where(eq(users.id, userId));
  return row?.count ?? null;
}

/** A tag by title, case-insensitively (tags_title_lower_uq). */
export async function selectTagByTitle(db: Db, title: string, viewerId: string | null) {
  const [row] = await db
    .select({ ...tagColumns, subscribed: subscribedColumn(viewerId) })
    .from(tags)
    .where(sql`lower(${tags.title}) = lower(${title})`)
    .limit(1);
  return row ?? null;
}

export async function selectTagExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: tags.id }).from(tags).where(eq(tags.id, id));
  return Boolean(row);
}

export async function selectTagById(db: Db, id: string, viewerId: string | null) {
  const [row] = await db
    .select({ ...tagColumns, subscribed: subscribedColumn(viewerId) })
    .from(tags)
    .where(eq(tags.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Subscribes in one transaction: the row, then both counters, each moved only when the row was
 * really added (or removed), so repeating a call changes nothing. Returns the tag's new count,
 * or null when the tag does not exist.
 */
export async function setTagSubscription(db: Db, q: { userId: string; tagId: string; subscribed: boolean }) {
  return db.transaction(async (tx) => {
    const [tag] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, q.tagId)).for('update');
    if (!tag) return null;
    const changed = q.subscribed
      ? await tx
          .insert(tagSubscriptions)
          .values({ userId: q.userId, tagId: q.tagId })
          .onConflictDoNothing()
          .returning({ tagId: tagSubscriptions.tagId })
      : await tx
          .delete(tagSubscriptions)
          .where(and(eq(tagSubscriptions.userId, q.userId), eq(tagSubscriptions.tagId, q.tagId)))
          .returning({ tagId: tagSubscriptions.tagId });
    const step = changed.length === 0 ? 0 : q.subscribed ? 1 : -1;
    if (step !== 0) {
      await tx
        .update(users)
        .set({ subscribedTagCount: sql`${users.subscribedTagCount} + ${step}` })
        .where(eq(users.id, q.userId));
    }
    const [updated] = await tx
      .update(tags)
      .set({ subscribersCount: sql`${tags.subscribersCount} + ${step}` })
      .where(eq(tags.id, q.tagId))
      .returning({ subscribersCount: tags.subscribersCount });
    return { subscribersCount: updated.subscribersCount, changed: step !== 0 };
  });
}
