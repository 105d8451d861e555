import { CustomRepos } from '~/features/repos/custom-repos.tsx';
import { ListTabs, Pager } from '~/features/repos/list-nav.tsx';
import { RepoList } from '~/features/repos/repo-list.tsx';
import { TagFilter } from '~/features/repos/tag-filter.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { loadFilteredRepos } from '~/features/repos/repos.server.ts';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import type { Route } from './+types/repos-filtered';

/** /repos/filtered?tagIds=…: repos under the chosen tags, newest or most starred; no tags → /repos. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadFilteredRepos(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches, data }) => {
  const titles = data ? data.tags.flatMap((t) => [t, ...t.children]).filter((t) => data.tagIds.includes(t.id)) : [];
  return pageMeta(matches, `${titles.map((t) => t.title).join(' / ') || '筛选'} - 开源库`);
};

export default function FilteredRepos({ loaderData }: Route.ComponentProps) {
  const { tab, tagIds, tags, custom, repoList, page, hasMore } = loaderData;
  const base = `/repos/filtered?tagIds=${tagIds.join('|')}`;
  return (
    <PageContainer>
      <WithAside asideLabel="推荐" aside={<CustomRepos initial={custom} />}>
        <section aria-label="开源库" className="overflow-hidden rounded bg-card">
          <TagFilter tags={tags} selected={tagIds} />
          <ListTabs
            label="开源库列表"
            current={tab}
            tabs={[
              { key: 'newest', label: '最新', to: base },
              { key: 'stars', label: '最多 star', to: `${base}&tab=stars` },
            ]}
          />
          <RepoList repos={repoList} empty="这个标签下还没有开源库" />
          <Pager
            page={page}
            hasMore={hasMore}
            hrefOf={(n) => `${base}${tab === 'stars' ? '&tab=stars' : ''}${n > 1 ? `&page=${n}` : ''}`}
          />
        </section>
      </WithAside>
    </PageContainer>
  );
}
