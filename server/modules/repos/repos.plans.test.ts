import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyze, type Database } from '@db/client.ts';
import { generateRepos } from '@db/seed/scale-repos.ts';
import { createTestDatabase } from '../../../tests/setup/test-db.ts';
import * as queries from './repos.queries.ts';

/**
 * The repo lists at 100k repos (the scale generator): each is read from an index, never by a
 * sequential scan of repos or repo_tag_links followed by a sort (docs/decisions/011-repos.md).
 */
const REPOS = 100_000;
let database: Database;
let frontend: string;
let framework: string;

beforeAll(async () => {
  database = await createTestDatabase();
  // generateRepos builds the generated tables' secondary indexes once, after the rows (db/seed/bulk-indexes.ts).
  // (The changed catalog closes this PGlite instead of handing it to the worker's next file.)
  await database.db.transaction((tx) => generateRepos(tx, REPOS));
  const indexNames = rowsOf<{ name: string }>(
    await database.db.execute(sql`SELECT indexname AS name FROM pg_indexes WHERE tablename = 'repos'`),
  ).map((index) => index.name);
  expect(indexNames).toContain('repos_trending_weekly_idx');
  await analyze(database.db);
  const tags = rowsOf<{ id: string; parent_id: string | null }>(
    await database.db.execute(sql`SELECT id, parent_id FROM repo_tags ORDER BY position, id`),
  );
  frontend = tags.find((t) => t.parent_id === null)?.id ?? '';
  framework = tags.find((t) => t.parent_id === frontend)?.id ?? '';
}, 300_000);
afterAll(() => database?.close());

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function plan(query: { getSQL(): SQL }): Promise<string> {
  const result = await database.db.execute(sql`EXPLAIN ${query.getSQL()}`);
  return rowsOf<Record<string, string>>(result)
    .map((row) => Object.values(row)[0])
    .join('\n');
}

function expectIndexed(text: string, index: string) {
  expect(text, text).toContain(index);
  expect(text, text).not.toMatch(/Seq Scan on repos\b/);
  expect(text, text).not.toMatch(/Seq Scan on repo_tag_links\b/);
}

describe(`repo lists at ${REPOS} repos`, () => {
  it('has the volume', async () => {
    const [row] = rowsOf<{ n: number }>(await database.db.execute(sql`SELECT count(*)::int AS n FROM repos`));
    expect(row.n).toBe(REPOS);
  });

  it('trending, of all languages and of one, reads the period index', async () => {
    for (const period of ['daily', 'weekly', 'monthly'] as const) {
      expectIndexed(
        await plan(queries.selectTrending(database.db, { period, language: null, limit: 25 })),
        `repos_trending_${period}_idx`,
      );
      expectIndexed(
        await plan(queries.selectTrending(database.db, { period, language: 'Python', limit: 25 })),
        `repos_language_${period}_idx`,
      );
    }
    const rows = await queries.selectTrending(database.db, { period: 'weekly', language: 'Rust', limit: 25 });
    expect(rows.length).toBe(25);
    expect(rows.every((r) => r.language === 'Rust')).toBe(true);
  });

  it('newest and most starred, without tags and under tags, read their indexes', async () => {
    const page = { offset: 40, limit: 21, asc: false };
    expectIndexed(
      await plan(queries.selectRepoPage(database.db, { sort: 'timeline', tagIds: [], ...page })),
      'repos_created_idx',
    );
    expectIndexed(
      await plan(queries.selectRepoPage(database.db, { sort: 'stars', tagIds: [], ...page })),
      'repos_stars_idx',
    );
    expectIndexed(
      await plan(queries.selectRepoPage(database.db, { sort: 'timeline', tagIds: [frontend], ...page })),
      'repo_tag_links_created_idx',
    );
    expectIndexed(
      await plan(queries.selectRepoPage(database.db, { sort: 'stars', tagIds: [framework, frontend], ...page })),
      'repo_tag_links_stars_idx',
    );
    const rows = await queries.selectRepoPage(database.db, { sort: 'stars', tagIds: [framework, frontend], ...page });
    expect(rows.length).toBe(21);
    const stars = rows.map((r) => r.starCount);
    expect(stars).toEqual([...stars].sort((a, b) => b - a));
  });

  it('the custom list and a translation list read theirs', async () => {
    expectIndexed(
      await plan(queries.selectFeaturedPage(database.db, { cursor: null, limit: 5 })),
      'repos_featured_idx',
    );
    const [repo] = await queries.selectRepoPage(database.db, {
      sort: 'stars',
      tagIds: [],
      offset: 0,
      limit: 1,
      asc: false,
    });
    const translations = await plan(
      queries.selectTranslationPage(database.db, { repoId: repo.id, field: 'title', skip: 0, limit: 10 }),
    );
    expect(translations).toContain('repo_translations_repo_idx');
    expect(translations).not.toMatch(/Seq Scan on repo_translations\b/);
  });
});
