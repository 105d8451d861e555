import type { Ctx } from '../../http/context.ts';
import { LRUCache } from 'lru-cache';
import { PAGE_SIZE } from '@core/constants.ts';
import { newId } from '@core/ids.ts';
import {
  type LanguageShare,
  languageByName,
  languageColor,
  languageShares,
  REPO_NOT_FOUND,
  TRANSLATION_MESSAGES,
  type TranslationField,
  type TrendingPeriod,
} from '@core/repos.ts';
import type { ReportReason } from '@core/moderation.ts';
import type { Db } from '@db/client.ts';
import { publishChange } from '../../adapters/changes.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { renderMarkdown } from '../../markdown/markdown.ts';
import { requireRole, requireViewer } from '../auth/auth.policy.ts';
import { audit } from '../audit/audit.service.ts';
import { reportTarget } from '../moderation/moderation.service.ts';
import { checkCaptcha } from '../verification/verification.service.ts';
import { getUserBriefs, PLACEHOLDER_USER, type UserBrief } from '../users/users.service.ts';
import * as queries from './repos.queries.ts';

/** The importer (GitHub): one way into the module for scripts and the admin call. */
export { type ImportResult, importRepo, refreshRepos, scheduleRepoRefresh } from './repos.import.ts';

export interface RepoView {
  id: string;
  originalId: string;
  url: string;
  name: string;
  description: string;
  language: string;
  languageColor: string;
  watchCount: number;
  starCount: number;
  forkCount: number;
  commentCount: number;
  translatorIdList: string[];
  /** The shown Chinese translation of each field ('' when there is none yet). */
  translation: { title: string; description: string };
  /** Stars gained per trending period. */
  starsGained: { daily: number; weekly: number; monthly: number };
  license: { name: string; url: string };
  user: { username: string; avatar: string; url: string };
  featured: boolean;
  createdAt: string;
  updatedAt: string;
  commitedAt: string | null;
}

export interface RepoDetailView extends RepoView {
  readme: string;
  /** The README rendered through the article renderer, links and images resolved against the repo. */
  readmeHtml: string;
  languageList: LanguageShare[];
  /** The first translators (SPEC §7.8, §9: 5). */
  translators: UserBrief[];
}

async function hydrate(db: Db, rows: queries.RepoRow[]): Promise<RepoView[]> {
  const shown = await queries.selectShownTranslations(
    db,
    rows.map((r) => r.id),
  );
  const translations = new Map<string, { title: string; description: string }>();
  for (const t of shown) {
    const current = translations.get(t.repoId) ?? { title: '', description: '' };
    current[t.field] = t.content;
    translations.set(t.repoId, current);
  }
  return rows.map((row) => ({
    id: row.id,
    originalId: row.originalId,
    url: row.url,
    name: row.name,
    description: row.description,
    language: row.language,
    languageColor: languageColor(row.language),
    watchCount: row.watchCount,
    starCount: row.starCount,
    forkCount: row.forkCount,
    commentCount: row.commentCount,
    translatorIdList: row.translatorIds,
    translation: translations.get(row.id) ?? { title: '', description: '' },
    starsGained: { daily: row.starsDaily, weekly: row.starsWeekly, monthly: row.starsMonthly },
    license: { name: row.licenseName, url: row.licenseUrl },
    user: { username: row.ownerUsername, avatar: row.ownerAvatar, url: row.ownerUrl },
    featured: row.featuredAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    commitedAt: row.commitedAt ? row.commitedAt.toISOString() : null,
  }));
}

/** Where a README's relative links and images point: the code host's file view and raw files. */
export function readmeBase(url: string): { links: string; images: string } {
  const github = /^https:\/\/github\.com\/([^/]+)\/([^/]+?)\/?$/.exec(url);
  if (github) {
    const [, owner, name] = github;
    return {
      links: `https://github.com/${owner}/${name}/blob/HEAD/`,
      images: `https://raw.githubusercontent.com/${owner}/${name}/HEAD/`,
    };
  }
  const root = url.endsWith('/') ? url : `${url}/`;
  return { links: root, images: root };
}

/** Rendered READMEs by repo id and last change: rendering a long one costs milliseconds. */
const readmeCache = new LRUCache<string, string>({ max: 200 });

function renderReadme(row: { id: string; url: string; readme: string; updatedAt: Date }, siteOrigin?: string) {
  const key = `${row.id}:${row.updatedAt.getTime()}:${row.readme.length}`;
  const cached = readmeCache.get(key);
  if (cached !== undefined) return cached;
  const html = row.readme ? renderMarkdown(row.readme, { siteOrigin, base: readmeBase(row.url) }).html : '';
  readmeCache.set(key, html);
  return html;
}

/** GET /get_repo_detail: the repo with its README, language bar and first translators; 404 when unknown. */
export async function getRepoDetail(ctx: Pick<Ctx, 'db' | 'env'>, repoId: string): Promise<RepoDetailView> {
  const row = await queries.selectRepoDetail(ctx.db, repoId);
  if (!row) throw notFound(REPO_NOT_FOUND);
  const [[view], languages, translators] = await Promise.all([
    hydrate(ctx.db, [row]),
    queries.selectRepoLanguages(ctx.db, repoId),
    getUserBriefs(ctx, row.translatorIds.slice(0, PAGE_SIZE.translatorsShown)),
  ]);
  const byId = new Map(translators.map((u) => [u.id, u]));
  const siteOrigin = ctx.env?.SITE_URL ? new URL(ctx.env.SITE_URL).origin : undefined;
  return {
    ...view,
    readme: row.readme,
    readmeHtml: renderReadme(row, siteOrigin),
    languageList: languageShares(languages),
    translators: row.translatorIds
      .slice(0, PAGE_SIZE.translatorsShown)
      .map((id) => byId.get(id))
      .filter((u): u is UserBrief => u !== undefined),
  };
}

/** The most repos get_trending answers. */
export const TRENDING_LIMIT = 25;

/** GET /get_trending: the repos that gained most stars in the period, of one language or all. */
export async function getTrending(ctx: Pick<Ctx, 'db'>, input: { since: TrendingPeriod; language?: string }) {
  const { db } = ctx;
  const name = input.language && input.language !== 'all' ? input.language : null;
  const language = name ? languageByName(name) : null;
  if (name && !language) throw badRequest(`不支持的语言: ${name}`);
  const rows = await queries.selectTrending(db, {
    period: input.since,
    language: language?.title ?? null,
    limit: TRENDING_LIMIT,
  });
  return { since: input.since, language: language?.name ?? 'all', repoList: await hydrate(db, rows) };
}

export interface RepoPageInput {
  sort: queries.RepoListSort;
  tagIds: string[];
  page: number;
  pageSize: number;
  asc: boolean;
}

/**
 * GET /getTagReposByTimeline and /getTagReposByStars: a zero-based page of repos filed under every
 * tag given (all repos without tags), newest or most starred first (asc 1 turns the order).
 */
export async function listTagRepos(ctx: Pick<Ctx, 'db'>, input: RepoPageInput) {
  const { db } = ctx;
  const rows = await queries.selectRepoPage(db, {
    sort: input.sort,
    tagIds: input.tagIds,
    offset: input.page * input.pageSize,
    limit: input.pageSize + 1,
    asc: input.asc,
  });
  const hasMore = rows.length > input.pageSize;
  return {
    page: input.page,
    pageSize: input.pageSize,
    hasMore,
    repoList: await hydrate(db, rows.slice(0, input.pageSize)),
  };
}

/** GET /getCustomRepos: the editors' home list, latest pick first, with its total. */
export async function listCustomRepos(ctx: Pick<Ctx, 'db'>, input: { before?: string; limit: number }) {
  const { db } = ctx;
  const cursor = readPointer(input.before);
  const [rows, total] = await Promise.all([
    queries.selectFeaturedPage(db, { cursor, limit: input.limit }),
    queries.countFeatured(db),
  ]);
  return {
    total,
    repoList: await hydrate(db, rows),
    before: nextPointer(rows, input.limit, (row) => [row.featuredAt ?? new Date(0), row.id]),
  };
}

export interface RepoTagNode {
  id: string;
  title: string;
  children: Array<{ id: string; title: string }>;
}

/** The fixed tag tree (SPEC §3): roots in order, each with its sub-tags. */
export async function getRepoTagTree(ctx: Pick<Ctx, 'db'>): Promise<RepoTagNode[]> {
  const { db } = ctx;
  const rows = await queries.selectRepoTags(db);
  const roots = rows.filter((r) => r.parentId === null).map((r) => ({ id: r.id, title: r.title, children: [] }));
  const byId = new Map<string, RepoTagNode>(roots.map((r) => [r.id, r]));
  for (const row of rows) {
    if (row.parentId) byId.get(row.parentId)?.children.push({ id: row.id, title: row.title });
  }
  return roots;
}

/** An admin puts a repo on the custom home list or takes it off. */
export async function setRepoFeatured(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { repoId: string; featured: boolean }) {
  const { db, viewer } = ctx;
  const admin = requireRole(viewer, { roles: ['admin'] });
  const row = await db.transaction(async (tx) => {
    const updated = await queries.setFeatured(tx, input.repoId, input.featured);
    if (updated) {
      await audit(
        { db: tx },
        {
          actor: admin,
          action: input.featured ? 'feature_repo' : 'unfeature_repo',
          targetType: 'repo',
          targetId: input.repoId,
        },
      );
    }
    return updated;
  });
  if (!row) throw notFound(REPO_NOT_FOUND);
  await publishChange(db, { kind: 'content', what: 'repo', userId: admin.id, id: input.repoId });
  return { repoId: input.repoId, featured: row.featuredAt !== null };
}

/* ---- Translations ---- */

export interface TranslationView {
  id: string;
  repoId: string;
  userId: string | null;
  user: UserBrief;
  content: string;
  voteCount: number;
  voted: boolean;
  createdAt: string;
}

/** GET /get_chtitles and /get_chdescriptions: a repo's translations of one field, most voted first. */
export async function listTranslations(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { repoId: string; field: TranslationField; limit: number; skip: number },
) {
  const { db, viewer } = ctx;
  if (!(await queries.repoExists(db, input.repoId))) throw notFound(REPO_NOT_FOUND);
  const [rows, total, voted] = await Promise.all([
    queries.selectTranslationPage(db, input),
    queries.countTranslations(db, input.repoId, input.field),
    viewer ? queries.selectVotedTranslationIds(db, viewer.id, input.repoId) : Promise.resolve(new Set<string>()),
  ]);
  const users = await getUserBriefs({ db }, [...new Set(rows.map((r) => r.userId).filter((id): id is string => !!id))]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const list: TranslationView[] = rows.map((row) => ({
    id: row.id,
    repoId: row.repoId,
    userId: row.userId,
    user: (row.userId && byId.get(row.userId)) || PLACEHOLDER_USER,
    content: row.content,
    voteCount: row.voteCount,
    voted: voted.has(row.id),
    createdAt: row.createdAt.toISOString(),
  }));
  return { total, list, skip: input.skip, limit: input.limit };
}

export interface TranslateInput {
  repoId: string;
  titleId?: string;
  title?: string;
  descriptionId?: string;
  description?: string;
  vcode: string;
  token: string;
}

/**
 * POST /trans_repo (SPEC §5, §7.8): for each field, a chosen translation (its id) or a new text,
 * checked with the image captcha. The person's vote for that field goes to what they chose or
 * wrote (one vote per person and field; it moves from an earlier choice); writing new text makes
 * them one of the repo's translators. A new text equal to an existing translation counts as
 * choosing it. Everything happens in one transaction; the shown translation is the most voted.
 */
export async function translateRepo(ctx: Pick<Ctx, 'db' | 'env' | 'viewer'>, input: TranslateInput) {
  const { viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const title = input.title?.trim() ?? '';
  const description = input.description?.trim() ?? '';
  if (!input.titleId && !title) throw badRequest(TRANSLATION_MESSAGES.titleMissing);
  if (!input.descriptionId && !description) throw badRequest(TRANSLATION_MESSAGES.descriptionMissing);
  if (!(await queries.repoExists(ctx.db, input.repoId))) throw notFound(REPO_NOT_FOUND);
  await checkCaptcha(ctx, { imageToken: input.token, imageCode: input.vcode });
  const chosen = await ctx.db.transaction(async (tx) => {
    if (!(await queries.repoExists(tx, input.repoId, { lock: true }))) throw notFound(REPO_NOT_FOUND);
    let wrote = false;
    const pick = async (field: TranslationField, id: string | undefined, text: string) => {
      let translationId: string;
      if (id) {
        const row = await queries.selectTranslation(tx, id);
        if (!row || row.repoId !== input.repoId || row.field !== field) {
          throw badRequest(TRANSLATION_MESSAGES.notFound);
        }
        translationId = row.id;
      } else {
        const same = await queries.selectTranslationByContent(tx, input.repoId, field, text);
        if (same) translationId = same.id;
        else {
          translationId = newId();
          await queries.insertTranslation(tx, {
            id: translationId,
            repoId: input.repoId,
            userId: signedIn.id,
            field,
            content: text,
          });
          wrote = true;
        }
      }
      await queries.castTranslationVote(tx, { repoId: input.repoId, field, userId: signedIn.id, translationId });
      return translationId;
    };
    const titleId = await pick('title', input.titleId, title);
    const descriptionId = await pick('description', input.descriptionId, description);
    if (wrote) await queries.addTranslator(tx, input.repoId, signedIn.id);
    return { titleId, descriptionId };
  });
  await publishChange(ctx.db, { kind: 'content', what: 'repo', userId: signedIn.id, id: input.repoId });
  const [repo] = await hydrate(ctx.db, await queries.selectReposByIds(ctx.db, [input.repoId]));
  return { ...chosen, translation: repo.translation, translatorIdList: repo.translatorIdList };
}

/** POST /vote_translation: the person's one vote for the translation's field of that repo moves to it. */
export async function voteTranslation(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { translationId: string }) {
  const { db, viewer } = ctx;
  const signedIn = requireViewer(viewer);
  const result = await db.transaction(async (tx) => {
    const row = await queries.selectTranslation(tx, input.translationId);
    if (!row) throw notFound(TRANSLATION_MESSAGES.notFound);
    await queries.repoExists(tx, row.repoId, { lock: true });
    await queries.castTranslationVote(tx, {
      repoId: row.repoId,
      field: row.field,
      userId: signedIn.id,
      translationId: row.id,
    });
    return row;
  });
  await publishChange(db, { kind: 'content', what: 'repo', userId: signedIn.id, id: result.repoId });
  const updated = await queries.selectTranslation(db, result.id);
  const [repo] = await hydrate(db, await queries.selectReposByIds(db, [result.repoId]));
  return {
    translationId: result.id,
    field: result.field,
    voteCount: updated?.voteCount ?? 0,
    voted: true,
    translation: repo.translation,
  };
}

/* ---- Reports ---- */

/**
 * POST /report_repo (SPEC §7.8): a signed-in person reports a repo. It is the moderation module's
 * 举报 with target type repo, so the rules, the words, the one queue (/admin/reports) and the
 * reporter's notification are the same as for entries, comments, pins and people.
 */
export async function reportRepo(
  ctx: Pick<Ctx, 'db' | 'viewer'>,
  input: { repoId: string; reason: ReportReason; detail?: string },
) {
  return reportTarget(ctx, { targetType: 'repo', targetId: input.repoId, reason: input.reason, text: input.detail });
}
