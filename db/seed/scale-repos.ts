/**
 * Repos at benchmark volume (npm run seed:scale -- --repos 100000): rows made by the database
 * itself (INSERT … SELECT over generate_series) with the fixed tag tree's links (root and sub-tag,
 * carrying the repo's sort keys), a title translation for every other repo, every 50th repo
 * featured, and star snapshots 1, 7 and 30 days back from which the trending gains are computed
 * by the one formula (db/repo-trending.ts).
 */
import { sql } from 'drizzle-orm';
import { newId } from '@core/ids.ts';
import { LANGUAGE_LIST } from '@core/repos.ts';
import type { Tx } from '../client.ts';
import { refreshRepoTrending } from '../repo-trending.ts';
import { dropSecondaryIndexes, rebuildIndexes } from './bulk-indexes.ts';
import { repoTags, repos } from '../schema/repos.ts';
import { REPO_TAG_TREE } from './content/catalog.ts';

/** The tables generateRepos fills. */
const GENERATED_TABLES = ['repos', 'repo_tag_links', 'repo_translations', 'repo_star_snapshots'];

export async function generateRepos(tx: Tx, count: number): Promise<number> {
  if (count <= 0) return 0;
  // Each generated row went into every index (13 on repos) and the trending refresh rewrites every
  // repo, its index entries too: the indexes are built once over the rows instead, when the load
  // is most of what the tables will hold.
  const [{ existing }] = await tx.select({ existing: sql<number>`count(*)::int` }).from(repos);
  const dropped = existing < count ? await dropSecondaryIndexes(tx, GENERATED_TABLES) : [];
  const [{ n: tagCount }] = await tx.select({ n: sql<number>`count(*)::int` }).from(repoTags);
  if (tagCount === 0) {
    const rows: Array<typeof repoTags.$inferInsert> = [];
    REPO_TAG_TREE.forEach((root, position) => {
      const id = newId();
      rows.push({ id, title: root.title, parentId: null, position });
      root.children.forEach((title, k) => {
        rows.push({ id: newId(), title, parentId: id, position: k });
      });
    });
    await tx.insert(repoTags).values(rows);
  }
  const languages = `{${LANGUAGE_LIST.map((l) => `"${l.title}"`).join(',')}}`;
  const [{ start }] = await tx
    .select({ start: sql<number>`count(*)::int` })
    .from(repos)
    .where(sql`${repos.originalId} LIKE 'scale-owner-%'`);
  // Ids: 8 hex digits of the creation second, 'f', then 15 of a running number.
  await tx.execute(sql`
    INSERT INTO repos (id, original_id, url, name, description, language, watch_count, star_count, fork_count,
      owner_username, readme, commited_at, created_at, updated_at, featured_at)
    SELECT
      lpad(to_hex(extract(epoch FROM t.created)::bigint), 8, '0') || 'f' || lpad(to_hex(g), 15, '0'),
      'scale-owner-' || (g % 5000) || '/project-' || g,
      'https://github.com/scale-owner-' || (g % 5000) || '/project-' || g,
      'project-' || g,
      'A generated repository for benchmarks, number ' || g,
      (${languages}::text[])[1 + g % ${LANGUAGE_LIST.length}::int],
      (t.stars / 20)::int, t.stars, (t.stars / 8)::int,
      'scale-owner-' || (g % 5000),
      '# project-' || g || E'\n\nGenerated for benchmarks.',
      t.created + interval '3 days',
      t.created, t.created,
      CASE WHEN g % 50 = 0 THEN t.created + interval '1 day' END
    FROM generate_series(${start}::int + 1, ${start}::int + ${count}::int) g,
      LATERAL (SELECT now() - (g * interval '41 seconds') AS created,
                      (power(((g * 7919) % 10007) / 10007.0, 4) * 200000)::int AS stars) t`);
  const scaled = sql`original_id LIKE 'scale-owner-%' AND substr(id, 9, 1) = 'f'`;
  // Root and sub-tag for two repos in three, spread over the tree.
  await tx.execute(sql`
    WITH roots AS (SELECT id, row_number() OVER (ORDER BY position, id) - 1 AS k FROM repo_tags WHERE parent_id IS NULL),
         subs AS (SELECT id, parent_id, row_number() OVER (PARTITION BY parent_id ORDER BY position, id) - 1 AS k,
                         count(*) OVER (PARTITION BY parent_id) AS n FROM repo_tags WHERE parent_id IS NOT NULL),
         picked AS (
           SELECT r.id AS repo_id, r.created_at, r.star_count, roots.id AS root_id,
                  (SELECT s.id FROM subs s WHERE s.parent_id = roots.id AND s.k = (hashtext(r.id) & 1023) % s.n) AS sub_id
           FROM repos r JOIN roots ON roots.k = (hashtext(r.id) & 1023) % (SELECT count(*) FROM roots)
           WHERE r.original_id LIKE 'scale-owner-%' AND substr(r.id, 9, 1) = 'f' AND hashtext(r.id) % 3 <> 0)
    INSERT INTO repo_tag_links (repo_id, repo_tag_id, created_at, star_count)
    SELECT repo_id, root_id, created_at, star_count FROM picked
    UNION ALL
    SELECT repo_id, sub_id, created_at, star_count FROM picked WHERE sub_id IS NOT NULL
    ON CONFLICT DO NOTHING`);
  await tx.execute(sql`
    INSERT INTO repo_translations (id, repo_id, user_id, field, content, vote_count, created_at)
    SELECT substr(id, 1, 8) || 'e' || substr(id, 10), id, NULL, 'title', '生成的开源库 ' || name, 0, created_at
    FROM repos WHERE ${scaled} AND hashtext(id) % 2 = 0`);
  // Star history: 30, 7 and 1 day back, lower by a share that differs per repo.
  await tx.execute(sql`
    INSERT INTO repo_star_snapshots (repo_id, day, star_count)
    SELECT id, current_date - d, greatest(0, star_count - (star_count * d * ((hashtext(id) & 255) / 255.0) / 300)::int)
    FROM repos, unnest(ARRAY[30, 7, 1]) d
    WHERE ${scaled}
    ON CONFLICT DO NOTHING`);
  await refreshRepoTrending(tx);
  await rebuildIndexes(tx, dropped);
  return count;
}
