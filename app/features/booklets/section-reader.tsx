import { formatPrice } from '@core/booklets.ts';
import { formatCount } from '@core/format.ts';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '~/ui/button.tsx';
import { ChevronLeft, ChevronRight, Clock, Eye, List, Lock, X } from '~/ui/icons.tsx';
import { isOpenTo } from './booklet-header.tsx';
import { SectionList } from './section-list.tsx';
import type { SectionReading } from './types.ts';
import { ArticleBody } from '~/ui/article-body.tsx';

export interface SectionReaderProps {
  reading: SectionReading;
  /** Where a section of this booklet lives (desktop or mobile pages). */
  hrefOf: (sectionId: string) => string;
  /** The purchase button (pay's feature), shown in the locked prompt when there is one. */
  purchase?: ReactNode;
  /** The section's comments (the comments feature), under a readable section. */
  comments?: ReactNode;
  /** Phones: the contents open as a drawer instead of a side column. */
  mobile?: boolean;
}

/**
 * Reading a section: the contents beside it (a drawer on phones), the text, previous / next, and
 * for a locked section its first part fading out above the purchase prompt.
 */
export function SectionReader({ reading, hrefOf, purchase, comments, mobile = false }: SectionReaderProps) {
  const { booklet, section, locked, prev, next } = reading;
  const [drawer, setDrawer] = useState(false);
  const open = isOpenTo(booklet);
  const contents = (
    <SectionList
      bookletId={booklet.id}
      sections={booklet.sections}
      open={open}
      currentId={section.id}
      hrefOf={hrefOf}
      compact
    />
  );

  return (
    <div className={mobile ? '' : 'grid grid-cols-1 gap-5 lg:grid-cols-[260px_minmax(0,1fr)]'}>
      {!mobile && (
        <aside aria-label="目录" className="hidden lg:block">
          <nav className="sticky top-[80px] max-h-[calc(100dvh-100px)] overflow-y-auto rounded bg-card py-2">
            <Link
              to={`/book/${booklet.id}`}
              className="mb-1 block border-line border-b px-4 pt-1 pb-3 font-semibold text-fg hover:text-brand"
            >
              {booklet.title}
            </Link>
            {contents}
          </nav>
        </aside>
      )}
      <div className="min-w-0 space-y-5">
        <article className="rounded bg-card px-5 py-6 sm:px-10 sm:py-8">
          <div className="mb-4 flex items-center gap-2 text-[13px] text-fg-3">
            <Link to={mobile ? '/book/m/bought' : `/book/${booklet.id}`} className="truncate hover:text-brand">
              {booklet.title}
            </Link>
            <button
              type="button"
              onClick={() => setDrawer(true)}
              className={`${buttonClass('text', 'sm')} ml-auto ${mobile ? '' : 'lg:hidden'}`}
            >
              <List aria-hidden size={16} />
              目录
            </button>
          </div>
          <h1 className="mb-2 font-semibold text-[24px] text-fg leading-snug">{section.title}</h1>
          <p className="mb-6 flex flex-wrap gap-4 text-[13px] text-fg-3">
            <span className="inline-flex items-center gap-1">
              <Clock aria-hidden size={14} />
              {section.readingMinutes} 分钟阅读
            </span>
            <span className="inline-flex items-center gap-1">
              <Eye aria-hidden size={14} />
              {formatCount(section.viewCount)}
            </span>
            {section.isFree && !open && <span className="text-brand">免费试读</span>}
            {section.isDraft && <span>草稿</span>}
          </p>
          <div className={locked ? 'relative max-h-[420px] overflow-hidden' : ''}>
            <ArticleBody html={section.contentHtml} />
            {locked && (
              <div className="pointer-events-none absolute inset-x-0 bottom-0 h-40 bg-gradient-to-t from-card to-transparent" />
            )}
          </div>
          {locked && (
            <section
              aria-label="购买提示"
              className="mt-6 flex flex-col items-center gap-3 rounded border border-line px-4 py-8 text-center"
            >
              <Lock aria-hidden size={28} className="text-brand" />
              <p className="font-medium text-fg">本节为付费内容，购买小册后即可阅读全部 {booklet.sectionCount} 小节</p>
              <p className="font-semibold text-[20px] text-brand">{formatPrice(booklet.price)}</p>
              {purchase}
              <Link to={`/book/${booklet.id}`} className="text-[13px] text-fg-2 hover:text-brand">
                查看小册介绍
              </Link>
            </section>
          )}
          <nav aria-label="翻页" className="mt-10 flex items-center justify-between gap-3 border-line border-t pt-5">
            {prev ? (
              <Link to={hrefOf(prev.id)} className={buttonClass('secondary', 'md', 'min-w-0')}>
                <ChevronLeft aria-hidden size={16} />
                <span className="truncate">上一节：{prev.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {next && (
              <Link to={hrefOf(next.id)} className={buttonClass('primary', 'md', 'min-w-0')}>
                <span className="truncate">下一节：{next.title}</span>
                <ChevronRight aria-hidden size={16} />
              </Link>
            )}
          </nav>
        </article>
        {!locked && comments}
      </div>
      {drawer && (
        <div className="fixed inset-0 z-50 flex" role="dialog" aria-modal="true" aria-label="目录">
          <button type="button" aria-label="关闭目录" className="flex-1 bg-black/40" onClick={() => setDrawer(false)} />
          <nav className="order-first h-full w-[80%] max-w-[320px] overflow-y-auto bg-card py-2 shadow-xl">
            <div className="flex items-center border-line border-b px-4 pb-2">
              <span className="flex-1 truncate font-semibold text-fg">{booklet.title}</span>
              <button type="button" aria-label="关闭" className="btn-icon" onClick={() => setDrawer(false)}>
                <X aria-hidden size={18} />
              </button>
            </div>
            <div onClickCapture={() => setDrawer(false)}>{contents}</div>
          </nav>
        </div>
      )}
    </div>
  );
}
