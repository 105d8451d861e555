import { LIMITS } from '@core/constants.ts';
import { Search } from '~/ui/icons.tsx';
import { Form } from 'react-router';
import { Button } from '~/ui/button.tsx';

/** The search page's own field: at most 32 characters, trimmed, and empty input does nothing (SPEC §2.4). */
export function SearchForm({ query }: { query: string }) {
  return (
    <Form
      method="get"
      action="/search"
      role="search"
      className="flex gap-2"
      onSubmit={(event) => {
        const input = event.currentTarget.elements.namedItem('query');
        if (!(input instanceof HTMLInputElement)) return;
        input.value = input.value.trim();
        if (!input.value) event.preventDefault();
      }}
    >
      <label className="relative min-w-0 flex-1">
        <span className="sr-only">搜索关键词</span>
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
          maxLength={LIMITS.searchInput}
          placeholder="搜索文章"
          className="h-9 w-full rounded border border-line bg-card pr-3 pl-9 text-fg placeholder:text-fg-3 focus:border-brand"
        />
      </label>
      <Button type="submit" size="md">
        搜索
      </Button>
    </Form>
  );
}
