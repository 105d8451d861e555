import { Link } from 'react-router';

export interface ListTab {
  key: string;
  label: string;
  to: string;
}

/** A row of tabs (.tab / .tab-on of app.css) that keep the scroll position. */
export function ListTabs({ tabs, current, label }: { tabs: ListTab[]; current: string; label: string }) {
  return (
    <nav aria-label={label} className="border-line border-b">
      <ul className="flex h-11 items-stretch overflow-x-auto px-1 text-sm [scrollbar-width:none] sm:px-2">
        {tabs.map((tab) => (
          <li key={tab.key} className="flex">
            <Link
              to={tab.to}
              aria-current={tab.key === current ? 'page' : undefined}
              className={tab.key === current ? 'tab tab-on' : 'tab'}
              preventScrollReset
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Previous / next page links of a numbered list whose total is not counted. */
export function Pager({ page, hasMore, hrefOf }: { page: number; hasMore: boolean; hrefOf: (page: number) => string }) {
  if (page <= 1 && !hasMore) return null;
  const link =
    'inline-flex h-8 items-center rounded border border-line px-3 text-sm text-fg-2 hover:border-brand hover:text-brand';
  return (
    <nav aria-label="分页" className="flex items-center justify-center gap-3 border-line border-t px-4 py-3 text-sm">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} className={link} rel="prev">
          上一页
        </Link>
      ) : (
        <span aria-hidden className={`${link} opacity-40`}>
          上一页
        </span>
      )}
      <span className="text-fg-3">第 {page} 页</span>
      {hasMore ? (
        <Link to={hrefOf(page + 1)} className={link} rel="next">
          下一页
        </Link>
      ) : (
        <span aria-hidden className={`${link} opacity-40`}>
          下一页
        </span>
      )}
    </nav>
  );
}
