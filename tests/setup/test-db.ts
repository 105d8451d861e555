import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type Db, type OpenDatabaseOptions } from '@db/client.ts';
import * as schema from '@db/schema/index.ts';
import { databaseUrlNamed } from './global-database.ts';
import { startPrivatePostgres } from './private-postgres.ts';

async function adminQuery<Row extends pg.QueryResultRow = pg.QueryResultRow>(serverUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query<Row>(statement)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Drops a test database once the closed pool's connections have said goodbye (up to 2 s):
 * FORCE would otherwise terminate a backend in the middle of its client's Terminate, and that
 * client, no longer watched by its pool, reports the FATAL as an uncaught error.
 */
async function dropWhenIdle(serverUrl: string, name: string) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const [row] = await adminQuery<{ n: number }>(
      serverUrl,
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = '${name}'`,
    );
    if (!row || row.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

async function loadMigratedDump(dumpPath: string): Promise<Blob> {
  return new Blob([await readFile(dumpPath)]);
}

/** A clone of the run's migrated template database on the PostgreSQL server. */
async function clonePostgresTemplate(source: { serverUrl: string; template: string; runId: string }) {
  const name = `t_${source.runId}_${randomBytes(6).toString('hex')}`;
  await adminQuery(source.serverUrl, `CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  return {
    url: databaseUrlNamed(source.serverUrl, name),
    drop: () => dropWhenIdle(source.serverUrl, name),
  };
}

/** PostgreSQL only: how the file's connections behave (PGlite has one connection and never retries). */
export type PostgresTestOptions = Pick<OpenDatabaseOptions, 'poolSize' | 'onTransactionRetry'>;

/** What a freshly loaded dump holds besides its tables' (empty) rows: reset() brings a database back to it. */
interface MigratedState {
  /** The user-visible catalog: relations, columns, functions, types, constraints, triggers. */
  catalog: string;
  /** Every table of ours (public, pgboss, drizzle), schema-qualified and quoted. */
  tables: string[];
  /** The tables the migrations left rows in (their journal, pg-boss's queues), with a digest of those rows. */
  rows: Map<string, string>;
  /** pg_class.reltuples of each table: an ANALYZE or VACUUM changes it. */
  reltuples: Map<string, number>;
  sequences: { name: string; start: string; last: string | null }[];
}

const CATALOG_FINGERPRINT = `
  select md5(string_agg(x, ',' order by x)) as digest from (
    select format('%s %s %s %s %s', c.oid, c.relname, c.relkind, c.relnatts, c.relnamespace) as x
      from pg_class c
      where c.relnamespace not in ('pg_catalog'::regnamespace, 'information_schema'::regnamespace, 'pg_toast'::regnamespace)
    union all select format('attribute %s', count(*)) from pg_attribute where attrelid >= 16384
    union all select format('proc %s', count(*)) from pg_proc
    union all select format('namespace %s', count(*)) from pg_namespace
    union all select format('type %s', count(*)) from pg_type
    union all select format('enum %s', count(*)) from pg_enum
    union all select format('constraint %s', count(*)) from pg_constraint
    union all select format('trigger %s', count(*)) from pg_trigger
    union all select format('index %s', count(*)) from pg_index
    union all select format('extension %s', count(*)) from pg_extension
    union all select format('statistic_ext %s', count(*)) from pg_statistic_ext
    union all select format('role %s', count(*)) from pg_roles
  ) catalog`;

const OUR_TABLES = `
  select format('%I.%I', n.nspname, c.relname) as name, c.reltuples::float8 as reltuples
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p') and n.nspname in ('public', 'pgboss', 'drizzle')
    order by 1`;

const rowsDigest = (table: string) =>
  `select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`;

/** The tables among `tables` that hold a row, in one statement. */
async function nonEmptyTables(pglite: PGlite, tables: string[]): Promise<string[]> {
  const probe = tables.map(
    (table) => `select '${table.replaceAll("'", "''")}' as name where exists (select 1 from ${table})`,
  );
  return (await pglite.query<{ name: string }>(probe.join(' union all '))).rows.map((row) => row.name);
}

async function readMigratedState(pglite: PGlite): Promise<MigratedState> {
  const catalog = (await pglite.query<{ digest: string }>(CATALOG_FINGERPRINT)).rows[0]?.digest ?? '';
  const ours = (await pglite.query<{ name: string; reltuples: number }>(OUR_TABLES)).rows;
  const tables = ours.map((row) => row.name);
  const rows = new Map<string, string>();
  for (const table of await nonEmptyTables(pglite, tables)) {
    rows.set(table, (await pglite.query<{ digest: string }>(rowsDigest(table))).rows[0]?.digest ?? '');
  }
  const sequences = (
    await pglite.query<{ name: string; start: string; last: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, start_value::text as start, last_value::text as last from pg_sequences`,
    )
  ).rows;
  return { catalog, tables, rows, reltuples: new Map(ours.map((row) => [row.name, row.reltuples])), sequences };
}

/**
 * Brings a PGlite that a test file used back to the migrated state, for the next file of this
 * worker (vitest runs files in one process, isolate: false): its listeners and session state
 * (settings, prepared statements, temporary tables, advisory locks) dropped, every row a test
 * wrote deleted, sequences and planner statistics as they were. Tables that grew past a few pages,
 * or were analyzed, are truncated (empty files and no statistics, as a new database's); the
 * others have their rows deleted, which costs far less than a truncate's new files. False when
 * the file left something behind that this does not undo (a transaction still open, a changed
 * catalog, changed rows in the migrations' own tables): such a database is closed instead.
 */
async function resetToMigrated(pglite: PGlite, migrated: MigratedState): Promise<boolean> {
  if (pglite.closed || pglite.isInTransaction()) return false;
  const channels = (await pglite.query<{ channel: string }>('select pg_listening_channels() as channel')).rows;
  // Removes the callbacks of the file's app from PGlite's own table too.
  for (const { channel } of channels) await pglite.unlisten(channel);
  await pglite.exec('DISCARD ALL');
  const [catalog] = (await pglite.query<{ digest: string }>(CATALOG_FINGERPRINT)).rows;
  if (catalog?.digest !== migrated.catalog) return false;

  const written: string[] = [];
  for (const table of await nonEmptyTables(pglite, migrated.tables)) {
    const before = migrated.rows.get(table);
    if (before === undefined) written.push(table);
    else if ((await pglite.query<{ digest: string }>(rowsDigest(table))).rows[0]?.digest !== before) return false;
  }
  const now = new Map(
    (await pglite.query<{ name: string; reltuples: number }>(OUR_TABLES)).rows.map((row) => [row.name, row.reltuples]),
  );
  const analyzed = migrated.tables.filter((table) => now.get(table) !== migrated.reltuples.get(table));
  if (analyzed.some((table) => migrated.rows.has(table))) return false;
  const large =
    written.length === 0
      ? []
      : (
          await pglite.query<{ name: string }>(
            `select name from unnest($1::text[]) as name where pg_relation_size(name::regclass) > 65536`,
            [written],
          )
        ).rows.map((row) => row.name);
  const truncated = [...new Set([...large, ...analyzed])];
  if (truncated.length > 0) await pglite.exec(`TRUNCATE ${truncated.join(', ')} CASCADE`);
  const deleted = written.filter((table) => !truncated.includes(table));
  if (deleted.length > 0) {
    // Foreign keys and triggers off (replica): rows go in any order, and no trigger writes elsewhere.
    await pglite.exec(
      `SET session_replication_role = replica; ${deleted.map((table) => `DELETE FROM ${table};`).join(' ')} RESET session_replication_role;`,
    );
  }
  await pglite.exec(
    `DELETE FROM pg_statistic WHERE starelid IN (SELECT c.oid FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname IN ('public', 'pgboss', 'drizzle'))`,
  );
  const sequences = (
    await pglite.query<{ name: string; last: string | null }>(
      `select format('%I.%I', schemaname, sequencename) as name, last_value::text as last from pg_sequences`,
    )
  ).rows;
  for (const sequence of migrated.sequences) {
    const current = sequences.find((row) => row.name === sequence.name);
    if (!current || current.last === sequence.last) continue;
    if (sequence.last === null)
      await pglite.query('select setval($1::regclass, $2::bigint, false)', [sequence.name, sequence.start]);
    else await pglite.query('select setval($1::regclass, $2::bigint, true)', [sequence.name, sequence.last]);
  }
  return true;
}

/**
 * This worker's PGlite databases that their files have closed, reset to the migrated state:
 * loading the dump costs 1–2 s of CPU a file, a reset some tens of milliseconds.
 */
const spareDatabases: Database[] = [];
const MAX_SPARE_DATABASES = 2;
let migratedState: Promise<MigratedState> | undefined;

async function openMigratedPglite(dumpPath: string): Promise<Database> {
  let database = spareDatabases.pop();
  if (!database) {
    database = await openDatabase({ url: 'memory://', loadDataDir: await loadMigratedDump(dumpPath) });
    const pglite = database.pglite as PGlite;
    migratedState ??= readMigratedState(pglite);
    await migratedState;
  }
  const opened = database;
  const migrated = migratedState as Promise<MigratedState>;
  let closed = false;
  return {
    ...opened,
    // A query builder of the file's own: the app keeps per-database state in WeakMaps keyed by it
    // (the tags' category index, the live notification hub), which must not outlive the file.
    db: drizzle(opened.pglite as PGlite, { schema }) as Db,
    close: async () => {
      if (closed) return;
      closed = true;
      const reusable =
        spareDatabases.length < MAX_SPARE_DATABASES &&
        (await resetToMigrated(opened.pglite as PGlite, await migrated).catch(() => false));
      if (reusable) spareDatabases.push(opened);
      else await opened.close();
    },
  };
}

/**
 * A migrated, empty database of its own for one test file: an in-memory PGlite loaded from the
 * run's migrated dump (or one of this worker's that an earlier file closed, reset to that state),
 * or, with TEST_DATABASE_URL=postgres://…, a clone of the run's template database. `close()`
 * releases it (and drops the clone); call it in afterAll.
 */
export async function createTestDatabase(options: PostgresTestOptions = {}): Promise<Database> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') return openMigratedPglite(source.dumpPath);
  const clone = await clonePostgresTemplate(source);
  const database = await openDatabase({ poolSize: 4, ...options, url: clone.url });
  return {
    ...database,
    close: async () => {
      await database.close();
      await clone.drop();
    },
  };
}

/**
 * A migrated PostgreSQL database for a test file that needs real concurrency (several
 * connections at once): on a PostgreSQL run, the file's clone (createTestDatabase); on a PGlite
 * run, a private PostgreSQL server of its own (tests/setup/private-postgres.ts, which needs the
 * server programs initdb and pg_ctl). `close()` releases either.
 */
export async function createPostgresTestDatabase(options: PostgresTestOptions = {}): Promise<Database> {
  if (inject('testDatabase').kind === 'postgres') return createTestDatabase(options);
  const postgres = await startPrivatePostgres();
  try {
    const database = await openDatabase({ ...options, url: postgres.serverUrl });
    await database.migrate();
    return {
      ...database,
      close: async () => {
        await database.close();
        await postgres.dispose();
      },
    };
  } catch (error) {
    await postgres.dispose();
    throw error;
  }
}

/**
 * The migrated dump written out as a PGlite data directory, once per dump: copying it is much
 * cheaper than loading the dump again.
 */
async function migratedDataDir(dumpPath: string): Promise<string> {
  const dir = dumpPath.replace(/\.tar$/, '.datadir');
  if (existsSync(dir)) return dir;
  const partial = `${dir}.${process.pid}.partial`;
  const pglite = await PGlite.create(partial, { loadDataDir: await loadMigratedDump(dumpPath) });
  await pglite.close();
  await rename(partial, dir).catch(async (error: NodeJS.ErrnoException) => {
    // Another run wrote it first.
    if (!existsSync(dir)) throw error;
    await rm(partial, { recursive: true, force: true });
  });
  return dir;
}

/**
 * A migrated database for another process (a spawned server) to open by DATABASE_URL: a copy of
 * a migrated PGlite data directory, or a PostgreSQL clone. `dispose()` removes it.
 */
export async function createTestDatabaseUrl(): Promise<{ url: string; dispose(): Promise<void> }> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'jinsha-test-db-'));
    await cp(await migratedDataDir(source.dumpPath), dir, { recursive: true });
    return { url: dir, dispose: () => rm(dir, { recursive: true, force: true }) };
  }
  const clone = await clonePostgresTemplate(source);
  return { url: clone.url, dispose: clone.drop };
}
