import { PGlite } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database, type OpenDatabaseOptions } from '@db/client.ts';
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

/**
 * A migrated, empty database of its own for one test file: an in-memory PGlite loaded from the
 * run's migrated dump, or, with TEST_DATABASE_URL=postgres://…, a clone of the run's template
 * database. `close()` releases it (and drops the clone); call it in afterAll.
 */
export async function createTestDatabase(options: PostgresTestOptions = {}): Promise<Database> {
  const source = inject('testDatabase');
  if (source.kind === 'pglite') {
    return openDatabase({ url: 'memory://', loadDataDir: await loadMigratedDump(source.dumpPath) });
  }
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
