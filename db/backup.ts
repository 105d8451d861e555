import { sql } from 'drizzle-orm';
import { createReadStream, createWriteStream } from 'node:fs';
import { once } from 'node:events';
import readline from 'node:readline';
import { createGunzip, createGzip } from 'node:zlib';
import { type Db, rowsOf, type Tx } from './client.ts';

/**
 * A logical copy of every table of the public schema, the same for both drivers, so a site can
 * move from the embedded database to PostgreSQL (or back, or to a newer PGlite) without losing
 * anything: `npm run db:export -- file` then `DATABASE_URL=… npm run db:import -- file`.
 *
 * The file is gzipped lines: a JSON header naming the format, the migrations the source had and
 * the tables, then for each batch of rows a line `{"table": …, "count": n}` and a line with the
 * rows as PostgreSQL's own json_agg printed them. Node never parses the rows (a bigint stays
 * exact); they go back through json_populate_recordset, so PostgreSQL itself turns each JSON
 * value into its column type (bytea, tsvector, arrays, jsonb, timestamps) as it printed it.
 */
const FORMAT = 'jinsha-export';
const VERSION = 1;
const BATCH_ROWS = 2000;

interface Header {
  format: typeof FORMAT;
  version: number;
  exportedAt: string;
  migrations: number;
  tables: { name: string; rows: number }[];
}

interface BatchHeader {
  table: string;
  count: number;
}

export interface BackupSummary {
  migrations: number;
  tables: { name: string; rows: number }[];
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** How many migrations the database has applied (drizzle's journal table). */
async function appliedMigrations(db: Db | Tx): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
  );
  return row?.n ?? 0;
}

/**
 * The public tables, parents before children (foreign keys), so an import never inserts a row
 * before the row it points at. A table referring to itself is refused: none does today, and its
 * rows would need their own order.
 */
async function tablesInDependencyOrder(db: Db | Tx): Promise<string[]> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`),
  ).map((row) => row.name);
  const edges = rowsOf<{ child: string; parent: string }>(
    await db.execute(sql`
      select c.relname as child, p.relname as parent
      from pg_constraint k
      join pg_class c on c.oid = k.conrelid join pg_namespace cn on cn.oid = c.relnamespace
      join pg_class p on p.oid = k.confrelid
      where k.contype = 'f' and cn.nspname = 'public'`),
  );
  const parents = new Map(tables.map((name) => [name, new Set<string>()]));
  for (const { child, parent } of edges) {
    if (child === parent) throw new Error(`db backup: ${child} refers to itself; its rows need an order of their own`);
    parents.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < tables.length) {
    const ready = tables.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (ready.length === 0) throw new Error('db backup: the foreign keys form a cycle');
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

/** The columns an INSERT may name: generated columns are computed by the target. */
async function insertableColumns(db: Db | Tx, table: string): Promise<string[]> {
  return rowsOf<{ name: string }>(
    await db.execute(sql`
      select column_name as name from information_schema.columns
      where table_schema = 'public' and table_name = ${table} and is_generated = 'NEVER'
      order by ordinal_position`),
  ).map((row) => row.name);
}

/** Writes every table of `db` to `file`, read in one snapshot (REPEATABLE READ). */
export async function exportDatabase(db: Db, file: string): Promise<BackupSummary> {
  const gzip = createGzip();
  const out = gzip.pipe(createWriteStream(file));
  const write = async (line: string) => {
    if (!gzip.write(`${line}\n`)) await once(gzip, 'drain');
  };
  const summary = await db.transaction(
    async (tx) => {
      const migrations = await appliedMigrations(tx);
      const names = await tablesInDependencyOrder(tx);
      const tables: Header['tables'] = [];
      for (const name of names) {
        const [row] = rowsOf<{ n: number }>(
          await tx.execute(sql.raw(`select count(*)::int as n from ${quoteIdent(name)}`)),
        );
        tables.push({ name, rows: row?.n ?? 0 });
      }
      const header: Header = {
        format: FORMAT,
        version: VERSION,
        exportedAt: new Date().toISOString(),
        migrations,
        tables,
      };
      await write(JSON.stringify(header));
      for (const { name, rows } of tables) {
        // ctid order is stable inside the snapshot: batches neither skip nor repeat a row.
        for (let offset = 0; offset < rows; offset += BATCH_ROWS) {
          const [batch] = rowsOf<{ rows: string }>(
            await tx.execute(
              sql.raw(
                `select replace(json_agg(t)::text, E'\\n', ' ') as rows from (select * from ${quoteIdent(name)} order by ctid limit ${BATCH_ROWS} offset ${offset}) t`,
              ),
            ),
          );
          await write(
            JSON.stringify({ table: name, count: Math.min(BATCH_ROWS, rows - offset) } satisfies BatchHeader),
          );
          await write(batch?.rows ?? '[]');
        }
      }
      return { migrations, tables };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  gzip.end();
  await once(out, 'finish');
  return summary;
}

function linesOf(file: string): AsyncIterator<string> {
  return readline
    .createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Number.POSITIVE_INFINITY })
    [Symbol.asyncIterator]();
}

function parseJson(line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

/**
 * Loads an export into `db`, which must be migrated to the same migrations and hold no rows
 * (a half-filled site is never merged into). One transaction: a failure leaves the target empty.
 * Identity columns continue after the highest imported value.
 */
export async function importDatabase(db: Db, file: string): Promise<BackupSummary> {
  const lines = linesOf(file);
  const first = await lines.next();
  const header = first.done ? undefined : (parseJson(first.value) as Header | undefined);
  if (!header || header.format !== FORMAT) throw new Error(`db import: ${file} is not a ${FORMAT} file`);
  if (header.version !== VERSION) throw new Error(`db import: format version ${header.version} is not ${VERSION}`);
  const migrations = await appliedMigrations(db);
  if (migrations !== header.migrations) {
    throw new Error(
      `db import: the export has ${header.migrations} migrations applied and this database ${migrations}: migrate both to the same version first`,
    );
  }
  const targetTables = new Set(await tablesInDependencyOrder(db));
  for (const { name } of header.tables) {
    if (!targetTables.has(name)) throw new Error(`db import: this database has no table ${name}`);
  }
  return db.transaction(async (tx) => {
    for (const name of targetTables) {
      const [row] = rowsOf<{ any: boolean }>(
        await tx.execute(sql.raw(`select exists (select from ${quoteIdent(name)}) as any`)),
      );
      if (row?.any)
        throw new Error(`db import: table ${name} already holds rows; import into an empty, migrated database`);
    }
    const columns = new Map<string, string>();
    const imported = new Map<string, number>();
    for (let next = await lines.next(); !next.done; next = await lines.next()) {
      const { table, count } = parseJson(next.value) as BatchHeader;
      const rows = await lines.next();
      if (rows.done) throw new Error(`db import: the file ends inside ${table}'s rows`);
      if (!columns.has(table)) columns.set(table, (await insertableColumns(tx, table)).map(quoteIdent).join(', '));
      const list = columns.get(table) as string;
      const target = quoteIdent(table);
      const [inserted] = rowsOf<{ n: number }>(
        await tx.execute(
          sql`${sql.raw(`with inserted as (insert into ${target} (${list}) overriding system value select ${list} from json_populate_recordset(null::${target},`)} ${rows.value}::json) returning 1) select count(*)::int as n from inserted`,
        ),
      );
      if (inserted?.n !== count)
        throw new Error(`db import: a batch of ${table} should hold ${count} rows, it held ${inserted?.n}`);
      imported.set(table, (imported.get(table) ?? 0) + count);
    }
    for (const { name, rows } of header.tables) {
      if ((imported.get(name) ?? 0) !== rows) {
        throw new Error(`db import: ${name} should have ${rows} rows, the file held ${imported.get(name) ?? 0}`);
      }
    }
    // Identity and serial columns go on after the imported values.
    const sequences = rowsOf<{ table_name: string; column_name: string }>(
      await tx.execute(sql`
        select table_name, column_name from information_schema.columns
        where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`),
    );
    for (const { table_name, column_name } of sequences) {
      await tx.execute(
        sql`select setval(pg_get_serial_sequence(${quoteIdent(table_name)}, ${column_name}), coalesce(max(${sql.raw(quoteIdent(column_name))}), 0) + 1, false) from ${sql.raw(quoteIdent(table_name))}`,
      );
    }
    return { migrations, tables: header.tables };
  });
}
