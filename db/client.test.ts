import { afterAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';

describe('the embedded database (PGlite)', () => {
  let database: Database | undefined;
  afterAll(() => database?.close());

  it('opens with a small buffer pool: the default 128 MB is held in the process however small the data', async () => {
    database = await openDatabase({ url: 'memory://' });
    const { rows } = await database.executeSql('show shared_buffers');
    expect(rows[0]?.shared_buffers).toBe('32MB');
  });
});
