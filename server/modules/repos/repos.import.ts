import { newId } from '@core/ids.ts';
import { languageColor } from '@core/repos.ts';
import type { Adapters } from '../../adapters/index.ts';
import { CodeHostError, FULL_NAME_PATTERN, type GithubRepo, type RateLimit } from '../../adapters/github.ts';
import { publishChange } from '../../adapters/changes.ts';
import type { Ctx } from '../../http/context.ts';
import { AppError, badRequest } from '../../http/errors.ts';
import { audit } from '../audit/audit.service.ts';
import * as queries from './repos.queries.ts';

/**
 * What the importer needs: the database, the code host, and the viewer, who is recorded in the
 * audit log when there is one (the admin call); a job or script passes `viewer: null`.
 */
export type ImportCtx = Pick<Ctx, 'db' | 'viewer'> & { adapters: Pick<Adapters, 'github'> };

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

/**
 * Imports or refreshes one repository from the code host: metadata, languages (bytes per
 * language: the shares are computed from them as GitHub does) and README, each asked with the
 * ETag of the last answer so an unchanged one costs a 304. The row, its languages, today's star
 * snapshot, the trending gains and the tag links' copied star count change in one transaction.
 */
export async function importRepo(ctx: ImportCtx, fullName: string): Promise<ImportResult> {
  const { db, viewer } = ctx;
  const host = ctx.adapters.github;
  if (!FULL_NAME_PATTERN.test(fullName)) throw badRequest(`仓库名格式有误: ${fullName}`);
  const existing = await queries.selectRepoByFullName(db, fullName);
  const etags = existing?.etags ?? {};
  const name = existing?.originalId ?? fullName;
  let meta: Awaited<ReturnType<typeof host.getRepo>>;
  let languages: Awaited<ReturnType<typeof host.getLanguages>>;
  let readme: Awaited<ReturnType<typeof host.getReadme>>;
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
      await queries.updateImportedRepo(tx, id, { ...fields, ...readmeField, etags: nextEtags }, anyChange);
    } else if (data) {
      await queries.insertImportedRepo(tx, {
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
      await queries.replaceRepoLanguages(
        tx,
        id,
        Object.entries(languages.data)
          .filter(([, bytes]) => bytes > 0)
          .map(([title, bytes]) => ({
            repoId: id,
            title: clip(title, 40),
            lineCount: bytes,
            color: languageColor(title),
          })),
      );
    }
    const starCount = await queries.syncRepoStars(tx, id);
    if (viewer) {
      await audit(
        { db: tx },
        {
          actor: viewer,
          action: 'import_repo',
          targetType: 'repo',
          targetId: id,
          detail: { fullName: data?.full_name ?? name, created: !existing },
        },
      );
    }
    return { starCount };
  });
  await publishChange(db, { kind: 'content', what: 'repo', userId: viewer?.id ?? '', id });
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
export async function refreshRepos(ctx: ImportCtx, input: { limit: number }) {
  const host = ctx.adapters.github;
  const due = await queries.selectReposDueForSync(ctx.db, input.limit);
  const done: ImportResult[] = [];
  const failed: Array<{ fullName: string; message: string }> = [];
  for (const { originalId } of due) {
    try {
      done.push(await importRepo(ctx, originalId));
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
  ctx: Pick<ImportCtx, 'db' | 'adapters'> & Pick<Ctx, 'logger'>,
  options: { minutes: number; limit: number },
): () => void {
  const { logger } = ctx;
  if (options.minutes <= 0) return () => {};
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const result = await refreshRepos({ ...ctx, viewer: null }, { limit: options.limit });
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
