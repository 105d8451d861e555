import { Link } from 'react-router';
import { buttonClass } from '~/ui/button.tsx';

export interface PaginationProps {
  /** 1-based. */
  page: number;
  pageCount: number;
  /** The href of a page number. */
  hrefOf: (page: number) => string;
}

const linkClass = buttonClass('secondary');

/** 上一页 · N / M · 下一页, for lists paged by number. */
export function Pagination({ page, pageCount, hrefOf }: PaginationProps) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label="分页" className="flex items-center justify-center gap-3 border-line border-t px-4 py-3">
      {page > 1 ? (
        <Link to={hrefOf(page - 1)} rel="prev" className={linkClass}>
          上一页
        </Link>
      ) : (
        <span className={`${linkClass} pointer-events-none opacity-50`} aria-disabled="true">
          上一页
        </span>
      )}
      <span className="text-[13px] text-fg-3">
        第 {page} / {pageCount} 页
      </span>
      {page < pageCount ? (
        <Link to={hrefOf(page + 1)} rel="next" className={linkClass}>
          下一页
        </Link>
      ) : (
        <span className={`${linkClass} pointer-events-none opacity-50`} aria-disabled="true">
          下一页
        </span>
      )}
    </nav>
  );
}
