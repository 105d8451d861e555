import { afterAll, beforeAll } from 'vitest';
import type { Database } from '@db/client.ts';
import { ensureCategories } from '../factories/categories.ts';
import { type PostgresTestOptions, createPostgresTestDatabase, createTestDatabase } from './test-db.ts';
import { type TestApp, createTestApp } from './test-app.ts';

type AdapterOverrides = Parameters<typeof createTestApp>[2];

/**
 * The usual test file's lifecycle in one place: before its tests, a migrated database of its own
 * and the app over it (and the categories, when the file writes entries); after them, the database
 * closed. `ready` gets both for the file's own variables and any further setup (users, sessions).
 * `postgres`: a file that needs real concurrency gets PostgreSQL with that many connections.
 * `adapters`: stand-ins for outside services (a payment provider with its own stub), as createTestApp takes them.
 */
export function setUpTestApp(
  options: { categories?: boolean; postgres?: PostgresTestOptions; adapters?: AdapterOverrides },
  ready: (opened: { database: Database; app: TestApp }) => unknown,
): void {
  let database: Database | undefined;
  beforeAll(async () => {
    database = options.postgres ? await createPostgresTestDatabase(options.postgres) : await createTestDatabase();
    const app = createTestApp(database, {}, options.adapters);
    if (options.categories) await ensureCategories(database.db);
    await ready({ database, app });
  });
  afterAll(() => database?.close());
}
