/**
 * npm run repos:import -- owner/name [owner/name …]
 * npm run repos:import -- --refresh [--limit 100]
 * Imports repositories from GitHub into DATABASE_URL (metadata, languages, README), or refreshes
 * the ones synced longest ago (the periodic refresh: run it from cron, e.g. hourly). Uses
 * GITHUB_API_URL and GITHUB_TOKEN; requests are ETag-conditional and stop when the rate limit is
 * spent (docs/decisions/011-repos.md).
 */
import 'dotenv/config';
import { parseArgs } from 'node:util';
import { analyze, openDatabase } from '@db/client.ts';
import { createGithubClient } from '../server/adapters/github.ts';
import { envSchema } from '../server/env.ts';
import { importRepo, refreshRepos } from '../server/modules/repos/repos.service.ts';

const usage =
  'usage: npm run repos:import -- owner/name [owner/name …]  |  npm run repos:import -- --refresh [--limit N]';

const { values, positionals } = parseArgs({
  options: { refresh: { type: 'boolean', default: false }, limit: { type: 'string', default: '100' } },
  allowPositionals: true,
  strict: true,
});
if (!values.refresh && positionals.length === 0) {
  console.error(usage);
  process.exit(1);
}

const env = envSchema.pick({ DATABASE_URL: true, GITHUB_API_URL: true, GITHUB_TOKEN: true }).parse(process.env);
const host = createGithubClient({ apiUrl: env.GITHUB_API_URL, token: env.GITHUB_TOKEN });
const database = await openDatabase({ url: env.DATABASE_URL });
const ctx = { db: database.db, viewer: null, adapters: { github: host } };
let failures = 0;
try {
  await database.migrate();
  const report = (r: Awaited<ReturnType<typeof importRepo>>) => {
    const what = Object.entries(r.changed)
      .filter(([, changed]) => changed)
      .map(([name]) => name);
    console.log(
      `${r.created ? 'imported' : 'refreshed'} ${r.fullName} (${r.id}): ${r.starCount} stars, ${what.length ? `new ${what.join(', ')}` : 'unchanged (304)'}; rate limit ${r.rateLimit.remaining ?? '?'}/${r.rateLimit.limit ?? '?'}`,
    );
  };
  if (values.refresh) {
    const result = await refreshRepos(ctx, { limit: Number(values.limit) || 100 });
    result.done.forEach(report);
    for (const f of result.failed) console.error(`failed ${f.fullName}: ${f.message}`);
    failures = result.failed.length;
  } else {
    for (const fullName of positionals) {
      try {
        report(await importRepo(ctx, fullName));
      } catch (error) {
        failures += 1;
        console.error(`failed ${fullName}: ${error instanceof Error ? error.message : error}`);
      }
    }
  }
  // Fresh statistics after a batch (PGlite has no autovacuum: STACK-NOTES).
  await analyze(database.db);
} finally {
  await database.close();
}
process.exit(failures > 0 ? 1 : 0);
