import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Database, Db } from '@db/client.ts';
import * as schema from '@db/schema/index.ts';

/** The plan the database chooses for the last query `run` sends (its SQL and parameters as sent), on either driver. */
export async function planOfLastQuery(database: Database, run: (db: Db) => Promise<unknown>): Promise<string> {
  const captured: Array<{ text: string; params: unknown[] }> = [];
  const logger = { logQuery: (text: string, params: unknown[]) => captured.push({ text, params }) };
  const client = (database.db as unknown as { $client: unknown }).$client;
  const spy =
    database.driver === 'pglite'
      ? drizzlePglite(database.pglite!, { schema, logger })
      : drizzlePg(client as pg.Pool, { schema, logger });
  await run(spy as unknown as Db);
  const { text, params } = captured.at(-1)!;
  const result =
    database.driver === 'pglite'
      ? await database.pglite!.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)
      : await (client as pg.Pool).query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params);
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}
