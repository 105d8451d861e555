import { and, asc, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { TranslationField, TrendingPeriod } from '@core/repos.ts';
import type { Db, Tx } from '@db/client.ts';
import { recordStarSnapshot, refreshRepoTrending } from '@db/repo-trending.ts';
import {
  repoLanguages,
  repoTagLinks,
  repoTags,
  repoTranslationVotes,
  repoTranslations,
  repos,
} from '@db/schema/repos.ts';
import { type Cursor, keysetBefore } from '../../http/cursor.ts';

type Runner = Db | Tx;

/** What lists show of a repo (no README). */
export const repoColumns = {
  id: repos.id,
  originalId: repos.originalId,
  url: repos.url,
  name: repos.name,
  description: repos.description,
  language: repos.language,
  watchCount: repos.watchCount,
  starCount: repos.starCount,
  forkCount: repos.forkCount,
  licenseName: repos.licenseName,
  licenseUrl: repos.licenseUrl,
  ownerUsername: repos.ownerUsername,
  ownerAvatar: repos.ownerAvatar,
  ownerUrl: repos.ownerUrl,
  translatorIds: repos.translatorIds,
  commentCount: repos.commentCount,
  starsDaily: repos.starsDaily,
  starsWeekly: repos.starsWeekly,
  starsMonthly: repos.starsMonthly,
  featuredAt: repos.featuredAt,
  commitedAt: repos.commitedAt,
  createdAt: repos.createdAt,
  updatedAt: repos.updatedAt,
};

export type RepoRow = Awaited<ReturnType<typeof selectReposByIds>>[number];

export async function selectReposByIds(db: Runner, ids: string[]) {
  if (ids.length === 0) return [];
  return db.select(repoColumns).from(repos).where(inArray(repos.id, ids));
}

export async function selectRepoDetail(db: Runner, id: string) {
  const [row] = await db
    .select({ ...repoColumns, readme: repos.readme })
    .from(repos)
    .where(eq(repos.id, id));
  return row;
}

export async function selectRepoLanguages(db: Runner, repoId: string) {
  return db
    .select({ title: repoLanguages.title, lineCount: repoLanguages.lineCount, color: repoLanguages.color })
    .from(repoLanguages)
    .where(eq(repoLanguages.repoId, repoId));
}

const trendingColumn = {
  daily: repos.starsDaily,
  weekly: repos.starsWeekly,
  monthly: repos.starsMonthly,
} as const;

/** The repos that gained most stars in the period, optionally of one language (repos_[language_]<period>_idx). */
export function selectTrending(db: Runner, q: { period: TrendingPeriod; language: string | null; limit: number }) {
  const gained = trendingColumn[q.period];
  const where = [sql`${gained} > 0`];
  if (q.language) where.push(eq(repos.language, q.language));
  return db
    .select(repoColumns)
    .from(repos)
    .where(and(...where))
    .orderBy(desc(gained), desc(repos.id))
    .limit(q.limit);
}

export type RepoListSort = 'timeline' | 'stars';

/**
 * One numbered page of repos, newest or most starred, optionally only those filed under every tag
 * given. Without tags the repos' own indexes serve it; with tags, the first tag's copy of the sort
 * keys in repo_tag_links (repo_tag_links_created_idx / _stars_idx) does, and the other tags are
 * checked per row. One row more than the page tells whether there is a next page.
 */
export function selectRepoPage(
  db: Runner,
  q: { sort: RepoListSort; tagIds: string[]; offset: number; limit: number; asc: boolean },
) {
  const order = q.asc ? asc : desc;
  if (q.tagIds.length === 0) {
    const key = q.sort === 'stars' ? repos.starCount : repos.createdAt;
    return db.select(repoColumns).from(repos).orderBy(order(key), order(repos.id)).offset(q.offset).limit(q.limit);
  }
  const [first, ...others] = q.tagIds;
  const key = q.sort === 'stars' ? repoTagLinks.starCount : repoTagLinks.createdAt;
  const where: SQL[] = [eq(repoTagLinks.repoTagId, first)];
  for (const other of others) {
    where.push(
      sql`exists (select 1 from ${repoTagLinks} l where l.repo_id = ${repoTagLinks.repoId} and l.repo_tag_id = ${other})`,
    );
  }
  const page = db
    .select({ id: repoTagLinks.repoId, key })
    .from(repoTagLinks)
    .where(and(...where))
    .orderBy(order(key), order(repoTagLinks.repoId))
    .offset(q.offset)
    .limit(q.limit)
    .as('page');
  return db
    .select(repoColumns)
    .from(page)
    .innerJoin(repos, eq(repos.id, page.id))
    .orderBy(order(page.key), order(page.id));
}

/** The custom home list: repos editors featured, latest pick first (repos_featured_idx). */
export function selectFeaturedPage(db: Runner, q: { cursor: Cursor | null; limit: number }) {
  return db
    .select(repoColumns)
    .from(repos)
    .where(and(isNotNull(repos.featuredAt), keysetBefore(repos.featuredAt, repos.id, q.cursor)))
    .orderBy(desc(repos.featuredAt), desc(repos.id))
    .limit(q.limit);
}

export async function countFeatured(db: Runner): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(repos).where(isNotNull(repos.featuredAt));
  return row?.n ?? 0;
}

export async function setFeatured(tx: Tx, repoId: string, featured: boolean) {
  const [row] = await tx
    .update(repos)
    .set({ featuredAt: featured ? sql`coalesce(${repos.featuredAt}, now())` : null })
    .where(eq(repos.id, repoId))
    .returning({ featuredAt: repos.featuredAt });
  return row;
}

export async function selectRepoTags(db: Runner) {
  return db
    .select({ id: repoTags.id, title: repoTags.title, parentId: repoTags.parentId, position: repoTags.position })
    .from(repoTags)
    .orderBy(asc(repoTags.position), asc(repoTags.id));
}

export async function repoExists(db: Runner, id: string, options: { lock?: boolean } = {}): Promise<boolean> {
  const query = db.select({ id: repos.id }).from(repos).where(eq(repos.id, id));
  const rows = options.lock ? await query.for('update') : await query;
  return rows.length > 0;
}

/* ---- The importer (repos.import.ts) ---- */

/** The stored repo of a GitHub name, matched without regard to case. */
export async function selectRepoByFullName(db: Runner, fullName: string) {
  const [row] = await db
    .select({ id: repos.id, etags: repos.etags, originalId: repos.originalId })
    .from(repos)
    .where(sql`lower(${repos.originalId}) = ${fullName.toLowerCase()}`);
  return row;
}

export type ImportedRepoFields = Partial<typeof repos.$inferInsert>;

/** Writes what the host answered to a stored repo; `changed` moves its updated_at too. */
export async function updateImportedRepo(tx: Tx, id: string, fields: ImportedRepoFields, changed: boolean) {
  await tx
    .update(repos)
    .set({ ...fields, syncedAt: sql`now()`, ...(changed ? { updatedAt: sql`now()` } : {}) })
    .where(eq(repos.id, id));
}

export async function insertImportedRepo(tx: Tx, values: typeof repos.$inferInsert) {
  await tx.insert(repos).values(values);
}

export async function replaceRepoLanguages(tx: Tx, repoId: string, rows: Array<typeof repoLanguages.$inferInsert>) {
  await tx.delete(repoLanguages).where(eq(repoLanguages.repoId, repoId));
  if (rows.length > 0) await tx.insert(repoLanguages).values(rows);
}

/**
 * After an import: today's star snapshot, the trending gains and the tag links' copy of the star
 * count follow the repo's star count, which it returns.
 */
export async function syncRepoStars(tx: Tx, id: string): Promise<number> {
  const [row] = await tx.select({ starCount: repos.starCount }).from(repos).where(eq(repos.id, id));
  await recordStarSnapshot(tx, id, row.starCount);
  await refreshRepoTrending(tx, [id]);
  await tx.update(repoTagLinks).set({ starCount: row.starCount }).where(eq(repoTagLinks.repoId, id));
  return row.starCount;
}

/** The GitHub-named repos synced longest ago (never synced first), at most `limit`. */
export async function selectReposDueForSync(db: Runner, limit: number) {
  return db
    .select({ originalId: repos.originalId })
    .from(repos)
    .where(sql`${repos.originalId} ~ '^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+$'`)
    .orderBy(sql`${repos.syncedAt} asc nulls first`, asc(repos.id))
    .limit(limit);
}

/* ---- Translations ---- */

export const translationColumns = {
  id: repoTranslations.id,
  repoId: repoTranslations.repoId,
  userId: repoTranslations.userId,
  field: repoTranslations.field,
  content: repoTranslations.content,
  voteCount: repoTranslations.voteCount,
  createdAt: repoTranslations.createdAt,
};

export type TranslationRow = Awaited<ReturnType<typeof selectTranslationPage>>[number];

/** The shown order: most votes first, then the earliest (repo_translations_repo_idx). */
const shownOrder = [desc(repoTranslations.voteCount), asc(repoTranslations.createdAt), asc(repoTranslations.id)];

export function selectTranslationPage(
  db: Runner,
  q: { repoId: string; field: TranslationField; skip: number; limit: number },
) {
  return db
    .select(translationColumns)
    .from(repoTranslations)
    .where(and(eq(repoTranslations.repoId, q.repoId), eq(repoTranslations.field, q.field)))
    .orderBy(...shownOrder)
    .offset(q.skip)
    .limit(q.limit);
}

export async function countTranslations(db: Runner, repoId: string, field: TranslationField): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(repoTranslations)
    .where(and(eq(repoTranslations.repoId, repoId), eq(repoTranslations.field, field)));
  return row?.n ?? 0;
}

/** The shown translation of each field for each repo: the most voted, the earliest on a tie. */
export async function selectShownTranslations(db: Runner, repoIds: string[]) {
  if (repoIds.length === 0) return [];
  return db
    .selectDistinctOn([repoTranslations.repoId, repoTranslations.field], {
      repoId: repoTranslations.repoId,
      field: repoTranslations.field,
      content: repoTranslations.content,
    })
    .from(repoTranslations)
    .where(inArray(repoTranslations.repoId, repoIds))
    .orderBy(asc(repoTranslations.repoId), asc(repoTranslations.field), ...shownOrder);
}

export async function selectTranslation(db: Runner, id: string) {
  const [row] = await db.select(translationColumns).from(repoTranslations).where(eq(repoTranslations.id, id));
  return row;
}

export async function selectTranslationByContent(tx: Tx, repoId: string, field: TranslationField, content: string) {
  const [row] = await tx
    .select(translationColumns)
    .from(repoTranslations)
    .where(
      and(
        eq(repoTranslations.repoId, repoId),
        eq(repoTranslations.field, field),
        eq(repoTranslations.content, content),
      ),
    )
    .limit(1);
  return row;
}

export async function insertTranslation(tx: Tx, values: typeof repoTranslations.$inferInsert) {
  await tx.insert(repoTranslations).values(values);
}

/** The viewer's votes among these repos' translations (translation ids). */
export async function selectVotedTranslationIds(db: Runner, userId: string, repoId: string): Promise<Set<string>> {
  const rows = await db
    .select({ id: repoTranslationVotes.translationId })
    .from(repoTranslationVotes)
    .where(and(eq(repoTranslationVotes.userId, userId), eq(repoTranslationVotes.repoId, repoId)));
  return new Set(rows.map((r) => r.id));
}

/**
 * Puts the person's one vote for the repo's field on a translation: a first vote adds one, a
 * moved vote takes one from the old translation; the same vote again changes nothing.
 * Returns whether anything moved.
 */
export async function castTranslationVote(
  tx: Tx,
  v: { repoId: string; field: TranslationField; userId: string; translationId: string },
): Promise<boolean> {
  const [previous] = await tx
    .select({ translationId: repoTranslationVotes.translationId })
    .from(repoTranslationVotes)
    .where(
      and(
        eq(repoTranslationVotes.repoId, v.repoId),
        eq(repoTranslationVotes.field, v.field),
        eq(repoTranslationVotes.userId, v.userId),
      ),
    )
    .for('update');
  if (previous?.translationId === v.translationId) return false;
  if (previous) {
    await tx
      .update(repoTranslationVotes)
      .set({ translationId: v.translationId, createdAt: sql`now()` })
      .where(
        and(
          eq(repoTranslationVotes.repoId, v.repoId),
          eq(repoTranslationVotes.field, v.field),
          eq(repoTranslationVotes.userId, v.userId),
        ),
      );
    await tx
      .update(repoTranslations)
      .set({ voteCount: sql`${repoTranslations.voteCount} - 1` })
      .where(eq(repoTranslations.id, previous.translationId));
  } else {
    await tx.insert(repoTranslationVotes).values(v);
  }
  await tx
    .update(repoTranslations)
    .set({ voteCount: sql`${repoTranslations.voteCount} + 1` })
    .where(eq(repoTranslations.id, v.translationId));
  return true;
}

/** Adds the person to the repo's translators (in order of first contribution) if not there yet. */
export async function addTranslator(tx: Tx, repoId: string, userId: string) {
  await tx
    .update(repos)
    .set({
      translatorIds: sql`${repos.translatorIds} || ${JSON.stringify([userId])}::jsonb`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(repos.id, repoId), sql`not (${repos.translatorIds} @> ${JSON.stringify([userId])}::jsonb)`));
}
