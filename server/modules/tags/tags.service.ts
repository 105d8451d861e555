import type { CategoryName } from '@core/constants.ts';
import type { Db } from '@db/client.ts';
import * as queries from './tags.queries.ts';

export interface Category {
  id: string;
  name: CategoryName;
  title: string;
  entriesCount: number;
}

export async function listCategories(db: Db): Promise<Category[]> {
  const rows = await queries.selectCategories(db);
  return rows as Category[];
}

export interface TagBrief {
  id: string;
  title: string;
  icon: string;
}

export async function getTagsOfEntries(db: Db, entryIds: string[]): Promise<Map<string, TagBrief[]>> {
  const rows = await queries.selectTagsOfEntries(db, entryIds);
  const byEntry = new Map<string, TagBrief[]>();
  for (const { entryId, ...tag } of rows) {
    const list = byEntry.get(entryId) ?? [];
    list.push(tag);
    byEntry.set(entryId, list);
  }
  return byEntry;
}
