import { LIMITS } from '@core/constants.ts';
import { QueryForm } from '~/ui/query-form.tsx';

/** The search page's own field: at most 32 characters, trimmed, and empty input does nothing (SPEC §2.4). */
export function SearchForm({ query }: { query: string }) {
  return (
    <QueryForm
      action="/search"
      fieldLabel="搜索关键词"
      placeholder="搜索文章"
      maxLength={LIMITS.searchInput}
      query={query}
    />
  );
}
