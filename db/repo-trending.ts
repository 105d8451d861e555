/**
 * The trending formula of get_trending (SPEC §7.8), one home (GUIDE rule 13): a repo's stars
 * gained in a period are its star count now minus the earliest daily snapshot inside the period
 * (repo_star_snapshots), never below zero; a repo with no snapshot in the period gained nothing.
 * The importer records a snapshot on every refresh and calls refreshRepoTrending for the repo; the
 * seed and the scale generator call it once for all repos.
 */
import { inArray, sql } from 'drizzle-orm';
import { TRENDING_PERIOD_DAYS } from '@core/repos.ts';
import type { Db, Tx } from './client.ts';
import { repoStarSnapshots, repos } from './schema/repos.ts';

function gained(days: number) {
  return sql`greatest(0, ${repos.starCount} - coalesce((
    select s.star_count from ${repoStarSnapshots} s
    where s.repo_id = ${repos.id} and s.day >= current_date - ${sql.raw(String(days))}
    order by s.day asc limit 1), ${repos.starCount}))`;
}

/** Recomputes the stars gained per period of the given repos (all repos when left out). */
export async function refreshRepoTrending(tx: Db | Tx, repoIds?: string[]) {
  if (repoIds && repoIds.length === 0) return;
  await tx
    .update(repos)
    .set({
      starsDaily: gained(TRENDING_PERIOD_DAYS.daily),
      starsWeekly: gained(TRENDING_PERIOD_DAYS.weekly),
      starsMonthly: gained(TRENDING_PERIOD_DAYS.monthly),
    })
    .where(repoIds ? inArray(repos.id, repoIds) : undefined);
}

/** Today's star count of a repo (one row a day; a later refresh the same day replaces it). */
export async function recordStarSnapshot(tx: Db | Tx, repoId: string, starCount: number) {
  await tx
    .insert(repoStarSnapshots)
    .values({ repoId, day: sql`current_date`, starCount })
    .onConflictDoUpdate({ target: [repoStarSnapshots.repoId, repoStarSnapshots.day], set: { starCount } });
}
