import type { PGlite } from '@electric-sql/pglite';
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

/** The rows of a raw `db.execute(sql…)`: node-postgres answers a result with rows, PGlite may answer the rows. */
export function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : (result as { rows: T[] }).rows;
}

export interface Database {
  db: Db;
  driver: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Cheap round trip for /readyz. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel: PostgreSQL delivers every NOTIFY committed on it, by any process, to
   * `handlers.notify`. One dedicated connection outside the pool serves every channel of this
   * database (PGlite: its own listener); it is opened by the first call, whose promise resolves
   * once the LISTEN is in place, and closed by close(). When that connection is lost,
   * notifications may have been missed: `handlers.reset` is called, and the connection is
   * reopened (with its LISTENs) every 2 s until it succeeds. Returns the function that stops
   * listening.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => void>;
  /**
   * Raw SQL for libraries that bring their own statements (the job runner, server/jobs): with
   * values, one statement with $1… placeholders; without, possibly several statements (simple
   * protocol). Returns the last statement's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[]; rowCount: number }>;
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
  db.transaction = async (run, config) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transaction(run, config);
      } catch (error) {
        if (attempt >= TRANSACTION_ATTEMPTS || !isTransactionConflict(error)) throw error;
        onRetry?.(error, attempt);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };
  return db;
}

export interface ListenHandlers {
  notify(payload: string): void;
  /** Called when notifications may have been missed (a lost connection). */
  reset?(): void;
  /** Called when a lost connection is back and listening again. */
  resumed?(): void;
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

/**
 * The embedded database's buffer pool, inside the process. PostgreSQL's default of 128 MB is
 * allocated and touched when PGlite opens, whatever the size of the data (103 MB more RSS than
 * 32 MB on the demo database, measured); pages beyond it are read through the operating system's
 * file cache, which holds them outside the process. The demo content is 74 MB on disk.
 */
const PGLITE_SHARED_BUFFERS = '32MB';

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
    const db = retryConflicts(drizzlePg(pool, { schema }), options.onTransactionRetry);
    const listener = new PostgresListener(pool.options);
    return {
      db,
      driver: 'postgres',
      listen: (channel, handlers) => listener.listen(channel, handlers),
      migrate: () =>
        migratePg(db as never, {
          migrationsFolder,
          migrationsSchema: options.searchPath ?? 'drizzle',
        }),
      ping: async () => {
        await pool.query('select 1');
      },
      executeSql: async (text, values) => {
        const result = await pool.query(text, values?.length ? values : undefined);
        // Several statements answer an array of results: the last one counts.
        const last = (Array.isArray(result) ? result.at(-1) : result) as pg.QueryResult | undefined;
        return { rows: last?.rows ?? [], rowCount: last?.rowCount ?? 0 };
      },
      close: async () => {
        await listener.close();
        await pool.end();
      },
    };
  }
  // PGlite and its drizzle driver load only for an embedded database: a process on PostgreSQL
  // does not hold them (≈ 5 MB of RSS; docs/performance.md, session 9).
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dataDir = options.url === 'memory://' ? undefined : options.url;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir, {
    loadDataDir: options.loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  const db: Db = drizzlePglite(client, { schema });
  return {
    db,
    driver: 'pglite',
    pglite: client,
    listen: async (channel, handlers) => {
      const unlisten = await client.listen(channel, (payload) => handlers.notify(payload));
      return () => void unlisten().catch(() => {});
    },
    migrate: () => migratePglite(db as never, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const result = await client.query<Record<string, unknown>>(text, values);
        return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
      }
      // exec runs several statements (the simple protocol), as pg does without values.
      const last = (await client.exec(text)).at(-1);
      return { rows: (last?.rows ?? []) as Record<string, unknown>[], rowCount: last?.affectedRows ?? 0 };
    },
    close: () => client.close(),
  };
}

const RELISTEN_MS = 2000;

/** One connection of its own (LISTEN holds its session) for every channel a process listens on. */
class PostgresListener {
  private readonly channels = new Map<string, Set<ListenHandlers>>();
  private client: pg.Client | null = null;
  /** The channels the current connection LISTENs on. */
  private listened = new Set<string>();
  private connecting: Promise<pg.Client> | null = null;
  private retry: NodeJS.Timeout | undefined;
  private closed = false;
  private wasLost = false;

  constructor(private readonly options: pg.PoolConfig) {}

  async listen(channel: string, handlers: ListenHandlers): Promise<() => void> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`bad channel name ${channel}`);
    let set = this.channels.get(channel);
    if (!set) {
      set = new Set();
      this.channels.set(channel, set);
    }
    set.add(handlers);
    const client = await this.connect();
    if (!this.listened.has(channel)) {
      this.listened.add(channel);
      await client.query(`LISTEN ${channel}`);
    }
    return () => {
      set.delete(handlers);
    };
  }

  private connect(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= (async () => {
      const client = new pg.Client(this.options);
      client.on('notification', (message) => {
        for (const handlers of this.channels.get(message.channel) ?? []) handlers.notify(message.payload ?? '');
      });
      client.on('error', () => this.lost(client));
      client.on('end', () => this.lost(client));
      try {
        await client.connect();
        this.listened = new Set(this.channels.keys());
        for (const channel of this.listened) await client.query(`LISTEN ${channel}`);
      } catch (error) {
        client.end().catch(() => {});
        throw error;
      } finally {
        this.connecting = null;
      }
      if (this.closed) {
        await client.end();
        throw new Error('the database is closed');
      }
      this.client = client;
      if (this.wasLost) {
        this.wasLost = false;
        for (const set of this.channels.values()) for (const handlers of set) handlers.resumed?.();
      }
      return client;
    })();
    return this.connecting;
  }

  private lost(client: pg.Client) {
    if (this.client !== client) return;
    this.client = null;
    this.wasLost = true;
    client.end().catch(() => {});
    for (const set of this.channels.values()) for (const handlers of set) handlers.reset?.();
    const reconnect = () => {
      if (this.closed) return;
      this.connect().catch(() => {
        this.retry = setTimeout(reconnect, RELISTEN_MS);
      });
    };
    this.retry = setTimeout(reconnect, RELISTEN_MS);
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client ?? (await this.connecting?.catch(() => null));
    this.client = null;
    await client?.end().catch(() => {});
  }
}

/** PGlite has no autovacuum: refresh planner statistics after bulk loads (STACK-NOTES). */
export async function analyze(db: Db): Promise<void> {
  await db.execute(sql`VACUUM ANALYZE`);
}
