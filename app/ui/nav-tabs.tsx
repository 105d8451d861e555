import { ENTRY_SORT_LABELS, ENTRY_SORTS, type EntrySort } from '@core/constants.ts';
import { Link } from 'react-router';

export interface NavTab {
  key: string;
  label: string;
  to: string;
}

/**
 * .tabs, .tab and .tab-on live in app.css: a page repeats them for every category and sort. The
 * sort tabs stay on the route shown, so they have no route to discover ahead (no data-discover).
 */
const tabClass = (active: boolean) => (active ? 'tab tab-on' : 'tab');

/** The category bar: one row of links, a horizontal scroller on narrow screens (DESIGN.md). */
export function CategoryNav({ tabs, current, label = '分类' }: { tabs: NavTab[]; current: string; label?: string }) {
  return (
    <nav aria-label={label} className="rounded bg-card">
      <ul className="tabs h-12">
        {tabs.map((tab) => (
          <li key={tab.key}>
            <Link
              to={tab.to}
              aria-current={tab.key === current ? 'page' : undefined}
              className={tabClass(tab.key === current)}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Category tabs: 全部 at the base path, then one per category at base/{name}; the sort is kept. */
export function categoryTabs(
  base: string,
  categories: Array<{ name: string; title: string }>,
  sort: { value: EntrySort; fallback: EntrySort } | null,
): NavTab[] {
  const query = sort && sort.value !== sort.fallback ? `?sort=${sort.value}` : '';
  return [
    { key: 'all', label: '全部', to: `${base}${query}` },
    ...categories.map((c) => ({ key: c.name, label: c.title, to: `${base}/${c.name}${query}` })),
  ];
}

/** The six sorts of SPEC §5 as tabs on the current path; the default sort has the plain URL. */
export function SortTabs({ current, fallback }: { current: EntrySort; fallback: EntrySort }) {
  return (
    <nav aria-label="排序" className="border-line border-b">
      <ul className="tabs h-11 text-[13px]">
        {ENTRY_SORTS.map((sort) => (
          <li key={sort}>
            <Link
              to={sort === fallback ? '.' : `?sort=${sort}`}
              aria-current={sort === current ? 'page' : undefined}
              className={tabClass(sort === current)}
              preventScrollReset
              discover="none"
            >
              {ENTRY_SORT_LABELS[sort]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
