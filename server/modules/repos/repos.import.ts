import { and, asc, eq, sql } from 'drizzle-orm';
import { newId } from '@core/ids.ts';
import { languageColor } from '@core/repos.ts';
import type { Db } from '@db/client.ts';
import { recordStarSnapshot, refreshRepoTrending } from '@db/repo-trending.ts';
import { repoLanguages, repoTagLinks, repos } from '@db/schema/repos.ts';
import {
  type CodeHost,
  CodeHostError,
  FULL_NAME_PATTERN,
  type GithubRepo,
  type RateLimit,
} from '../../adapters/github.ts';
import { publishChange } from '../../adapters/changes.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { type AuditActor, audit } from '../audit/audit.service.ts';

export interface ImportResult {
  id: string;
  fullName: string;
  created: boolean;
  /** What the host answered anew (false: 304, kept as it was). */
  changed: { repo: boolean; languages: boolean; readme: boolean };
  starCount: number;
  rateLimit: RateLimit;
}

const clip = (value: string | null | undefined, max: number) =>
  Array.from(value ?? '')
    .slice(0, max)
    .join('');

async function findByFullName(db: Db, fullName: string) {
  const [row] = await db
    .select({ id: repos.id, etags: repos.etags, originalId: repos.originalId })
    .from(repos)
    .where(sql`lower(${repos.originalId}) = ${fullName.toLowerCase()}`);
  return row;
}

/**
 * Imports or refreshes one repository from the code host: metadata, languages (bytes per
 * language: the shares are computed from them as GitHub does) and README, each asked with the
 * ETag of the last answer so an unchanged one costs a 304. The row, its languages, today's star
 * snapshot, the trending gains and the tag links' copied star count change in one transaction.
 */
export async function importRepo(
  db: Db,
  host: CodeHost,
  fullName: string,
  options: { actor?: AuditActor } = {},
): Promise<ImportResult> {
  if (!FULL_NAME_PATTERN.test(fullName)) throw badRequest(`仓库名格式有误: ${fullName}`);
  const existing = await findByFullName(db, fullName);
  const etags = existing?.etags ?? {};
  const name = existing?.originalId ?? fullName;
  let meta: Awaited<ReturnType<CodeHost['getRepo']>>;
  let languages: Awaited<ReturnType<CodeHost['getLanguages']>>;
  let readme: Awaited<ReturnType<CodeHost['getReadme']>>;
  try {
    meta = await host.getRepo(name, existing ? etags.repo : undefined);
    languages = await host.getLanguages(name, existing ? etags.languages : undefined);
    readme = await host.getReadme(name, existing ? etags.readme : undefined);
  } catch (error) {
    if (error instanceof CodeHostError) {
      throw new AppError(error.status === 404 ? 404 : error.status === 400 ? 400 : 503, error.message);
    }
    throw error;
  }
  if (!meta.changed && !existing) throw new AppError(503, `GitHub answered 304 for an unknown repository ${fullName}`);

  const id = existing?.id ?? newId();
  const data: GithubRepo | null = meta.changed ? meta.data : null;
  const result = await db.transaction(async (tx) => {
    const nextEtags: Record<string, string> = { ...etags };
    if (meta.etag) nextEtags.repo = meta.etag;
    if (languages.etag) nextEtags.languages = languages.etag;
    if (readme.etag) nextEtags.readme = readme.etag;
    const fields = data
      ? {
          originalId: data.full_name,
          url: data.html_url,
          name: clip(data.name, 140),
          description: data.description ?? '',
          language: clip(data.language ?? '', 40),
          watchCount: data.subscribers_count ?? data.watchers_count,
          starCount: data.stargazers_count,
          forkCount: data.forks_count,
          licenseName: clip(
            data.license?.spdx_id && data.license.spdx_id !== 'NOASSERTION'
              ? data.license.spdx_id
              : (data.license?.name ?? ''),
            80,
          ),
          licenseUrl:
            data.license?.spdx_id && data.license.spdx_id !== 'NOASSERTION'
              ? `https://spdx.org/licenses/${data.license.spdx_id}.html`
              : '',
          ownerUsername: clip(data.owner.login, 80),
          ownerAvatar: data.owner.avatar_url,
          ownerUrl: data.owner.html_url,
          commitedAt: data.pushed_at ? new Date(data.pushed_at) : null,
        }
      : {};
    const readmeField = readme.changed ? { readme: readme.data ?? '' } : {};
    const anyChange = meta.changed || languages.changed || readme.changed;
    if (existing) {
      await tx
        .update(repos)
        .set({
          ...fields,
          ...readmeField,
          etags: nextEtags,
          syncedAt: sql`now()`,
          ...(anyChange ? { updatedAt: sql`now()` } : {}),
        })
        .where(eq(repos.id, id));
    } else if (data) {
      await tx.insert(repos).values({
        id,
        ...(fields as Required<typeof fields> & {
          originalId: string;
          url: string;
          name: string;
          ownerUsername: string;
        }),
        ...readmeField,
        etags: nextEtags,
        syncedAt: new Date(),
      });
    }
    if (languages.changed) {
      await tx.delete(repoLanguages).where(eq(repoLanguages.repoId, id));
      const rows = Object.entries(languages.data)
        .filter(([, bytes]) => bytes > 0)
        .map(([title, bytes]) => ({
          repoId: id,
          title: clip(title, 40),
          lineCount: bytes,
          color: languageColor(title),
        }));
      if (rows.length > 0) await tx.insert(repoLanguages).values(rows);
    }
    const [row] = await tx.select({ starCount: repos.starCount }).from(repos).where(eq(repos.id, id));
    await recordStarSnapshot(tx, id, row.starCount);
    await refreshRepoTrending(tx, [id]);
    await tx.update(repoTagLinks).set({ starCount: row.starCount }).where(eq(repoTagLinks.repoId, id));
    if (options.actor) {
      await audit(
        { db: tx },
        {
          actor: options.actor,
          action: 'import_repo',
          targetType: 'repo',
          targetId: id,
          detail: { fullName: data?.full_name ?? name, created: !existing },
        },
      );
    }
    return { starCount: row.starCount };
  });
  await publishChange(db, { kind: 'content', what: 'repo', userId: options.actor?.id ?? '', id });
  return {
    id,
    fullName: data?.full_name ?? name,
    created: !existing,
    changed: { repo: meta.changed, languages: languages.changed, readme: readme.changed },
    starCount: result.starCount,
    rateLimit: host.rateLimit(),
  };
}

/**
 * The periodic refresh: the repos synced longest ago first (never synced before all), at most
 * `limit`; stops early when the host's rate limit is spent (the rest wait for the next run).
 */
export async function refreshRepos(db: Db, host: CodeHost, options: { limit: number }) {
  const due = await db
    .select({ originalId: repos.originalId })
    .from(repos)
    .where(and(sql`${repos.originalId} ~ '^[A-Za-z0-9][A-Za-z0-9-]*/[A-Za-z0-9._-]+$'`))
    .orderBy(sql`${repos.syncedAt} asc nulls first`, asc(repos.id))
    .limit(options.limit);
  const done: ImportResult[] = [];
  const failed: Array<{ fullName: string; message: string }> = [];
  for (const { originalId } of due) {
    try {
      done.push(await importRepo(db, host, originalId));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failed.push({ fullName: originalId, message });
      if (error instanceof AppError && error.status === 503 && host.rateLimit().remaining === 0) break;
    }
  }
  return { done, failed, rateLimit: host.rateLimit() };
}

/**
 * The periodic refresh inside the server (REPOS_REFRESH_MINUTES; 0, the default, leaves it to
 * `npm run repos:import -- --refresh` from cron): every interval, the `limit` repos synced longest
 * ago. Failures are logged; the next run tries again. Returns the function that stops it.
 */
export function scheduleRepoRefresh(
  db: Db,
  host: CodeHost,
  options: { minutes: number; limit: number },
  logger: { info: (o: object, m: string) => void; warn: (o: object, m: string) => void },
): () => void {
  if (options.minutes <= 0) return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await refreshRepos(db, host, { limit: options.limit });
      logger.info(
        { refreshed: result.done.length, failed: result.failed.length, rateLimit: result.rateLimit },
        'repo refresh',
      );
    } catch (error) {
      logger.warn({ err: error }, 'repo refresh failed');
    } finally {
      running = false;
    }
  };
  const every = setInterval(run, options.minutes * 60_000);
  every.unref();
  return () => clearInterval(every);
}
