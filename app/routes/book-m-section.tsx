import { redirect } from 'react-router';
import { MobileBookShell } from '~/features/booklets/mobile-shell.tsx';
import { SectionReader } from '~/features/booklets/section-reader.tsx';
import { useSectionView } from '~/features/booklets/use-view-count.ts';
import { CommentSection } from '~/features/comments/comment-section.tsx';
import { BuyBooklet } from '~/features/payments/buy-booklet.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireIdParam } from '~/lib/route-guards.server.ts';
import { getBooklet, getSection } from '@server/modules/booklets/booklets.service.ts';
import type { Route } from './+types/book-m-section';

/**
 * /book/m/{id}/section/{sectionId?} (SPEC §2.3 bookWapSection): a section laid out for phones;
 * without a section id, where the reader left off, else the first section.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const bookletId = requireIdParam(params.id);
  if (!params.sectionId) {
    const booklet = await fromService(getBooklet(context, bookletId));
    const target = booklet.progress?.sectionId ?? booklet.sections[0]?.id;
    throw redirect(target ? `/book/m/${bookletId}/section/${target}` : `/book/${bookletId}`);
  }
  const reading = await fromService(getSection(context, requireIdParam(params.sectionId)));
  if (reading.booklet.id !== bookletId) throw redirect(`/book/m/${reading.booklet.id}/section/${reading.section.id}`);
  return { reading };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data ? `${data.reading.section.title} - ${data.reading.booklet.title}` : '小册');

export default function BookMobileSection({ loaderData }: Route.ComponentProps) {
  const { reading } = loaderData;
  useSectionView(reading.section.id);
  return (
    <MobileBookShell tabs={false}>
      <SectionReader
        key={reading.section.id}
        reading={reading}
        mobile
        hrefOf={(id) => `/book/m/${reading.booklet.id}/section/${id}`}
        purchase={
          reading.locked && (
            <BuyBooklet bookletId={reading.booklet.id} title={reading.booklet.title} price={reading.booklet.price} />
          )
        }
        comments={
          <CommentSection targetType="section" targetId={reading.section.id} count={reading.section.commentCount} />
        }
      />
    </MobileBookShell>
  );
}
