import { Link } from 'react-router';
import { usePointerPages } from '~/lib/use-pointer-pages.ts';
import { buttonClass } from '~/ui/button.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { fetchBought } from './booklet-api.ts';
import { BookletRow, BookletRows } from './booklet-row.tsx';
import type { BoughtBooklet } from './types.ts';

/** The viewer's purchases, latest first, each with 继续阅读 where they left off (or 开始阅读). */
export function BoughtList({
  page,
  sectionHref,
}: {
  page: { list: BoughtBooklet[]; pointer: string | null };
  sectionHref: (bookletId: string, sectionId?: string) => string;
}) {
  const pages = usePointerPages(page, fetchBought);

  if (pages.items.length === 0) {
    return (
      <EmptyState
        text="还没有购买小册"
        action={
          <Link to="/books" className={buttonClass('primary', 'md')}>
            去逛逛小册
          </Link>
        }
      />
    );
  }
  return (
    <BookletRows
      pages={pages}
      row={(booklet) => (
        <BookletRow
          booklet={booklet}
          bought
          extra={
            <Link
              to={sectionHref(booklet.id, booklet.progress?.sectionId)}
              className="mt-2 self-start text-[13px] text-brand hover:underline"
            >
              {booklet.progress ? `继续阅读：${booklet.progress.title}` : '开始阅读'}
            </Link>
          }
        />
      )}
    />
  );
}
