import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { migrationsFolder, openDatabase } from '@db/client.ts';

/** What each test file's createTestDatabase starts from (tests/setup/test-db.ts). */
export type TestDatabaseSource =
  | { kind: 'pglite'; dumpPath: string }
  | { kind: 'postgres'; serverUrl: string; template: string; runId: string };

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseSource;
  }
}

export function databaseUrlNamed(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The migrations and the PGlite build decide what the migrated dump holds. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  hash.update(readFileSync(new URL('../../node_modules/@electric-sql/pglite/package.json', import.meta.url)));
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else hash.update(entry.name).update(readFileSync(file));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/**
 * Migrating a new PGlite costs seconds, loading a dump of one well under a second: migrate once,
 * dump, and let each test file load the dump. The dump is cached across runs by fingerprint.
 */
async function preparePgliteDump(): Promise<string> {
  const dir = path.join(os.tmpdir(), 'jinsha-test');
  const dumpPath = path.join(dir, `pglite-${migrationsFingerprint()}.tar`);
  if (existsSync(dumpPath)) {
    const now = new Date();
    utimesSync(dumpPath, now, now);
    return dumpPath;
  }
  mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ url: 'memory://' });
  try {
    await database.migrate();
    const dump = await database.pglite!.dumpDataDir('none');
    const partial = `${dumpPath}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, dumpPath);
  } finally {
    await database.close();
  }
  removeStaleDumps(dir, dumpPath);
  return dumpPath;
}

/** Dumps of older migrations (and their data directories) take ~40 MB each; a day's grace spares a run still using one. */
function removeStaleDumps(dir: string, currentDump: string) {
  const current = path.basename(currentDump, '.tar');
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (name.startsWith('pglite-') && !name.startsWith(current) && statSync(file).mtimeMs < dayAgo) {
      rmSync(file, { recursive: true, force: true });
    }
  }
}

/**
 * PostgreSQL: one migrated template database per run; each test file clones it (CREATE DATABASE …
 * TEMPLATE) and drops its clone. Whatever a crashed file left behind is dropped at the end.
 */
async function preparePostgresTemplate(serverUrl: string) {
  const runId = randomBytes(4).toString('hex');
  const template = `t_${runId}_template`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ url: databaseUrlNamed(serverUrl, template), poolSize: 1 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  const teardown = async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`t\\_${runId}\\_%`],
      );
      for (const { datname } of rows) await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    } finally {
      await client.end();
    }
  };
  return { source: { kind: 'postgres', serverUrl, template, runId } as const, teardown };
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && /^postgres(ql)?:\/\//.test(serverUrl)) {
    const { source, teardown } = await preparePostgresTemplate(serverUrl);
    project.provide('testDatabase', source);
    return teardown;
  }
  project.provide('testDatabase', { kind: 'pglite', dumpPath: await preparePgliteDump() });
}
