import { eq } from 'drizzle-orm';
import type { CategoryName } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { refreshEntryHotScore } from '@server/modules/entries/entries.queries.ts';
import { entries, entrySearch } from '@db/schema/content.ts';
import { toSearchText } from '@server/adapters/tokenizer.ts';
import {
  addAuthorPostedCount,
  addCategoryCount,
  addTagCounts,
  insertEntryTags,
  searchVectorOf,
  selectTagTitles,
  upsertEntrySearch,
} from '@server/modules/entries/entries.queries.ts';
import { findCategory } from './categories.ts';
import { createUser } from './users.ts';

export type EntryOverrides = Partial<typeof entries.$inferInsert> & {
  /** A category by name (default frontend) when no categoryId is given. */
  category?: CategoryName;
  tagIds?: string[];
};

export type EntryRow = typeof entries.$inferSelect;

/**
 * An entry published the way the real publish does it (server/modules/entries/entries.service.ts
 * createEntry), through the same queries: in one transaction with the counters it moves (category
 * entries_count and category_entry_counts, author posted count, tags' entries_count), its search
 * row (words from the title, abstract, content and tags) and its hot_score (refreshEntryHotScore,
 * which copies it to the search row) unless given. Any column may be overridden; without userId a
 * new author is created; `userId: null` makes an entry without author.
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
    const tagTitles = (await selectTagTitles(tx, tagIds)).map((tag) => tag.title);
    await upsertEntrySearch(tx, {
      entryId: id,
      userId,
      searchVector: searchVectorOf(toSearchText(inserted.title, inserted.abstract, inserted.content, ...tagTitles)),
    });
    if (columns.hotScore === undefined) await refreshEntryHotScore(tx, id);
    else await tx.update(entrySearch).set({ hotScore: inserted.hotScore }).where(eq(entrySearch.entryId, id));
    await insertEntryTags(tx, id, tagIds, inserted.createdAt);
    await addCategoryCount(tx, { categoryId, type: inserted.type, commented: inserted.latestCommentAt !== null }, 1);
    await addTagCounts(tx, tagIds, 1);
    if (userId) await addAuthorPostedCount(tx, userId, inserted.type, 1);
    const [created] = await tx.select().from(entries).where(eq(entries.id, id));
    return created;
  });
}
