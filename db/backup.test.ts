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
import { exportDatabase, importDatabase } from './backup.ts';
import { type Database, type Db, openDatabase, rowsOf } from './client.ts';
import { seedDemo } from './seed/demo.ts';

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

let source: Database;
let dir: string;
let file: string;
const opened: Database[] = [];

/** A migrated, empty database: the pass's own kind, or an in-memory PGlite. */
async function emptyDatabase(kind: 'same' | 'pglite'): Promise<Database> {
  const database =
    kind === 'same'
      ? await createTestDatabase()
      : inject('testDatabase').kind === 'pglite'
        ? // On a PGlite pass the pass's own kind is the embedded one, loaded from the migrated dump.
          await createTestDatabase()
        : await openDatabase({ url: 'memory://' }).then(async (d) => {
            await d.migrate();
            return d;
          });
  opened.push(database);
  return database;
}

beforeAll(async () => {
  source = await createTestDatabase();
  opened.push(source);
  await seedDemo(source);
  // A row with an identity column, which the import must continue after.
  await source.db.insert(trackingEvents).values({ action: 'view', target: 'entry' });
  dir = await mkdtemp(path.join(os.tmpdir(), 'jinsha-backup-'));
  file = path.join(dir, 'site.jsonl.gz');
}, 120_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('db export and import', () => {
  it('copies every table row for row into an empty database of the same kind', async () => {
    const summary = await exportDatabase(source.db, file);
    expect(summary.tables.find((t) => t.name === 'entries')?.rows).toBeGreaterThan(100);
    const target = await emptyDatabase('same');
    await importDatabase(target.db, file);
    expect(await fingerprint(target.db)).toEqual(await fingerprint(source.db));
  }, 120_000);

  it('copies across drivers (into the embedded database) and identity columns go on after the imported ids', async () => {
    await exportDatabase(source.db, file);
    const target = await emptyDatabase('pglite');
    await importDatabase(target.db, file);
    expect(await fingerprint(target.db)).toEqual(await fingerprint(source.db));
    const [{ max }] = rowsOf<{ max: number }>(
      await target.db.execute(sql`select max(id)::int as max from tracking_events`),
    );
    const [inserted] = await target.db
      .insert(trackingEvents)
      .values({ action: 'view' })
      .returning({ id: trackingEvents.id });
    expect(inserted?.id).toBe(max + 1);
  }, 120_000);

  it('refuses a database that already holds rows, and writes nothing into it', async () => {
    await exportDatabase(source.db, file);
    await expect(importDatabase(source.db, file)).rejects.toThrow(/already holds rows/);
  }, 60_000);

  it('refuses an export made at another migration, and a file of another kind', async () => {
    await exportDatabase(source.db, file);
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    const header = JSON.parse(lines[0] as string);
    lines[0] = JSON.stringify({ ...header, migrations: header.migrations + 1 });
    const older = path.join(dir, 'other-version.jsonl.gz');
    await writeFile(older, gzipSync(lines.join('\n')));
    const target = await emptyDatabase('same');
    await expect(importDatabase(target.db, older)).rejects.toThrow(/migrations/);

    const foreign = path.join(dir, 'foreign.gz');
    await writeFile(foreign, gzipSync('{"hello":"world"}\n'));
    await expect(importDatabase(target.db, foreign)).rejects.toThrow(/is not a jinsha-export file/);
    const [{ n }] = rowsOf<{ n: number }>(await target.db.execute(sql`select count(*)::int as n from users`));
    expect(n).toBe(0);
  }, 60_000);

  it('rolls back everything when a batch is cut short', async () => {
    await exportDatabase(source.db, file);
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .trimEnd()
      .split('\n');
    const cut = path.join(dir, 'cut.jsonl.gz');
    await writeFile(cut, gzipSync(lines.slice(0, -1).join('\n')));
    const target = await emptyDatabase('same');
    await expect(importDatabase(target.db, cut)).rejects.toThrow(/ends inside/);
    const [{ n }] = rowsOf<{ n: number }>(await target.db.execute(sql`select count(*)::int as n from users`));
    expect(n).toBe(0);
  }, 60_000);
});

/** A migrated PostgreSQL database: the pass's clone, or on a PGlite pass a private server's. */
async function postgresDatabase(): Promise<{ url: string; dispose(): Promise<void> }> {
  if (inject('testDatabase').kind === 'postgres') return createTestDatabaseUrl();
  const server = await startPrivatePostgres();
  return { url: server.serverUrl, dispose: server.dispose };
}

describe('pg_dump and pg_restore (docs/deployment.md)', () => {
  it('a custom-format dump restores into a new database row for row', async () => {
    const run = promisify(execFile);
    const bin = findBinDir();
    const server = await postgresDatabase();
    const restoredName = `restored_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    try {
      const live = await openDatabase({ url: server.url, poolSize: 2 });
      opened.push(live);
      await live.migrate();
      await seedDemo(live);
      const dump = path.join(dir, 'site.dump');
      await run(path.join(bin, 'pg_dump'), ['--format=custom', `--file=${dump}`, server.url]);
      await admin.query(`CREATE DATABASE ${restoredName}`);
      const restoredUrl = databaseUrlNamed(server.url, restoredName);
      await run(path.join(bin, 'pg_restore'), ['--no-owner', `--dbname=${restoredUrl}`, dump]);
      const restored = await openDatabase({ url: restoredUrl, poolSize: 1 });
      try {
        const before = await fingerprint(live.db);
        expect(Number(before.entries?.split(' ')[0])).toBeGreaterThan(100);
        expect(await fingerprint(restored.db)).toEqual(before);
      } finally {
        await restored.close();
      }
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
      await admin.end();
      await opened.pop()?.close();
      await server.dispose();
    }
  }, 180_000);
});
