import { PAGE_SIZE } from '@core/constants.ts';
import type { AppLoadContext } from 'react-router';
import type { Viewer } from '@server/modules/auth/auth.policy.ts';
import { listTagEntries } from '@server/modules/entries/entries.service.ts';
import { getTagByTitle, listSubscribedTags, listTags } from '@server/modules/tags/tags.service.ts';
import { readPage, readPointer, readSort, readSortOf } from '~/lib/list-params.ts';
import { fromService } from '~/lib/route-guards.server.ts';
import { pageSeo } from '~/lib/seo.server.ts';

import { TAG_DEFAULT_SORT } from '~/lib/content-sorts.ts';

/**
 * /tag/{title}: the tag (404 when unknown) and one keyset page of its entries (the route renders
 * their rows); the same URL with `?pointer=` serves the next page to the list's fetcher.
 */
export async function loadTagPage(context: AppLoadContext, options: { url: URL; title: string }) {
  const sort = readSort(options.url, TAG_DEFAULT_SORT);
  const tag = await fromService(getTagByTitle(context, options.title));
  const page = await fromService(
    listTagEntries(context, { tagId: tag.id, sort, before: readPointer(options.url), limit: PAGE_SIZE.feed }),
  );
  const encoded = encodeURIComponent(tag.title);
  return {
    page,
    sort,
    tag,
    seo: pageSeo(context, `/tag/${encoded}`, {
      description: `${tag.title}标签下的技术文章：${tag.entriesCount} 篇文章，${tag.subscribersCount} 人关注。`,
      image: tag.icon || undefined,
      feeds: [{ title: `${tag.title}标签 - ${context.env.SITE_NAME}`, href: `/feed/tag/${encoded}` }],
    }),
  };
}

/** /subscribe/subscribed: the viewer's tags, 40 a page (SPEC §9), latest subscription first. */
export async function loadSubscribedTags(context: AppLoadContext, options: { url: URL; viewer: Viewer }) {
  const page = readPage(options.url);
  const pageSize = PAGE_SIZE.subscribedTags;
  const list = await fromService(
    listSubscribedTags(context, { userId: options.viewer.id, page: page - 1, pageSize, viewer: context.viewer }),
  );
  return { ...list, page, pageCount: Math.ceil(list.total / pageSize) };
}

/**
 * /subscribe/all: every tag, hottest (default) or newest, optionally those whose title contains
 * `?query=`; numbered pages of 40.
 */
export async function loadAllTags(context: AppLoadContext, url: URL) {
  const rawSort = readSortOf(url, ['hot', 'new'], 'hot');
  const query = Array.from((url.searchParams.get('query') ?? '').trim())
    .slice(0, 32)
    .join('')
    .trim();
  const page = readPage(url);
  const pageSize = PAGE_SIZE.subscribedTags;
  const list = await fromService(
    listTags(context, {
      order: rawSort,
      query: query || undefined,
      page: page - 1,
      pageSize,
      viewer: context.viewer,
    }),
  );
  return {
    ...list,
    sort: rawSort as 'hot' | 'new',
    query,
    page,
    pageCount: Math.ceil(list.total / pageSize),
    seo: pageSeo(context, '/subscribe/all', {
      description: `${context.env.SITE_NAME}的全部技术标签：关注感兴趣的标签，在“我关注的”里读到它们的新文章。`,
    }),
  };
}
