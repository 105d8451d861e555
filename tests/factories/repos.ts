import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { recordStarSnapshot, refreshRepoTrending } from '@db/repo-trending.ts';
import { repoLanguages, repoStarSnapshots, repoTagLinks, repoTags, repoTranslations, repos } from '@db/schema/repos.ts';

export interface RepoOverrides extends Partial<typeof repos.$inferInsert> {
  languages?: Array<{ title: string; lineCount: number; color?: string }>;
  tagIds?: string[];
  /** Star counts `daysAgo` days back, e.g. { 1: 90, 7: 50 }: trending is computed from them. */
  history?: Record<number, number>;
}

let counter = 0;

/** A repo as an import leaves it: the row, its languages, its tag links (with the copied sort keys), its star history. */
export async function createRepo(db: Db, overrides: RepoOverrides = {}) {
  counter += 1;
  const { languages = [], tagIds = [], history = {}, ...row } = overrides;
  const owner = row.ownerUsername ?? `owner${counter}`;
  const name = row.name ?? `repo-${counter}-${Math.random().toString(36).slice(2, 8)}`;
  const values: typeof repos.$inferInsert = {
    id: newId(),
    originalId: `${owner}/${name}`,
    url: `https://github.com/${owner}/${name}`,
    name,
    ownerUsername: owner,
    description: 'A test repository',
    language: 'TypeScript',
    starCount: 100,
    ...row,
  };
  const [repo] = await db.insert(repos).values(values).returning();
  if (languages.length > 0) {
    await db
      .insert(repoLanguages)
      .values(
        languages.map((l) => ({ repoId: repo.id, title: l.title, lineCount: l.lineCount, color: l.color ?? '' })),
      );
  }
  if (tagIds.length > 0) {
    await db.insert(repoTagLinks).values(
      tagIds.map((repoTagId) => ({
        repoId: repo.id,
        repoTagId,
        createdAt: repo.createdAt,
        starCount: repo.starCount,
      })),
    );
  }
  const days = Object.entries(history);
  if (days.length > 0) {
    await db.insert(repoStarSnapshots).values(
      days.map(([daysAgo, starCount]) => ({
        repoId: repo.id,
        day: new Date(Date.now() - Number(daysAgo) * 86_400_000).toISOString().slice(0, 10),
        starCount,
      })),
    );
    await recordStarSnapshot(db, repo.id, repo.starCount);
    await refreshRepoTrending(db, [repo.id]);
  }
  return repo;
}

export async function createRepoTag(db: Db, title: string, parentId: string | null = null) {
  const [tag] = await db.insert(repoTags).values({ id: newId(), title, parentId }).returning();
  return tag;
}

export async function createTranslation(
  db: Db,
  values: {
    repoId: string;
    field: 'title' | 'description';
    content: string;
    userId?: string | null;
    voteCount?: number;
  },
) {
  const [row] = await db
    .insert(repoTranslations)
    .values({ id: newId(), userId: null, voteCount: 0, ...values })
    .returning();
  return row;
}
