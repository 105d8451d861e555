import { Link } from 'react-router';
import { EmptyState } from '~/ui/empty-state.tsx';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { Pagination } from '~/features/entries/pagination.tsx';
import { SubscribeNav, TagSearchForm } from '~/features/tags/subscribe-nav.tsx';
import { TagList } from '~/features/tags/tag-list.tsx';
import { loadSubscribedTags } from '~/features/tags/tags.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { requireSignedIn } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/subscribe-subscribed';

/** /subscribe/subscribed (signed in): the tags the viewer follows, 40 a page (SPEC §2.2, §9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  return loadSubscribedTags(context, { url: new URL(request.url), viewer });
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '已关注标签'),
  { name: 'robots', content: 'noindex' },
];

export default function SubscribedTags({ loaderData }: Route.ComponentProps) {
  const { tagList, total, page, pageCount } = loaderData;
  return (
    <FeedLayout title="已关注标签" nav={<SubscribeNav current="subscribed" />}>
      <div className="mb-3">
        <TagSearchForm query="" />
      </div>
      <FeedCard
        label="已关注标签"
        header={<p className="border-line border-b px-4 py-3 text-fg-2 sm:px-5">已关注 {total} 个标签</p>}
      >
        <TagList
          tags={tagList}
          empty={
            <EmptyState
              text="还没有关注标签"
              action={
                <Link to="/subscribe/all" className="text-brand hover:text-brand-hover">
                  去看看全部标签
                </Link>
              }
            />
          }
        />
        <Pagination page={page} pageCount={pageCount} hrefOf={(n) => `/subscribe/subscribed?page=${n}`} />
      </FeedCard>
    </FeedLayout>
  );
}
