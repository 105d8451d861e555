import { Link } from 'react-router';
import { Avatar } from '~/ui/avatar.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import type { BookletReview } from './types.ts';

/** The booklet page's reviews: the newest comments left on its sections, each linking to its section. */
export function BookletReviews({ bookletId, reviews }: { bookletId: string; reviews: BookletReview[] }) {
  return (
    <section className="rounded bg-card px-5 py-6 sm:px-8" aria-labelledby="reviews">
      <h2 id="reviews" className="mb-4 font-semibold text-[18px] text-fg">
        读者评论
      </h2>
      {reviews.length === 0 ? (
        <p className="text-fg-3 text-sm">还没有评论，读完一节后在文末留下你的想法吧</p>
      ) : (
        <ul className="divide-y divide-line">
          {reviews.map((review) => (
            <li key={review.id} className="flex gap-3 py-3">
              <Avatar user={review.user} size={32} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 text-[13px] text-fg-3">
                  <span className="text-fg-2">{review.user.username}</span>
                  <RelativeTime value={review.createdAt} />
                  <Link
                    to={`/book/${bookletId}/section/${review.section.id}#comments`}
                    className="truncate hover:text-brand"
                  >
                    评论于「{review.section.title}」
                  </Link>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-[14px] text-fg">{review.content}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
