/**
 * npm run db:export -- <file>   writes every table of DATABASE_URL to <file> (gzipped JSON lines)
 * npm run db:import -- <file>   migrates DATABASE_URL, then loads <file> into it (it must be empty)
 *
 * The way from the embedded default to PostgreSQL (docs/deployment.md): export with the PGlite
 * directory as DATABASE_URL, import with postgres://… as DATABASE_URL.
 */
import 'dotenv/config';
import { envSchema } from '../server/env.ts';
import { exportDatabase, importDatabase, type BackupSummary } from './backup.ts';
import { openDatabase } from './client.ts';

const [command, file] = process.argv.slice(2);
if ((command !== 'export' && command !== 'import') || !file) {
  console.error('usage: tsx db/backup-cli.ts export|import <file>');
  process.exit(2);
}
const url = envSchema.shape.DATABASE_URL.parse(process.env.DATABASE_URL);
const database = await openDatabase({ url, poolSize: 1 });
const started = performance.now();
try {
  let summary: BackupSummary;
  if (command === 'export') summary = await exportDatabase(database.db, file);
  else {
    await database.migrate();
    summary = await importDatabase(database.db, file);
  }
  const rows = summary.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `${command === 'export' ? 'exported' : 'imported'} ${summary.tables.length} tables, ${rows} rows (${summary.migrations} migrations) ${command === 'export' ? 'to' : 'from'} ${file} in ${Math.round(performance.now() - started)} ms`,
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await database.close();
}
