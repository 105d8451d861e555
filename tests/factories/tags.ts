import { randomBytes } from 'node:crypto';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { tags } from '@db/schema/content.ts';

export async function createTag(db: Db, overrides: Partial<typeof tags.$inferInsert> = {}) {
  const [row] = await db
    .insert(tags)
    .values({ id: newId(), title: `tag-${randomBytes(4).toString('hex')}`, ...overrides })
    .returning();
  return row;
}
