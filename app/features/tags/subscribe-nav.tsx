import { CategoryNav } from '~/ui/nav-tabs.tsx';
import { QueryForm } from '~/ui/query-form.tsx';

/** The two tabs of tag management (SPEC §2.3 /subscribe): 已关注标签 and 全部标签. */
export function SubscribeNav({ current }: { current: 'subscribed' | 'all' }) {
  return (
    <CategoryNav
      current={current}
      tabs={[
        { key: 'subscribed', label: '已关注标签', to: '/subscribe/subscribed' },
        { key: 'all', label: '全部标签', to: '/subscribe/all' },
      ]}
    />
  );
}

/** The tag search box: titles containing the words, on the all-tags list. Empty input does nothing. */
export function TagSearchForm({ query, sort }: { query: string; sort?: string }) {
  return (
    <QueryForm
      action="/subscribe/all"
      ariaLabel="搜索标签"
      fieldLabel="标签名称"
      placeholder="搜索标签"
      maxLength={32}
      query={query}
    >
      {sort && sort !== 'hot' && <input type="hidden" name="sort" value={sort} />}
    </QueryForm>
  );
}
