import { EntryFeed } from '~/features/entries/entry-feed.tsx';
import { FeedCard, FeedLayout } from '~/features/entries/feed-layout.tsx';
import { SortTabs } from '~/ui/nav-tabs.tsx';
import { TagHeader } from '~/features/tags/tag-header.tsx';
import { MuteButton } from '~/features/users/mute-button.tsx';
import { loadTagPage } from '~/features/tags/tags.server.ts';
import { feedRows } from '~/features/entries/feed-rows.server.tsx';
import { TAG_DEFAULT_SORT } from '~/lib/content-sorts.ts';
import { seoMeta } from '~/lib/seo.ts';
import { isMuted } from '@server/modules/mutes/mutes.service.ts';
import type { Route } from './+types/tag';

/** /tag/{title}: the tag's head with its subscribe button, then its entries; `?sort=` (default hottest), `?pointer=`. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { page, ...tagPage } = await loadTagPage(context, { url: new URL(request.url), title: params.title });
  return {
    ...tagPage,
    rows: feedRows(context, { page }),
    pointer: page.pointer,
    muted: await isMuted(context, { targetType: 'tag', targetId: tagPage.tag.id }),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, data ? `${data.tag.title}标签` : null, data?.seo);

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, sort, muted, seo: _seo, ...feed } = loaderData;
  return (
    <FeedLayout
      nav={
        <TagHeader key={tag.id} tag={tag} actions={<MuteButton targetType="tag" targetId={tag.id} muted={muted} />} />
      }
    >
      <FeedCard label="文章列表" header={<SortTabs current={sort} fallback={TAG_DEFAULT_SORT} />}>
        <EntryFeed key={`${tag.id}:${sort}`} page={feed} sort={sort} />
      </FeedCard>
    </FeedLayout>
  );
}
