import { PAGE_SIZE } from '@core/constants.ts';
import type { AppLoadContext } from 'react-router';
import { listEntries, listSharedEntries } from '@server/modules/entries/entries.service.ts';
import { getCategoryIndex } from '@server/modules/tags/tags.service.ts';
import { readPointer, readSort } from '~/lib/list-params.ts';
import { fromService } from '~/lib/route-guards.server.ts';
import { pageSeo } from '~/lib/seo.server.ts';
import { COLUMN_DEFAULT_SORT } from '~/lib/content-sorts.ts';
import { toHotColumn } from './hot-columns.tsx';

/**
 * /zhuanlan/{category?}: column articles (type post), newest by default, with the category tabs
 * and the weekly-hottest aside of 6 (SPEC §7.3); `feed` is the page as listSharedEntries gives it
 * (the route renders its rows). An unknown category is the service's 404.
 */
export async function loadColumnFeed(context: AppLoadContext, options: { url: URL; category: string | undefined }) {
  const sort = readSort(options.url, COLUMN_DEFAULT_SORT);
  const { list } = await getCategoryIndex(context);
  const categories = list.map(({ name, title }) => ({ name, title }));
  const [feed, hot] = await Promise.all([
    fromService(
      listSharedEntries(context, {
        category: options.category,
        type: 'post',
        sort,
        before: readPointer(options.url),
        limit: PAGE_SIZE.feed,
      }),
    ),
    fromService(
      listEntries(context, {
        category: options.category,
        type: 'post',
        sort: 'weeklyHottest',
        limit: PAGE_SIZE.hotColumns,
      }),
    ),
  ]);
  const category = categories.find((c) => c.name === options.category) ?? null;
  const path = category ? `/zhuanlan/${category.name}` : '/zhuanlan';
  return {
    feed,
    sort,
    categories,
    category,
    hot: hot.entrylist.map(toHotColumn),
    seo: pageSeo(context, path, {
      description: `${context.env.SITE_NAME}专栏${category ? ` · ${category.title}` : ''}：开发者写下的原创技术文章。`,
      feeds: [
        {
          title: `${category ? `${category.title}专栏` : '专栏'} - ${context.env.SITE_NAME}`,
          href: category ? `/feed/zhuanlan/${category.name}` : '/feed/zhuanlan',
        },
      ],
    }),
  };
}
