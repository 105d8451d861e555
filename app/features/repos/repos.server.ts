import { PAGE_SIZE } from '@core/constants.ts';
import { parseIdList } from '@core/inputs.ts';
import { TRENDING_PERIODS, type TrendingPeriod, languageByName } from '@core/repos.ts';
import { type AppLoadContext, data, redirect } from 'react-router';
import {
  getRepoDetail,
  getRepoTagTree,
  getTrending,
  listCustomRepos,
  listTagRepos,
  listTranslations,
} from '@server/modules/repos/repos.service.ts';
import { readPage } from '~/lib/list-params.ts';
import { fromService, requireIdParam } from '~/lib/route-guards.server.ts';

/** Numbered repo pages stop here, like the API's contract (REPO_PAGE_MAX + 1, 1-based). */
const REPO_PAGE_LAST = 101;

/** `?{name}=` among the list's keys; left out, the default; anything else a 400 naming it. */
function readChoice<T extends string>(url: URL, name: string, keys: readonly T[], fallback: T): T {
  const value = url.searchParams.get(name);
  if (value === null || value === '') return fallback;
  if ((keys as readonly string[]).includes(value)) return value as T;
  throw data({ message: `invalid ${name}: ${value}` }, { status: 400 });
}

export const REPO_LIST_TABS = ['trending', 'newest', 'stars'] as const;
export type RepoListTab = (typeof REPO_LIST_TABS)[number];

async function pagedList(context: AppLoadContext, url: URL, tab: 'newest' | 'stars', tagIds: string[]) {
  const page = readPage(url, REPO_PAGE_LAST);
  const list = await fromService(
    listTagRepos(context, {
      sort: tab === 'stars' ? 'stars' : 'timeline',
      tagIds,
      page: page - 1,
      pageSize: PAGE_SIZE.feed,
      asc: false,
    }),
  );
  return { page, hasMore: list.hasMore, repoList: list.repoList };
}

/**
 * /repos: the tag tree, the custom home list and the chosen list: trending (since, language),
 * newest or most starred (numbered pages). A period or language the list does not know is a 400.
 */
export async function loadReposIndex(context: AppLoadContext, url: URL) {
  const tab = readChoice(url, 'tab', REPO_LIST_TABS, 'trending');
  const since = readChoice<TrendingPeriod>(url, 'since', TRENDING_PERIODS, 'daily');
  const language = url.searchParams.get('language') || 'all';
  if (language !== 'all' && !languageByName(language)) {
    throw data({ message: `不支持的语言: ${language}` }, { status: 400 });
  }
  const [tags, custom, list] = await Promise.all([
    getRepoTagTree(context),
    listCustomRepos(context, { limit: PAGE_SIZE.repoHomeEntries }),
    tab === 'trending'
      ? getTrending(context, { since, language }).then((t) => ({ page: 1, hasMore: false, repoList: t.repoList }))
      : pagedList(context, url, tab, []),
  ]);
  return { tab, since, language, tags, custom, ...list };
}

/**
 * /repos/filtered?tagIds=a|b: repos under the chosen tags, newest or most starred. Without tags
 * (or with ids that are not ids) it goes to /repos (SPEC §4).
 */
export async function loadFilteredRepos(context: AppLoadContext, url: URL) {
  const tagIds = parseIdList(url.searchParams.get('tagIds'));
  if (!tagIds) throw redirect('/repos');
  const tab = readChoice(url, 'tab', ['newest', 'stars'] as const, 'newest');
  const [tags, custom, list] = await Promise.all([
    getRepoTagTree(context),
    listCustomRepos(context, { limit: PAGE_SIZE.repoHomeEntries }),
    pagedList(context, url, tab, tagIds),
  ]);
  return { tab, tagIds, tags, custom, ...list };
}

/** /repo/{id}: the repo (404 for a bad or unknown id). */
export async function loadRepoPage(context: AppLoadContext, id: string | undefined) {
  const repo = await fromService(getRepoDetail(context, requireIdParam(id)));
  return { repo };
}

/** /repo/{id}/edit: the repo and the first page of each field's translations, with the viewer's votes. */
export async function loadRepoEditPage(context: AppLoadContext, id: string | undefined) {
  const repoId = requireIdParam(id);
  const repo = await fromService(getRepoDetail(context, repoId));
  const page = { repoId, limit: PAGE_SIZE.translations, skip: 0 };
  const [titles, descriptions] = await Promise.all([
    listTranslations(context, { ...page, field: 'title' }),
    listTranslations(context, { ...page, field: 'description' }),
  ]);
  return { repo, titles, descriptions };
}
