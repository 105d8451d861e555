import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

/**
 * A new in-memory PGlite: from the run's migrated dump on a PGlite pass (an empty one runs initdb,
 * ~2.5 s, 30 s at load 19), else empty. Either way openDatabase starts it with its own parameters.
 */
async function openEmbedded(): Promise<Database> {
  const source = inject('testDatabase');
  if (source.kind !== 'pglite') return openDatabase({ url: 'memory://' });
  return openDatabase({ url: 'memory://', loadDataDir: new Blob([await readFile(source.dumpPath)]) });
}

describe('the embedded database (PGlite)', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('opens with a small buffer pool: the default 128 MB is held in the process however small the data', async () => {
    database = await openEmbedded();
    const { rows } = await database.executeSql('show shared_buffers');
    expect(rows[0]?.shared_buffers).toBe('32MB');
  });
});
