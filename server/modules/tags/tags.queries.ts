import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { categories, entryTags, tags } from '@db/schema/content.ts';

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

export async function selectTagsOfEntries(db: Db, entryIds: string[]) {
  if (entryIds.length === 0) return [];
  return db
    .select({ entryId: entryTags.entryId, id: tags.id, title: tags.title, icon: tags.icon })
    .from(entryTags)
    .innerJoin(tags, eq(tags.id, entryTags.tagId))
    .where(inArray(entryTags.entryId, entryIds));
}
