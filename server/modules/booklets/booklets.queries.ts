import { and, asc, desc, eq, inArray, isNotNull, isNull, max, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '@db/client.ts';
import { bookletProgress, bookletPurchases, bookletSections, booklets, bookletViews } from '@db/schema/commerce.ts';
import { comments } from '@db/schema/social.ts';
import { users } from '@db/schema/users.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';
import { authorNotMutedBy } from '../mutes/mutes.service.ts';

export const bookletColumns = {
  id: booklets.id,
  userId: booklets.userId,
  title: booklets.title,
  summary: booklets.summary,
  img: booklets.img,
  category: booklets.category,
  price: booklets.price,
  isHot: booklets.isHot,
  isTop: booklets.isTop,
  isDraft: booklets.isDraft,
  isFinished: booklets.isFinished,
  submittedAt: booklets.submittedAt,
  sectionCount: booklets.sectionCount,
  buyCount: booklets.buyCount,
  viewCount: booklets.viewCount,
  createdAt: booklets.createdAt,
  updatedAt: booklets.updatedAt,
};

export type BookletRow = Awaited<ReturnType<typeof selectBookletsByIds>>[number];

export const sectionColumns = {
  id: bookletSections.id,
  bookletId: bookletSections.bookletId,
  title: bookletSections.title,
  position: bookletSections.position,
  isFree: bookletSections.isFree,
  isDraft: bookletSections.isDraft,
  readingMinutes: bookletSections.readingMinutes,
  viewCount: bookletSections.viewCount,
  commentCount: bookletSections.commentCount,
  createdAt: bookletSections.createdAt,
  updatedAt: bookletSections.updatedAt,
};

export type SectionRow = Awaited<ReturnType<typeof selectSections>>[number];

export async function selectBookletsByIds(db: Db | Tx, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(bookletColumns).from(booklets).where(inArray(booklets.id, ids));
}

export async function selectBooklet(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ ...bookletColumns, description: booklets.description })
    .from(booklets)
    .where(eq(booklets.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** A booklet's sections in reading order (drafts too; the service filters). */
export async function selectSections(db: Db | Tx, bookletId: string) {
  return db
    .select(sectionColumns)
    .from(bookletSections)
    .where(eq(bookletSections.bookletId, bookletId))
    .orderBy(asc(bookletSections.position), asc(bookletSections.id));
}

export async function selectSection(db: Db | Tx, id: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ ...sectionColumns, content: bookletSections.content, contentHtml: bookletSections.contentHtml })
    .from(bookletSections)
    .where(eq(bookletSections.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** Newest first by last update (booklets_updated_idx); published only unless `drafts` says otherwise. */
export async function selectBookletPage(
  db: Db,
  q: { category?: string; cursor: Cursor | null; limit: number; isDraft?: boolean; userId?: string },
) {
  const where: (SQL | undefined)[] = [keysetBefore(booklets.updatedAt, booklets.id, q.cursor)];
  if (q.isDraft !== undefined) where.push(eq(booklets.isDraft, q.isDraft));
  if (q.category) where.push(eq(booklets.category, q.category));
  if (q.userId) where.push(eq(booklets.userId, q.userId));
  return db
    .select(bookletColumns)
    .from(booklets)
    .where(and(...where))
    .orderBy(desc(booklets.updatedAt), desc(booklets.id))
    .limit(q.limit);
}

/** Awaiting review: drafts their authors submitted, oldest submission first. */
export async function selectSubmittedBooklets(db: Db, limit: number) {
  return db
    .select(bookletColumns)
    .from(booklets)
    .where(and(eq(booklets.isDraft, true), isNotNull(booklets.submittedAt)))
    .orderBy(asc(booklets.submittedAt), asc(booklets.id))
    .limit(limit);
}

/** Top first, then hot, then by buyers: the index's hot list. */
export async function selectHotBooklets(db: Db, q: { category?: string; limit: number }) {
  const where: SQL[] = [eq(booklets.isDraft, false)];
  if (q.category) where.push(eq(booklets.category, q.category));
  return db
    .select(bookletColumns)
    .from(booklets)
    .where(and(...where))
    .orderBy(desc(booklets.isTop), desc(booklets.isHot), desc(booklets.buyCount), desc(booklets.id))
    .limit(q.limit);
}

/** The one read of booklet_purchases that decides access (pay owns the writes). */
export async function selectBoughtIds(db: Db | Tx, userId: string, bookletIds: string[]): Promise<Set<string>> {
  if (bookletIds.length === 0) return new Set();
  const rows = await db
    .select({ id: bookletPurchases.bookletId })
    .from(bookletPurchases)
    .where(and(eq(bookletPurchases.userId, userId), inArray(bookletPurchases.bookletId, bookletIds)));
  return new Set(rows.map((r) => r.id));
}

/** A person's purchases, latest first (booklet_purchases_user_created_idx), keyset by purchase time. */
export async function selectPurchasePage(db: Db, q: { userId: string; cursor: Cursor | null; limit: number }) {
  return db
    .select({ bookletId: bookletPurchases.bookletId, id: bookletPurchases.id, boughtAt: bookletPurchases.createdAt })
    .from(bookletPurchases)
    .where(
      and(
        eq(bookletPurchases.userId, q.userId),
        keysetBefore(bookletPurchases.createdAt, bookletPurchases.id, q.cursor),
      ),
    )
    .orderBy(desc(bookletPurchases.createdAt), desc(bookletPurchases.id))
    .limit(q.limit);
}

export async function selectPurchasedIds(db: Db, userId: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: bookletPurchases.bookletId })
    .from(bookletPurchases)
    .where(eq(bookletPurchases.userId, userId))
    .orderBy(desc(bookletPurchases.createdAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function selectProgress(db: Db, userId: string, bookletIds: string[]) {
  if (bookletIds.length === 0) return [];
  return db
    .select({
      bookletId: bookletProgress.bookletId,
      sectionId: bookletProgress.sectionId,
      title: bookletSections.title,
      position: bookletSections.position,
      updatedAt: bookletProgress.updatedAt,
    })
    .from(bookletProgress)
    .innerJoin(bookletSections, eq(bookletSections.id, bookletProgress.sectionId))
    .where(and(eq(bookletProgress.userId, userId), inArray(bookletProgress.bookletId, bookletIds)));
}

export async function upsertProgress(db: Db | Tx, values: { userId: string; bookletId: string; sectionId: string }) {
  await db
    .insert(bookletProgress)
    .values(values)
    .onConflictDoUpdate({
      target: [bookletProgress.userId, bookletProgress.bookletId],
      set: { sectionId: values.sectionId, updatedAt: sql`now()` },
    });
}

/** Records a visitor's view of the day; true when it is the first (and so counts). */
export async function insertView(tx: Tx, values: { targetId: string; visitorId: string; day: string }) {
  const rows = await tx
    .insert(bookletViews)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: bookletViews.targetId });
  return rows.length > 0;
}

export async function addBookletView(tx: Tx, id: string): Promise<number | null> {
  const [row] = await tx
    .update(booklets)
    .set({ viewCount: sql`${booklets.viewCount} + 1` })
    .where(eq(booklets.id, id))
    .returning({ viewCount: booklets.viewCount });
  return row ? row.viewCount : null;
}

export async function addSectionView(tx: Tx, id: string): Promise<number | null> {
  const [row] = await tx
    .update(bookletSections)
    .set({ viewCount: sql`${bookletSections.viewCount} + 1` })
    .where(eq(bookletSections.id, id))
    .returning({ viewCount: bookletSections.viewCount });
  return row ? row.viewCount : null;
}

export async function insertBooklet(tx: Tx, values: typeof booklets.$inferInsert) {
  await tx.insert(booklets).values(values);
}

export async function updateBooklet(tx: Tx, id: string, values: Partial<typeof booklets.$inferInsert>) {
  await tx
    .update(booklets)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(booklets.id, id));
}

/** Flags an administrator sets (hot, top) leave the "last updated" order alone. */
export async function setBookletFlags(tx: Tx, id: string, values: { isHot?: boolean; isTop?: boolean }) {
  await tx.update(booklets).set(values).where(eq(booklets.id, id));
}

export async function nextSectionPosition(tx: Tx, bookletId: string): Promise<number> {
  const [row] = await tx
    .select({ n: max(bookletSections.position) })
    .from(bookletSections)
    .where(eq(bookletSections.bookletId, bookletId));
  return row?.n === null || row?.n === undefined ? 0 : row.n + 1;
}

export async function countSections(tx: Tx, bookletId: string): Promise<{ all: number; published: number }> {
  const [row] = await tx
    .select({
      all: sql<number>`count(*)::int`,
      published: sql<number>`count(*) filter (where not ${bookletSections.isDraft})::int`,
    })
    .from(bookletSections)
    .where(eq(bookletSections.bookletId, bookletId));
  return { all: row?.all ?? 0, published: row?.published ?? 0 };
}

export async function insertSection(tx: Tx, values: typeof bookletSections.$inferInsert) {
  await tx.insert(bookletSections).values(values);
}

export async function updateSection(tx: Tx, id: string, values: Partial<typeof bookletSections.$inferInsert>) {
  await tx
    .update(bookletSections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(bookletSections.id, id));
}

export async function deleteSection(tx: Tx, id: string) {
  await tx.delete(bookletSections).where(eq(bookletSections.id, id));
}

/** Writes positions 0..n-1 in the given order. */
export async function renumberSections(tx: Tx, orderedIds: string[]) {
  for (const [position, id] of orderedIds.entries()) {
    await tx.update(bookletSections).set({ position }).where(eq(bookletSections.id, id));
  }
}

/** The booklet's published-section counter, recounted in the writing transaction. */
export async function setSectionCount(tx: Tx, bookletId: string, published: number) {
  await tx.update(booklets).set({ sectionCount: published }).where(eq(booklets.id, bookletId));
}

export async function addWroteBookCount(tx: Tx, userId: string, delta: 1 | -1) {
  await tx
    .update(users)
    .set({ wroteBookCount: sql`${users.wroteBookCount} + ${delta}` })
    .where(eq(users.id, userId));
}

export async function selectAuthorFlag(db: Db | Tx, userId: string): Promise<boolean> {
  const [row] = await db.select({ flag: users.isXiaoceAuthor }).from(users).where(eq(users.id, userId));
  return row?.flag ?? false;
}

/** The newest first-level comments on these sections (not deleted, hidden or muted): the booklet's reviews. */
export async function selectRecentSectionComments(
  db: Db,
  sectionIds: string[],
  limit: number,
  viewerId: string | null,
) {
  if (sectionIds.length === 0) return [];
  return db
    .select({
      id: comments.id,
      sectionId: comments.targetId,
      userId: comments.userId,
      content: comments.content,
      likeCount: comments.likeCount,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .where(
      and(
        eq(comments.targetType, 'section'),
        inArray(comments.targetId, sectionIds),
        isNull(comments.parentId),
        eq(comments.deleted, false),
        isNull(comments.hiddenAt),
        authorNotMutedBy(viewerId, comments.userId),
      ),
    )
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}
