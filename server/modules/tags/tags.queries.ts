import { asc } from 'drizzle-orm';
import type { Db } from '@db/client.ts';
import { categories } from '@db/schema/content.ts';

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
