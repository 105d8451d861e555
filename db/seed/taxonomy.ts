import { CATEGORY_NAMES, CATEGORY_TITLES, type CategoryName } from '@core/constants.ts';
import type { categories, tags } from '../schema/content.ts';
import { BUILTIN_TAG_ICON_FILES, BUILTIN_TAGS, COMMUNITY_TAGS } from './content/taxonomy.ts';

/** The nine categories and the tags every seeded database starts with (demo and scale). */
export interface Taxonomy {
  categoryRows: Array<typeof categories.$inferInsert>;
  tagRows: Array<typeof tags.$inferInsert>;
  categoryIds: Map<CategoryName, string>;
  tagIds: Map<string, string>;
  /** The category each tag's entries mostly belong to, built-in or not. */
  tagCategory: Map<string, CategoryName>;
}

/**
 * @param makeId an id for a row created at the given time
 * @param createdAt when the k-th tag was created
 */
export function buildTaxonomy(
  makeId: (at: Date) => string,
  createdAt: (k: number, builtin: boolean) => Date,
  extraTags: Array<[title: string, category: CategoryName]> = [],
): Taxonomy {
  const categoryIds = new Map<CategoryName, string>();
  const categoryRows = CATEGORY_NAMES.map((name, position) => {
    const id = makeId(createdAt(-1, true));
    categoryIds.set(name, id);
    return { id, name, title: CATEGORY_TITLES[name], position, entriesCount: 0 };
  });
  const tagIds = new Map<string, string>();
  const tagCategory = new Map<string, CategoryName>();
  const tagRows: Array<typeof tags.$inferInsert> = [];
  const addTag = (title: string, category: CategoryName, builtin: boolean) => {
    const at = createdAt(tagRows.length, builtin);
    const id = makeId(at);
    tagIds.set(title, id);
    tagCategory.set(title, category);
    tagRows.push({
      id,
      title,
      categoryId: builtin ? categoryIds.get(category) : null,
      isBuiltin: builtin,
      icon: builtin && BUILTIN_TAG_ICON_FILES[title] ? `/tags/${BUILTIN_TAG_ICON_FILES[title]}.svg` : '',
      createdAt: at,
      updatedAt: at,
    });
  };
  for (const [category, titles] of Object.entries(BUILTIN_TAGS) as Array<[CategoryName, string[]]>) {
    for (const title of titles) addTag(title, category, true);
  }
  for (const [title, category] of [...COMMUNITY_TAGS, ...extraTags]) addTag(title, category, false);
  return { categoryRows, tagRows, categoryIds, tagIds, tagCategory };
}
