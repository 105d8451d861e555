import type { EntrySort } from '@core/constants.ts';
import { EntryFeed } from './entry-feed.tsx';
import { FeedCard, FeedLayout } from './feed-layout.tsx';
import { CategoryNav, SortTabs, categoryTabs } from '~/ui/nav-tabs.tsx';
import type { Banner, CategoryTab, FeedRowsPage } from './types.ts';
import { WelcomeAside } from './welcome-aside.tsx';

export const WELCOME_DEFAULT_SORT: EntrySort = 'popular';

export interface WelcomeFeedProps {
  feed: FeedRowsPage;
  sort: EntrySort;
  categories: CategoryTab[];
  category: CategoryTab | null;
  banners: Banner[];
}

/** The signed-out home (/ and /welcome/{category}): categories, sorts, the feed and the welcome aside. */
export function WelcomeFeed({ feed, sort, categories, category, banners }: WelcomeFeedProps) {
  const current = category?.name ?? 'all';
  return (
    <FeedLayout
      title={category ? `${category.title}文章` : '全部文章'}
      nav={
        <CategoryNav
          tabs={categoryTabs('/welcome', categories, { value: sort, fallback: WELCOME_DEFAULT_SORT })}
          current={current}
        />
      }
      aside={<WelcomeAside banners={banners} />}
    >
      <FeedCard label="文章列表" header={<SortTabs current={sort} fallback={WELCOME_DEFAULT_SORT} />}>
        <EntryFeed key={`${current}:${sort}`} page={feed} sort={sort} />
      </FeedCard>
    </FeedLayout>
  );
}
