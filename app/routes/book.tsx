import { Link } from 'react-router';
import { BookletAdminBar } from '~/features/booklets/booklet-admin-bar.tsx';
import { BookletHeader, isOpenTo } from '~/features/booklets/booklet-header.tsx';
import { BookletReviews } from '~/features/booklets/booklet-reviews.tsx';
import { SectionList } from '~/features/booklets/section-list.tsx';
import { useBookletView } from '~/features/booklets/use-view-count.ts';
import { BuyBooklet } from '~/features/payments/buy-booklet.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireIdParam } from '~/lib/route-guards.server.ts';
import { buttonClass } from '~/ui/button.tsx';
import { PageContainer, WithAside } from '~/ui/page-layout.tsx';
import { getBooklet, listBookletReviews } from '@server/modules/booklets/booklets.service.ts';
import type { Route } from './+types/book';
import { ArticleBody } from '~/ui/article-body.tsx';

/** /book/{id}: a booklet's introduction and table of contents (SPEC §2.3 bookInfo). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const booklet = await fromService(getBooklet(context, requireIdParam(params.id)));
  const reviews = await listBookletReviews(context, { booklet });
  return { booklet, reviews, isAdmin: context.viewer?.role === 'admin' };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data ? `${data.booklet.title} - 小册` : '小册', data?.booklet.summary);

export default function Book({ loaderData }: Route.ComponentProps) {
  const { booklet, reviews, isAdmin } = loaderData;
  useBookletView(booklet.id);
  const open = isOpenTo(booklet);
  const first = booklet.sections[0];
  const firstFree = booklet.sections.find((s) => s.isFree);
  const sectionHref = (id: string) => `/book/${booklet.id}/section/${id}`;

  const actions = (
    <>
      {!open && <BuyBooklet bookletId={booklet.id} title={booklet.title} price={booklet.price} />}
      {booklet.progress ? (
        <Link to={sectionHref(booklet.progress.sectionId)} className={buttonClass('primary', 'md')}>
          继续阅读：{booklet.progress.title}
        </Link>
      ) : (
        open &&
        first && (
          <Link to={sectionHref(first.id)} className={buttonClass('primary', 'md')}>
            开始阅读
          </Link>
        )
      )}
      {!open && firstFree && (
        <Link to={sectionHref(firstFree.id)} className={buttonClass('secondary', 'md')}>
          免费试读
        </Link>
      )}
      {booklet.canEdit && (
        <Link to={`/editor/book/${booklet.id}/section`} className={buttonClass('secondary', 'md')}>
          编辑小册
        </Link>
      )}
    </>
  );

  return (
    <PageContainer>
      <WithAside
        asideLabel="目录"
        aside={
          <section className="rounded bg-card lg:sticky lg:top-[80px]" aria-labelledby="toc">
            <h2 id="toc" className="border-line border-b px-4 py-3 font-semibold text-fg">
              目录 · {booklet.sections.length} 小节
            </h2>
            <SectionList
              bookletId={booklet.id}
              sections={booklet.sections}
              open={open}
              progressId={booklet.progress?.sectionId}
              compact
            />
          </section>
        }
      >
        <div className="space-y-5">
          {isAdmin && <BookletAdminBar booklet={booklet} />}
          <BookletHeader booklet={booklet} actions={actions} />
          <section className="rounded bg-card px-5 py-6 sm:px-8" aria-labelledby="intro">
            <h2 id="intro" className="mb-4 font-semibold text-[18px] text-fg">
              小册介绍
            </h2>
            <ArticleBody html={booklet.descriptionHtml} />
          </section>
          <BookletReviews bookletId={booklet.id} reviews={reviews} />
        </div>
      </WithAside>
    </PageContainer>
  );
}
