import { eq } from 'drizzle-orm';
import { CATEGORY_NAMES, CATEGORY_TITLES, type CategoryName } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { categories } from '@db/schema/content.ts';

export type CategoryRow = typeof categories.$inferSelect;

/** The nine fixed categories of SPEC §3, created once per database; returns them by name. */
export async function ensureCategories(db: Db): Promise<Record<CategoryName, CategoryRow>> {
  await db
    .insert(categories)
    .values(CATEGORY_NAMES.map((name, position) => ({ id: newId(), name, title: CATEGORY_TITLES[name], position })))
    .onConflictDoNothing({ target: categories.name });
  const rows = await db.select().from(categories);
  return Object.fromEntries(rows.map((row) => [row.name, row])) as Record<CategoryName, CategoryRow>;
}

export async function findCategory(db: Db, name: CategoryName): Promise<CategoryRow> {
  const [row] = await db.select().from(categories).where(eq(categories.name, name));
  return row ?? (await ensureCategories(db))[name];
}
