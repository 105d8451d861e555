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

export interface CategoryIndex {
  /** In the fixed display order. */
  list: CategoryRef[];
  /** By id and by name. */
  byKey: Map<string, CategoryRef>;
}

const categoryIndexes = new WeakMap<Db, Promise<CategoryIndex>>();

/**
 * The nine fixed categories (SPEC §3), read once per database handle: they never change at run
 * time, and every feed needs them. Counts are not in here; `listCategories` reads those fresh.
 */
export function getCategoryIndex(db: Db): Promise<CategoryIndex> {
  let index = categoryIndexes.get(db);
  if (!index) {
    index = queries.selectCategories(db).then((rows) => {
      const list = (rows as Category[]).map(({ id, name, title }) => ({ id, name, title }));
      const byKey = new Map<string, CategoryRef>();
      for (const category of list) {
        byKey.set(category.id, category);
        byKey.set(category.name, category);
      }
      return { list, byKey };
    });
    index.catch(() => categoryIndexes.delete(db));
    categoryIndexes.set(db, index);
  }
  return index;
}
