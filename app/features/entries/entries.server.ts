import { getModerationState } from '@server/modules/moderation/moderation.service.ts';
import { LIMITS, PAGE_SIZE, type EntrySort } from '@core/constants.ts';
import { redirect, type AppLoadContext } from 'react-router';
import { listActiveBanners } from '@server/modules/banners/banners.service.ts';
import {
  getEntry,
  listFollowingEntries,
  listRelatedCollections,
  listRelatedEntries,
  listSharedEntries,
} from '@server/modules/entries/entries.service.ts';
import { tableOfContents } from '@server/markdown/markdown.ts';
import { searchResultsPage } from '@server/modules/search/search.service.ts';
import { getCategoryIndex } from '@server/modules/tags/tags.service.ts';
import { readPage, readPointer, readSort } from '~/lib/list-params.ts';
import { toEntryRow } from '~/lib/entry-rows.ts';
import { feedRows, viewerRowsHtml } from './feed-rows.server.tsx';
import { viewerLetterValues } from '~/lib/viewer-letter.server.ts';
import { FOLLOWING_CATEGORY, TIMELINE_DEFAULT_SORT } from './timeline.ts';
import type { ViewerPagePlan } from '@server/http/viewer-pages.ts';
import { keepForDocument } from '~/lib/document-html.server.ts';
import { ARTICLE_BODY_KEY } from './article-view.tsx';
import { fromService } from '~/lib/route-guards.server.ts';

/** Related entries under an article (SPEC §7.3: 4 or 5). */
const RELATED_ENTRY_LIMIT = 5;

async function categoryTabs(context: AppLoadContext) {
  const { list } = await getCategoryIndex(context);
  return list.map(({ name, title }) => ({ name, title }));
}

/**
 * One page of a category feed (welcome, explore, timeline) with what its tabs need. The result
 * carries `rows` (feed-rows.server.tsx) and `pointer` at the top, so the same URL with `?pointer=`
 * serves the next page to the list's fetcher. An unknown category is the service's 404.
 */
export async function loadCategoryFeed(
  context: AppLoadContext,
  options: { url: URL; category: string | undefined; defaultSort: EntrySort },
) {
  const sort = readSort(options.url, options.defaultSort);
  const [categories, result] = await Promise.all([
    categoryTabs(context),
    fromService(
      listSharedEntries(context, {
        category: options.category,
        sort,
        before: readPointer(options.url),
        limit: PAGE_SIZE.feed,
      }),
    ),
  ]);
  const current = categories.find((c) => c.name === options.category) ?? null;
  return { rows: feedRows(context, result), pointer: result.page.pointer, sort, categories, category: current };
}

const TIMELINE_PATH = /^\/timeline(?:\/([^/]+))?$/;

/**
 * Whether a signed-in /timeline document can come from a template (server/http/viewer-pages.ts):
 * its first page, of a category feed (not 我关注的), for a viewer who gets the shared
 * feed (no mutes, no change of theirs a moment ago). The plan carries the viewer's rows for the slot.
 */
export async function planTimelinePage(context: AppLoadContext, url: URL): Promise<ViewerPagePlan | null> {
  const viewer = context.viewer;
  if (!viewer) return null;
  const match = TIMELINE_PATH.exec(url.pathname);
  if (!match || [...url.searchParams.keys()].some((name) => name !== 'sort')) return null;
  const category = match[1] === undefined ? undefined : decodeURIComponent(match[1]);
  if (category === FOLLOWING_CATEGORY) return null;
  try {
    const sort = readSort(url, TIMELINE_DEFAULT_SORT);
    const result = await listSharedEntries(context, { category, sort, limit: PAGE_SIZE.feed });
    if (!result.shared) return null;
    return {
      key: url.pathname + url.search,
      source: result.page,
      slots: { rows: viewerRowsHtml(result) },
      values: viewerLetterValues(viewer),
    };
  } catch {
    // An unknown category or sort: the page answers it as usual.
    return null;
  }
}

/** The 我关注的 feed of the signed-in viewer, newest first (signed out: the service's 401). */
export async function loadFollowingFeed(context: AppLoadContext, options: { url: URL }) {
  const [categories, page] = await Promise.all([
    categoryTabs(context),
    fromService(listFollowingEntries(context, { before: readPointer(options.url), limit: PAGE_SIZE.feed })),
  ]);
  return { rows: feedRows(context, { page }), pointer: page.pointer, categories };
}

/** The welcome page's aside: banners running now (at most 2, SPEC §9). */
export function loadAsideBanners(context: AppLoadContext) {
  return listActiveBanners(context, { position: 'aside', limit: PAGE_SIZE.asideBanners });
}

export type { TocItem as TocHeading } from '@server/markdown/markdown.ts';

/**
 * An entry page: the entry (without its Markdown source, which the page does not need), its
 * table of contents and related entries. A missing entry is the service's 404; a column article
 * opened as /entry/{id} moves permanently to /post/{id} (SPEC §4).
 */
export async function loadEntryPage(
  context: AppLoadContext,
  options: { id: string; route: 'entry' | 'post' | 'detail' },
) {
  const { id } = options;
  const { content, contentHtml, ...entry } = await fromService(getEntry(context, id));
  if (options.route === 'entry' && entry.type === 'post') throw redirect(`/post/${id}`, 301);
  // Vote entries are read on their detail page (SPEC §4).
  if (options.route === 'entry' && entry.type === 'vote') throw redirect(`/entry/${id}/detail`, 302);
  const [related, collections] = await Promise.all([
    listRelatedEntries(context, { entryId: entry.id, categoryId: entry.category.id, limit: RELATED_ENTRY_LIMIT }),
    listRelatedCollections(context, { entryId: entry.id, authorId: entry.user.id }),
  ]);
  // Visible moderation: its author (and administrators) read a hidden entry with the reason.
  const moderation = await getModerationState(context, { targetType: 'entry', targetId: entry.id });
  // A document carries the body once, as HTML (ArticleView keeps it instead of hydrating it), not
  // also in its hydration data; a data request (a client navigation) carries it in the data.
  const keep = !context.dataRequest && contentHtml !== '';
  if (keep) keepForDocument(context, ARTICLE_BODY_KEY, contentHtml);
  return {
    entry: { ...entry, contentHtml: keep ? null : contentHtml },
    moderation,
    toc: tableOfContents(content),
    related: related.map(toEntryRow),
    // SPEC §7.3: one related collection, only what the aside shows of it.
    relatedCollections: collections.map(({ id, title, entryCount, followerCount }) => ({
      id,
      title,
      entryCount,
      followerCount,
    })),
  };
}

/**
 * Search results for `?query=&page=`: the page in the URL counts from 1, the service's from 0
 * (SPEC §9). The query is cut to the search box's 32 characters.
 */
export async function loadSearchResults(context: AppLoadContext, url: URL) {
  const query = Array.from((url.searchParams.get('query') ?? '').trim())
    .slice(0, LIMITS.searchInput)
    .join('')
    .trim();
  const page = readPage(url, Number.MAX_SAFE_INTEGER);
  const pageSize = PAGE_SIZE.search;
  if (!query) return { query, page: 1, pageCount: 0, total: 0, estimated: false, terms: [], entrylist: [] };
  const result = await fromService(searchResultsPage(context, { query, page: page - 1, pageSize }));
  const pageHref = (n: number) => `/search?${new URLSearchParams({ query, page: String(n) })}`;
  // Past the last page: the last one. A page in range that came back empty (the count was an
  // estimate above the real matches): the first, which always renders and never redirects.
  if (page > 1 && page > result.pageCount) throw redirect(pageHref(Math.max(1, result.pageCount)));
  if (page > 1 && result.entries.length === 0) throw redirect(pageHref(1));
  // Nothing found on the first page: there are no matches, whatever an estimate said.
  if (result.entries.length === 0) {
    return { query, page: 1, pageCount: 0, total: 0, estimated: false, terms: result.terms, entrylist: [] };
  }
  return {
    query,
    page,
    pageCount: result.pageCount,
    total: result.total,
    estimated: result.estimated,
    terms: result.terms,
    entrylist: result.entries.map(toEntryRow),
  };
}
