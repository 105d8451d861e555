import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newId } from '@core/ids.ts';
import type { Database } from '@db/client.ts';
import { collections, entries } from '@db/schema/index.ts';
import { ensureCategories } from '../../../tests/factories/categories.ts';
import { createEntry } from '../../../tests/factories/entries.ts';
import { createUser } from '../../../tests/factories/users.ts';
import { createPostgresTestDatabase } from '../../../tests/setup/test-db.ts';
import type { Viewer } from '../auth/auth.policy.ts';
import { deleteCollection, moveCollectedEntryVisibility, setCollectionEntry } from './collections.service.ts';

/**
 * Lock order on PostgreSQL (docs/decisions/021-collection-entry-lock-order.md): hiding an entry
 * locks the entry, then updates the collections holding it; deleting a collection must not hold
 * the collection while it waits on that entry, or the two deadlock (PostgreSQL aborts one, the
 * client retries it after deadlock_timeout).
 */
let database: Database;
const retries: unknown[] = [];

beforeAll(async () => {
  database = await createPostgresTestDatabase({ onTransactionRetry: (error) => retries.push(error) });
  await ensureCategories(database.db);
});

afterAll(async () => {
  await database?.close();
});

it('deleting a collection while its entry is being hidden waits, never deadlocks', async () => {
  const { db } = database;
  const owner = await createUser(db);
  const viewer = { id: owner.id, username: owner.username, role: owner.role } as Viewer;
  const entry = await createEntry(db);
  const csId = newId();
  await db.insert(collections).values({ id: csId, userId: owner.id, title: '收藏集' });
  await setCollectionEntry({ db, viewer }, { csId, entryId: entry.id, add: true });

  let deleting: Promise<void> | undefined;
  // What hiding does (moderation.service moveVisibility): the entry's row locked, then its collections.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT id FROM entries WHERE id = ${entry.id} FOR UPDATE`);
    if (!deleting) {
      deleting = deleteCollection({ db, viewer }, csId);
      // Long enough for the delete to take whatever locks it takes before it has to wait.
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await moveCollectedEntryVisibility({ db: tx }, { entryId: entry.id, delta: -1 });
  });
  await deleting;

  expect(retries).toEqual([]);
  expect(await db.select().from(collections).where(eq(collections.id, csId))).toEqual([]);
  const [row] = await db.select({ n: entries.collectionCount }).from(entries).where(eq(entries.id, entry.id));
  expect(row?.n).toBe(0);
});
