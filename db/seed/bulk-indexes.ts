import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';

/**
 * Drops the tables' non-unique indexes and returns the statements that create them again
 * (pg_get_indexdef, as the migrations made them). Building an index once over the loaded rows is
 * much cheaper than growing it row by row; unique indexes and constraints stay, so the load is
 * still checked.
 */
export async function dropSecondaryIndexes(tx: Tx, tables: readonly string[]): Promise<string[]> {
  const indexes = await tx
    .select({ name: sql<string>`i.relname`, definition: sql<string>`pg_get_indexdef(i.oid)` })
    .from(sql`pg_index x`)
    .innerJoin(sql`pg_class i`, sql`i.oid = x.indexrelid`)
    .innerJoin(sql`pg_class t`, sql`t.oid = x.indrelid`)
    .innerJoin(sql`pg_namespace n`, sql`n.oid = t.relnamespace`)
    .where(
      sql`n.nspname = current_schema() AND NOT x.indisunique AND t.relname IN (${sql.join(
        tables.map((table) => sql`${table}`),
        sql`, `,
      )})`,
    );
  for (const index of indexes) await tx.execute(sql`DROP INDEX ${sql.identifier(index.name)}`);
  return indexes.map((index) => index.definition);
}

/** Creates the indexes dropSecondaryIndexes dropped. */
export async function rebuildIndexes(tx: Tx, definitions: readonly string[]): Promise<void> {
  for (const definition of definitions) await tx.execute(sql.raw(definition));
}
