import { formatPrice } from '@core/booklets.ts';
import { formatCount } from '@core/format.ts';
import { Link } from 'react-router';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';
import { BookletCover } from './booklet-cover.tsx';
import type { BookletCard } from './types.ts';

/**
 * One booklet in a list: cover, title, summary, author, sections and buyers, and the price (or
 * 已购 for the viewer's own purchases). `extra` is what a list adds under it (继续阅读…).
 */
export function BookletRow({
  booklet,
  bought = false,
  to,
  extra,
}: {
  booklet: BookletCard;
  bought?: boolean;
  to?: string;
  extra?: React.ReactNode;
}) {
  const href = to ?? `/book/${booklet.id}`;
  return (
    <article className="flex gap-4 px-4 py-4 sm:px-5">
      <Link to={href} tabIndex={-1} aria-hidden>
        <BookletCover booklet={booklet} width={84} />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col">
        <h3 className="flex items-center gap-2 font-semibold text-[16px] text-fg">
          {booklet.isTop && <span className="rounded-sm bg-brand-tint px-1 text-[12px] text-brand">置顶</span>}
          {booklet.isHot && <span className="rounded-sm bg-danger/10 px-1 text-[12px] text-danger">热门</span>}
          <Link to={href} className="line-clamp-1 hover:text-brand">
            {booklet.title}
          </Link>
        </h3>
        <p className="mt-1 line-clamp-2 text-[13px] text-fg-2">{booklet.summary}</p>
        <p className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 text-[13px] text-fg-3">
          <span className="text-fg-2">{booklet.user.username}</span>
          <span>{booklet.sectionCount} 小节</span>
          <span>{formatCount(booklet.buyCount)} 人已购买</span>
          {booklet.isFinished ? <span>已完结</span> : <span>连载中</span>}
          <span className={`ml-auto font-medium ${bought ? 'text-success' : 'text-brand'}`}>
            {bought ? '已购' : formatPrice(booklet.price)}
          </span>
        </p>
        {extra}
      </div>
    </article>
  );
}

/** Booklet rows inside one card, 加载更多 under them while there is a next page (usePointerPages). */
export function BookletRows<T extends BookletCard>({
  pages,
  row,
}: {
  pages: { items: T[]; pointer: string | null; loading: boolean; more: () => void };
  row: (booklet: T) => React.ReactNode;
}) {
  return (
    <>
      <ul className="divide-y divide-line">
        {pages.items.map((booklet) => (
          <li key={booklet.id}>{row(booklet)}</li>
        ))}
      </ul>
      {pages.pointer && (
        <div className="flex justify-center border-line border-t py-3">
          <LoadMoreButton loading={pages.loading} onClick={pages.more} />
        </div>
      )}
    </>
  );
}
