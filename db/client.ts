import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { isTransactionConflict } from './errors.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the services see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle has the same query surface as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: the raw handle, for dumps in tests. */
  pglite?: PGlite;
}

/** How many times a transaction runs in all when PostgreSQL aborts it for a deadlock or serialization failure. */
export const TRANSACTION_ATTEMPTS = 4;

/**
 * The one transaction helper: `db.transaction` runs the whole callback again (up to
 * TRANSACTION_ATTEMPTS times, after a short random pause) when PostgreSQL aborts it with
 * 40001 or 40P01. Nested transactions (savepoints, `tx.transaction`) are not retried on their own:
 * the outermost one is. Callbacks therefore keep side effects outside the database after the commit.
 */
function retryConflicts(db: Db, onRetry?: (error: unknown, attempt: number) => void): Db {
  const transaction = db.transaction.bind(db);
  db.transaction = (async (run, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(error)) throw error;
        onRetry?.(error, attempt);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  }) as Db['transaction'];
  return db;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export interface OpenDatabaseOptions {
  /** postgres://… selects PostgreSQL; anything else is a PGlite data directory ('memory://' for none). */
  url: string;
  /** PostgreSQL only: the schema to use (tests get one each). */
  searchPath?: string;
  poolSize?: number;
  /** PGlite only: a data-dir dump to start from (tests copy one migrated database). */
  loadDataDir?: Blob | File;
  /**
   * PostgreSQL only: told when the server ends a connection (restart, failover,
   * pg_terminate_backend, an idle-connection reaper). The pool drops that connection and opens
   * new ones as needed; without a listener Node would treat the error as uncaught and exit.
   */
  onConnectionError?: (error: Error) => void;
  /** PostgreSQL only: told each time a transaction runs again after a deadlock or serialization failure. */
  onTransactionRetry?: (error: unknown, attempt: number) => void;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (/^postgres(ql)?:\/\//.test(options.url)) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      options: options.searchPath ? `-c search_path=${options.searchPath}` : undefined,
      // While the server is away, a request waits at most this long for a connection, then fails (503).
      connectionTimeoutMillis: 5000,
    });
    const onConnectionError = (error: Error) => options.onConnectionError?.(error);
    // Idle connections report to the pool; connections a request holds report on themselves.
    pool.on('error', onConnectionError);
    pool.on('connect', (client) => client.on('error', onConnectionError));
    const db = retryConflicts(drizzlePg(pool, { schema }) as unknown as Db, options.onTransactionRetry);
    return {
      db,
      driver: 'postgres',
      migrate: () =>
        migratePg(db as never, {
          migrationsFolder,
          migrationsSchema: options.searchPath ?? 'drizzle',
        }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  const dataDir = options.url === 'memory://' ? undefined : options.url;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    loadDataDir: options.loadDataDir,
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    driver: 'pglite',
    pglite: client,
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** PGlite has no autovacuum: refresh planner statistics after bulk loads (STACK-NOTES). */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}
