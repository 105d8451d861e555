import { afterAll, describe, expect, inject, it } from 'vitest';
import { createTestDatabaseUrl } from '../tests/setup/test-db.ts';
import { type Database, openDatabase } from './client.ts';

/**
 * A new embedded database opened by openDatabase, as a site opens it. On a PGlite pass: a data
 * directory, a copy of the run's migrated one (DATABASE_URL=./data/… in production). Copying and
 * opening it costs about half of loading the migrated dump into memory (0.6 + 0.45 s against
 * 2.0 s of CPU, quiet machine). On a PostgreSQL pass there is no such directory: an empty
 * in-memory PGlite (initdb, ~2.5 s). Either way openDatabase starts it with its own parameters.
 */
async function openEmbedded(): Promise<{ database: Database; dispose(): Promise<void> }> {
  if (inject('testDatabase').kind !== 'pglite') {
    const database = await openDatabase({ url: 'memory://' });
    return { database, dispose: () => database.close() };
  }
  const directory = await createTestDatabaseUrl();
  const database = await openDatabase({ url: directory.url });
  return {
    database,
    dispose: async () => {
      await database.close();
      await directory.dispose();
    },
  };
}

describe('the embedded database (PGlite)', () => {
  let opened: Awaited<ReturnType<typeof openEmbedded>> | undefined;
  afterAll(() => opened?.dispose());

  it('opens with a small buffer pool: the default 128 MB is held in the process however small the data', async () => {
    opened = await openEmbedded();
    expect(opened.database.driver).toBe('pglite');
    const { rows } = await opened.database.executeSql('show shared_buffers');
    expect(rows[0]?.shared_buffers).toBe('32MB');
  });
});
