import { Search } from '~/ui/icons.tsx';
import { Form } from 'react-router';
import { Button } from '~/ui/button.tsx';
import { CategoryNav } from '~/ui/nav-tabs.tsx';

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
    <Form
      method="get"
      action="/subscribe/all"
      role="search"
      aria-label="搜索标签"
      className="flex gap-2"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem('query');
        if (!(input instanceof HTMLInputElement)) return;
        input.value = input.value.trim();
        if (!input.value) event.preventDefault();
      }}
    >
      {sort && sort !== 'hot' && <input type="hidden" name="sort" value={sort} />}
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">标签名称</span>
        <Search
          size={16}
          strokeWidth={1.75}
          aria-hidden="true"
          className="-translate-y-1/2 pointer-events-none absolute top-1/2 left-3 text-fg-3"
        />
        <input
          type="search"
          name="query"
          defaultValue={query}
          maxLength={32}
          placeholder="搜索标签"
          className="h-9 w-full rounded border border-line bg-card pr-3 pl-9 text-fg placeholder:text-fg-3 focus:border-brand"
        />
      </label>
      <Button type="submit" size="md">
        搜索
      </Button>
    </Form>
  );
}
