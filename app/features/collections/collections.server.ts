import { PAGE_SIZE } from '@core/constants.ts';
import { data, type AppLoadContext } from 'react-router';
import {
  getCollection,
  listCollectionEntries,
  listHomeCollections,
  listHotTags,
} from '@server/modules/collections/collections.service.ts';
import { readPage, readSortOf } from '~/lib/list-params.ts';
import { toEntryRow } from '~/lib/entry-rows.ts';
import { fromService, requireIdParam } from '~/lib/route-guards.server.ts';

function readRank(url: URL): 'new' | 'hot' {
  return readSortOf(url, ['new', 'hot'], 'new');
}

/** /collections/{type?}: recommended (default) or all; ?sort=new|hot, ?page=, ?tag=. */
export async function loadCollectionsPage(context: AppLoadContext, type: string | undefined, url: URL) {
  if (type !== undefined && type !== 'recommended' && type !== 'all') {
    throw data({ message: '找不到页面' }, { status: 404 });
  }
  const page = readPage(url);
  const rankType = readRank(url);
  const tag = url.searchParams.get('tag') ?? '';
  const [list, hot] = await Promise.all([
    listHomeCollections(context, {
      page: page - 1,
      recommend: type !== 'all',
      rankType,
      tag: tag || undefined,
    }),
    listHotTags(context, PAGE_SIZE.hotTags),
  ]);
  return {
    type: type === 'all' ? ('all' as const) : ('recommended' as const),
    rankType,
    tag,
    page,
    pageCount: Math.max(1, Math.ceil(list.sum / PAGE_SIZE.collections)),
    sum: list.sum,
    collections: list.collectionSets,
    hotTags: hot.tags,
  };
}

/** /collection/{id}: the collection and a page of its entries (?sort=new|hot, ?page=). */
export async function loadCollectionPage(context: AppLoadContext, id: string | undefined, url: URL) {
  const csId = requireIdParam(id);
  const rankType = readRank(url);
  const page = readPage(url);
  const collection = await fromService(getCollection(context, csId));
  const { entrylist, total } = await fromService(listCollectionEntries(context, { csId, page: page - 1, rankType }));
  return {
    collection,
    entrylist: entrylist.map(toEntryRow),
    rankType,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE.feed)),
  };
}
