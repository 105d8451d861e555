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

export type CategoryRef = Pick<Category, 'id' | 'name' | 'title'>;

const categoryIndexes = new WeakMap<Db, Promise<Map<string, CategoryRef>>>();

/**
 * The nine fixed categories (SPEC §3) by id and by name, read once per database handle: they
 * never change at run time, and every entry list needs them. Counts are not in here.
 */
export function getCategoryIndex(db: Db): Promise<Map<string, CategoryRef>> {
  let index = categoryIndexes.get(db);
  if (!index) {
    index = queries.selectCategories(db).then((rows) => {
      const byKey = new Map<string, CategoryRef>();
      for (const { id, name, title } of rows as Category[]) {
        byKey.set(id, { id, name, title });
        byKey.set(name, { id, name, title });
      }
      return byKey;
    });
    index.catch(() => categoryIndexes.delete(db));
    categoryIndexes.set(db, index);
  }
  return index;
}
