import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { drafts, entries, entryTags, tags } from '@db/schema/content.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';

const draftColumns = {
  id: drafts.id,
  userId: drafts.userId,
  entryId: drafts.entryId,
  title: drafts.title,
  content: drafts.content,
  abstract: drafts.abstract,
  coverImage: drafts.coverImage,
  categoryId: drafts.categoryId,
  tagIds: drafts.tagIds,
  type: drafts.type,
  createdAt: drafts.createdAt,
  updatedAt: drafts.updatedAt,
};

export type DraftRow = NonNullable<Awaited<ReturnType<typeof selectDraftById>>>;

export async function selectDraftById(db: Db, id: string) {
  const [row] = await db.select(draftColumns).from(drafts).where(eq(drafts.id, id));
  return row;
}

/** The owner's draft that edits a published entry, if one is open. */
export async function selectDraftForEntry(db: Db, userId: string, entryId: string) {
  const [row] = await db
    .select(draftColumns)
    .from(drafts)
    .where(and(eq(drafts.userId, userId), eq(drafts.entryId, entryId)))
    .orderBy(desc(drafts.updatedAt), desc(drafts.id))
    .limit(1);
  return row;
}

export async function insertDraft(db: Db, values: typeof drafts.$inferInsert) {
  const [row] = await db.insert(drafts).values(values).returning(draftColumns);
  return row;
}

export async function updateDraftRow(db: Db, id: string, values: Partial<typeof drafts.$inferInsert>) {
  const [row] = await db.update(drafts).set(values).where(eq(drafts.id, id)).returning(draftColumns);
  return row;
}

export async function deleteDraftRow(db: Db, id: string) {
  const deleted = await db.delete(drafts).where(eq(drafts.id, id)).returning({ id: drafts.id });
  return deleted.length > 0;
}

/** A newest-first keyset page of one person's drafts (drafts_user_updated_idx). */
export async function selectDraftPage(db: Db, q: { userId: string; cursor: Cursor | null; limit: number }) {
  return db
    .select({
      id: drafts.id,
      entryId: drafts.entryId,
      title: drafts.title,
      excerpt: sql<string>`left(${drafts.content}, 200)`,
      type: drafts.type,
      createdAt: drafts.createdAt,
      updatedAt: drafts.updatedAt,
    })
    .from(drafts)
    .where(and(eq(drafts.userId, q.userId), keysetBefore(drafts.updatedAt, drafts.id, q.cursor)))
    .orderBy(desc(drafts.updatedAt), desc(drafts.id))
    .limit(q.limit);
}

export async function selectTagsByIds(db: Db, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select({ id: tags.id, title: tags.title, icon: tags.icon }).from(tags).where(inArray(tags.id, ids));
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Tags whose title contains the words typed, titles starting with them first, then the most
 * used. The tag table is small (thousands of rows), so a scan of it stays well under a millisecond.
 */
export async function searchTagsByTitle(db: Db, keyword: string, limit: number) {
  const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
  const prefix = `${escapeLike(keyword.toLowerCase())}%`;
  return db
    .select({ id: tags.id, title: tags.title, icon: tags.icon, entriesCount: tags.entriesCount })
    .from(tags)
    .where(sql`lower(${tags.title}) like ${pattern}`)
    .orderBy(sql`lower(${tags.title}) like ${prefix} desc`, desc(tags.entriesCount), desc(tags.id))
    .limit(limit);
}

/** The most used tags, for the dialog before anything is typed. */
export async function selectPopularTags(db: Db, limit: number) {
  return db
    .select({ id: tags.id, title: tags.title, icon: tags.icon, entriesCount: tags.entriesCount })
    .from(tags)
    .orderBy(desc(tags.entriesCount), desc(tags.id))
    .limit(limit);
}

/** What the editor needs of a published entry: its source, settings and author. */
export async function selectEntryForEditing(db: Db, entryId: string) {
  const [row] = await db
    .select({
      id: entries.id,
      userId: entries.userId,
      type: entries.type,
      title: entries.title,
      content: entries.content,
      abstract: entries.abstract,
      originalUrl: entries.originalUrl,
      screenshot: entries.screenshot,
      categoryId: entries.categoryId,
      isOriginal: entries.isOriginal,
      isEnglish: entries.isEnglish,
      isGfw: entries.isGfw,
    })
    .from(entries)
    .where(eq(entries.id, entryId));
  if (!row) return undefined;
  const tagRows = await db.select({ tagId: entryTags.tagId }).from(entryTags).where(eq(entryTags.entryId, entryId));
  return { ...row, tagIds: tagRows.map((t) => t.tagId) };
}
