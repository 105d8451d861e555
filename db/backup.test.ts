import { sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { trackingEvents } from '@db/schema/index.ts';
import { databaseUrlNamed } from '../tests/setup/global-database.ts';
import { findBinDir, startPrivatePostgres } from '../tests/setup/private-postgres.ts';
import { createTestDatabase, createTestDatabaseUrl } from '../tests/setup/test-db.ts';
import { type BackupSummary, exportDatabase, importDatabase } from './backup.ts';
import { type Database, type Db, openDatabase, rowsOf } from './client.ts';
import { seedDemo } from './seed/demo.ts';

/**
 * The scenarios share their setup (issue 17: no single test of more than a few seconds): the
 * source is seeded and exported once, and each target database is made once in its describe's
 * beforeAll. No test writes to the source, and a test that writes to a shared target undoes it.
 */

/** Every public table with its row count and a digest of its rows in a fixed order. */
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number; digest: string }>(
      await db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${name}" t`,
        ),
      ),
    );
    result[name] = `${row?.n} ${row?.digest}`;
  }
  return result;
}

const run = promisify(execFile);
const pass = inject('testDatabase').kind;
let source: Database;
let sourcePrint: Record<string, string>;
let dir: string;
/** The source's export, made once: the tests only read it (or write changed copies of it). */
let file: string;
let exported: BackupSummary;
const opened: Database[] = [];

/** A migrated, empty database: the pass's own kind, or an in-memory PGlite. */
async function emptyDatabase(kind: 'same' | 'pglite'): Promise<Database> {
  const database =
    kind === 'same' || pass === 'pglite'
      ? // On a PGlite pass the pass's own kind is the embedded one, loaded from the migrated dump.
        await createTestDatabase()
      : await openDatabase({ url: 'memory://' }).then(async (d) => {
          await d.migrate();
          return d;
        });
  opened.push(database);
  return database;
}

/**
 * The export imported into an empty database of that kind, once per kind: on a PGlite pass the
 * embedded database is the pass's own kind, so both kinds are the one import.
 */
const imports = new Map<string, Promise<Database>>();
function importedInto(kind: 'same' | 'pglite'): Promise<Database> {
  const key = pass === 'pglite' ? 'same' : kind;
  let target = imports.get(key);
  if (!target) {
    target = emptyDatabase(kind).then(async (database) => {
      await importDatabase(database.db, file);
      return database;
    });
    imports.set(key, target);
  }
  return target;
}

beforeAll(async () => {
  source = await createTestDatabase();
  opened.push(source);
  await seedDemo(source);
  // A row with an identity column, which the import must continue after.
  await source.db.insert(trackingEvents).values({ action: 'view', target: 'entry' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'jinsha-backup-'));
  file = path.join(dir, 'site.jsonl.gz');
  exported = await exportDatabase(source.db, file);
  sourcePrint = await fingerprint(source.db);
}, 120_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** How many rows the users table holds (the first table an import fills). */
async function userCount(db: Db): Promise<number> {
  const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from users`));
  return n;
}

describe('db export', () => {
  it('writes every table with its row count', () => {
    expect(exported.tables.find((t) => t.name === 'entries')?.rows).toBeGreaterThan(100);
    const counted = Object.fromEntries(
      Object.entries(sourcePrint).map(([name, print]) => [name, Number(print.split(' ')[0])]),
    );
    expect(Object.fromEntries(exported.tables.map((t) => [t.name, t.rows]))).toEqual(counted);
  });
});

describe('db import into an empty database of the same kind', () => {
  let target: Database;
  beforeAll(async () => {
    target = await importedInto('same');
  }, 120_000);

  it('copies every table row for row', async () => {
    expect(await fingerprint(target.db)).toEqual(sourcePrint);
  });
});

describe('db import across drivers (into the embedded database)', () => {
  let target: Database;
  beforeAll(async () => {
    target = await importedInto('pglite');
  }, 120_000);

  // On a PGlite pass this target is the same kind as the one above, already compared: the test
  // exists on the PostgreSQL pass only (rather than showing as skipped on the other).
  if (pass === 'postgres')
    it('copies every table row for row', async () => {
      expect(await fingerprint(target.db)).toEqual(sourcePrint);
    });

  it('identity columns go on after the imported ids', async () => {
    const [{ max }] = rowsOf<{ max: number }>(
      await target.db.execute(sql`select max(id)::int as max from tracking_events`),
    );
    const rollback = new Error('rollback: the target keeps the imported rows only');
    let inserted: { id: number } | undefined;
    await expect(
      target.db.transaction(async (tx) => {
        [inserted] = await tx.insert(trackingEvents).values({ action: 'view' }).returning({ id: trackingEvents.id });
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(inserted?.id).toBe(max + 1);
  });
});

describe('db import refusals', () => {
  /** One empty target for every refusal: each leaves it empty, and checks so. */
  let empty: Database;
  let lines: string[];
  beforeAll(async () => {
    empty = await emptyDatabase('same');
    lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
  }, 120_000);

  it('refuses a database that already holds rows, and writes nothing into it', async () => {
    await expect(importDatabase(source.db, file)).rejects.toThrow(/already holds rows/);
    expect(await userCount(source.db)).toBe(Number(sourcePrint.users?.split(' ')[0]));
  });

  it('refuses an export made at another migration', async () => {
    const header = JSON.parse(lines[0] as string);
    const older = path.join(dir, 'other-version.jsonl.gz');
    await writeFile(
      older,
      gzipSync([JSON.stringify({ ...header, migrations: header.migrations + 1 }), ...lines.slice(1)].join('\n')),
    );
    await expect(importDatabase(empty.db, older)).rejects.toThrow(/migrations/);
    expect(await userCount(empty.db)).toBe(0);
  });

  it('refuses a file of another kind', async () => {
    const foreign = path.join(dir, 'foreign.gz');
    await writeFile(foreign, gzipSync('{"hello":"world"}\n'));
    await expect(importDatabase(empty.db, foreign)).rejects.toThrow(/is not a jinsha-export file/);
    expect(await userCount(empty.db)).toBe(0);
  });

  it('rolls back everything when a batch is cut short', async () => {
    // Cut after the users' first batch, inside the next one: the import has written rows (the
    // users at least) when it meets the cut, and must leave every table empty. Cutting further
    // on proves no more and costs an import of nearly the whole file.
    const users = lines.findIndex((line) => line.startsWith('{"table":"users"'));
    expect(users).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(users + 3);
    const cut = path.join(dir, 'cut.jsonl.gz');
    await writeFile(cut, gzipSync(lines.slice(0, users + 3).join('\n')));
    await expect(importDatabase(empty.db, cut)).rejects.toThrow(/ends inside/);
    const counts = Object.values(await fingerprint(empty.db)).map((print) => Number(print.split(' ')[0]));
    expect(counts.length).toBeGreaterThan(10);
    expect(counts.every((n) => n === 0)).toBe(true);
  });
});

/** A migrated PostgreSQL database: the pass's clone, or on a PGlite pass a private server's. */
async function postgresDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (pass === 'postgres') return createTestDatabaseUrl();
  const server = await startPrivatePostgres();
  return { url: server.serverUrl, dispose: server.dispose };
}

describe('pg_dump and pg_restore (docs/deployment.md)', () => {
  const bin = findBinDir();
  let server: { url: string; dispose(): Promise<void> } | undefined;
  let live: Database | undefined;
  let livePrint: Record<string, string>;
  const restoredName = `restored_${process.pid}_${Date.now()}`;
  let restoredUrl: string;
  const dump = () => path.join(dir, 'site.dump');
  /** pg_dump's custom-format file, made by the first test that needs it (each also runs alone). */
  let dumped: Promise<string> | undefined;
  const dumpFile = () => {
    dumped ??= run(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${dump()}`, server?.url ?? '']).then(dump);
    return dumped;
  };

  beforeAll(async () => {
    server = await postgresDatabase();
    restoredUrl = databaseUrlNamed(server.url, restoredName);
    live = await openDatabase({ url: server.url, poolSize: 2 });
    await live.migrate();
    // The demo content, from the export above: what seedDemo wrote, for less than seeding again.
    await importDatabase(live.db, file);
    livePrint = await fingerprint(live.db);
  }, 120_000);

  afterAll(async () => {
    await live?.close();
    if (!server) return;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
    } finally {
      await admin.end();
      await server.dispose();
    }
  });

  it('a custom-format dump holds every table and its rows', async () => {
    expect(Number(livePrint.entries?.split(' ')[0])).toBeGreaterThan(100);
    const { stdout } = await run(path.join(bin, 'pg_restore'), ['--list', await dumpFile()]);
    const data = new Set([...stdout.matchAll(/ TABLE DATA public (\S+) /g)].map((m) => m[1]));
    expect([...data].sort()).toEqual(Object.keys(livePrint).sort());
  });

  it('restores into a new database row for row', async () => {
    const file = await dumpFile();
    const admin = new pg.Client({ connectionString: server?.url });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${restoredName}`);
    } finally {
      await admin.end();
    }
    await run(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, file]);
    const restored = await openDatabase({ url: restoredUrl, poolSize: 1 });
    try {
      expect(await fingerprint(restored.db)).toEqual(livePrint);
    } finally {
      await restored.close();
    }
  }, 60_000);
});
