import { BOOKLET_CATEGORIES, bookletCategoryTitle, isBookletCategory } from '@core/booklets.ts';
import { formatPrice } from '@core/booklets.ts';
import { Link, data } from 'react-router';
import { BookletCover } from '~/features/booklets/booklet-cover.tsx';
import { LatestBooklets } from '~/features/booklets/booklet-list.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { buttonClass } from '~/ui/button.tsx';
import { BookOpen, ShoppingBag } from '~/ui/icons.tsx';
import { CategoryNav, categoryTabs } from '~/ui/nav-tabs.tsx';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import { listBoughtIds, listBookletsByLastTime, listHotBooklets } from '@server/modules/booklets/booklets.service.ts';
import type { Route } from './+types/books';

/** /books/{category?}: booklets on sale, newest first, with the hot list beside (SPEC §2.3 booksIndex). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const category = params.category;
  if (category !== undefined && !isBookletCategory(category)) throw data({ message: '找不到页面' }, { status: 404 });
  const [latest, hot, bought] = await Promise.all([
    listBookletsByLastTime(context, { category }),
    listHotBooklets(context, { category }),
    context.viewer ? listBoughtIds(context) : Promise.resolve({ ids: [] as string[] }),
  ]);
  return {
    category: category ?? null,
    latest,
    hot: hot.list,
    boughtIds: bought.ids,
    viewer: context.viewer ? { isXiaoceAuthor: context.viewer.isXiaoceAuthor } : null,
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(
    matches,
    data?.category ? `${bookletCategoryTitle(data.category)}小册` : '小册',
    '金砂小册：系统学习一个技术主题的付费电子书，每本由多个小节组成，部分小节可免费试读。',
  );

export default function Books({ loaderData }: Route.ComponentProps) {
  const { category, latest, hot, boughtIds, viewer } = loaderData;
  const tabs = categoryTabs(
    '/books',
    BOOKLET_CATEGORIES.map((name) => ({ name, title: bookletCategoryTitle(name) })),
    null,
  );
  return (
    <PageContainer>
      <h1 className="sr-only">小册{category ? ` · ${bookletCategoryTitle(category)}` : ''}</h1>
      <div className="mb-4">
        <CategoryNav tabs={tabs} current={category ?? 'all'} />
      </div>
      <WithAside
        asideLabel="热门小册"
        aside={
          <>
            {viewer && (
              <div className="flex flex-col gap-2 rounded bg-card p-4">
                <Link to="/book/m/bought" className={buttonClass('secondary', 'md')}>
                  <ShoppingBag aria-hidden size={16} />
                  已购小册
                </Link>
                {viewer.isXiaoceAuthor && (
                  <Link to="/editor/book/new/section" className={buttonClass('primary', 'md')}>
                    <BookOpen aria-hidden size={16} />
                    写小册
                  </Link>
                )}
              </div>
            )}
            <section className="rounded bg-card" aria-labelledby="hot-booklets">
              <h2 id="hot-booklets" className="border-line border-b px-4 py-3 font-semibold text-fg">
                热门小册
              </h2>
              <ol className="divide-y divide-line">
                {hot.map((booklet) => (
                  <li key={booklet.id}>
                    <Link to={`/book/${booklet.id}`} className="flex gap-3 px-4 py-3 hover:bg-page/60">
                      <BookletCover booklet={booklet} width={42} />
                      <span className="min-w-0">
                        <span className="line-clamp-2 text-[14px] text-fg">{booklet.title}</span>
                        <span className="text-[12px] text-fg-3">
                          {booklet.buyCount} 人购买 · {formatPrice(booklet.price)}
                        </span>
                      </span>
                    </Link>
                  </li>
                ))}
              </ol>
            </section>
          </>
        }
      >
        <section className="rounded bg-card" aria-labelledby="latest-booklets">
          <h2 id="latest-booklets" className="border-line border-b px-5 py-3 font-semibold text-fg">
            最新小册
          </h2>
          <LatestBooklets
            key={category ?? 'all'}
            page={latest}
            category={category ?? undefined}
            boughtIds={boughtIds}
          />
        </section>
      </WithAside>
    </PageContainer>
  );
}
