import { eq, inArray, sql } from 'drizzle-orm';
import type { CategoryName } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { categories, categoryEntryCounts, entries, entrySearch, entryTags, tags } from '@db/schema/content.ts';
import { users } from '@db/schema/users.ts';
import { toSearchText } from '@server/adapters/tokenizer.ts';
import { entryHotScore } from '@db/ranking.ts';
import { findCategory } from './categories.ts';
import { createUser } from './users.ts';

export type EntryOverrides = Partial<typeof entries.$inferInsert> & {
  /** A category by name (default frontend) when no categoryId is given. */
  category?: CategoryName;
  tagIds?: string[];
};

export type EntryRow = typeof entries.$inferSelect;

/**
 * An entry published the way the real publish does it: in one transaction with the counters it
 * moves (category entries_count and category_entry_counts, author posted_entries_count, tags' entries_count) and its
 * hot_score computed from its inputs unless given, and its search row (words from the title,
 * abstract, content and tags; the same hot_score). Without userId a new author is created;
 * `userId: null` makes an entry without author.
 */
export async function createEntry(db: Db, overrides: EntryOverrides = {}): Promise<EntryRow> {
  const { category = 'frontend', tagIds = [], ...columns } = overrides;
  const categoryId = columns.categoryId ?? (await findCategory(db, category)).id;
  const userId = columns.userId === undefined ? (await createUser(db)).id : columns.userId;
  const id = columns.id ?? newId();
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(entries)
      .values({ title: `Entry ${id}`, ...columns, id, categoryId, userId })
      .returning();
    await tx
      .update(categories)
      .set({ entriesCount: sql`${categories.entriesCount} + 1` })
      .where(eq(categories.id, categoryId));
    const commented = inserted.latestCommentAt ? 1 : 0;
    await tx
      .insert(categoryEntryCounts)
      .values({ categoryId, type: inserted.type, entriesCount: 1, commentedCount: commented })
      .onConflictDoUpdate({
        target: [categoryEntryCounts.categoryId, categoryEntryCounts.type],
        set: {
          entriesCount: sql`${categoryEntryCounts.entriesCount} + 1`,
          commentedCount: sql`${categoryEntryCounts.commentedCount} + ${commented}`,
        },
      });
    if (userId) {
      await tx
        .update(users)
        .set(
          inserted.type === 'post'
            ? { postedPostsCount: sql`${users.postedPostsCount} + 1` }
            : { postedEntriesCount: sql`${users.postedEntriesCount} + 1` },
        )
        .where(eq(users.id, userId));
    }
    if (tagIds.length > 0) {
      await tx
        .insert(entryTags)
        .values(tagIds.map((tagId) => ({ entryId: id, tagId, entryCreatedAt: inserted.createdAt })));
      await tx
        .update(tags)
        .set({ entriesCount: sql`${tags.entriesCount} + 1` })
        .where(inArray(tags.id, tagIds));
    }
    const [scored] =
      columns.hotScore === undefined
        ? await tx.update(entries).set({ hotScore: entryHotScore }).where(eq(entries.id, id)).returning()
        : [inserted];
    const tagTitles =
      tagIds.length > 0 ? await tx.select({ title: tags.title }).from(tags).where(inArray(tags.id, tagIds)) : [];
    const words = toSearchText(scored.title, scored.abstract, scored.content, ...tagTitles.map((t) => t.title));
    await tx.insert(entrySearch).values({
      entryId: id,
      userId,
      hotScore: scored.hotScore,
      searchVector: sql`to_tsvector('simple', ${words})`,
    });
    return scored;
  });
}
