import { bookletCategoryTitle, formatPrice } from '@core/booklets.ts';
import { formatCount } from '@core/format.ts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Avatar } from '~/ui/avatar.tsx';
import { BookletCover } from './booklet-cover.tsx';
import type { BookletDetail } from './types.ts';

/** Whether the viewer may read every section of it. */
export function isOpenTo(booklet: Pick<BookletDetail, 'price' | 'bought' | 'canEdit'>): boolean {
  return booklet.price === 0 || booklet.bought || booklet.canEdit;
}

/** The booklet page's top card: cover, title, summary, author, counts, price and the actions. */
export function BookletHeader({ booklet, actions }: { booklet: BookletDetail; actions: ReactNode }) {
  return (
    <section className="flex flex-col gap-5 rounded bg-card p-5 sm:flex-row">
      <BookletCover booklet={booklet} width={150} className="self-center sm:self-start" />
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        {booklet.isDraft && (
          <p className="rounded bg-brand-tint px-3 py-1.5 text-[13px] text-brand">
            {booklet.submittedAt ? '审核中：通过后上架' : '草稿：仅作者和管理员可见'}
          </p>
        )}
        <h1 className="font-semibold text-[22px] text-fg leading-snug">{booklet.title}</h1>
        <p className="text-fg-2">{booklet.summary}</p>
        <Link to={`/user/${booklet.user.id}`} className="flex items-center gap-2 self-start hover:text-brand">
          <Avatar user={booklet.user} size={28} />
          <span className="text-[14px] text-fg">{booklet.user.username}</span>
          {booklet.user.jobTitle && <span className="text-[13px] text-fg-3">{booklet.user.jobTitle}</span>}
        </Link>
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-[13px] text-fg-3">
          <span>{bookletCategoryTitle(booklet.category)}</span>
          <span>{booklet.sectionCount} 小节</span>
          <span>{formatCount(booklet.buyCount)} 人已购买</span>
          <span>{formatCount(booklet.viewCount)} 次阅读</span>
          <span>{booklet.isFinished ? '已完结' : '连载中'}</span>
        </p>
        <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
          {!booklet.bought && (
            <span className="font-semibold text-[20px] text-brand">{formatPrice(booklet.price)}</span>
          )}
          {booklet.bought && <span className="text-[14px] text-success">已购买</span>}
          {actions}
        </div>
      </div>
    </section>
  );
}
