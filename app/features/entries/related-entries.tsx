import { formatCount } from '@core/format.ts';
import { Link } from 'react-router';
import { entryHref } from '~/lib/links.ts';
import type { EntryRowView } from './types.ts';

/** 相关文章: newer entries of the same category, title and counts only. */
export function RelatedEntries({ entries }: { entries: EntryRowView[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="rounded bg-card px-4 py-4">
      <h2 id="related-title" className="border-line border-b pb-3 font-semibold text-base">
        相关文章
      </h2>
      <ul className="mt-1">
        {entries.map((entry) => (
          <li key={entry.id} className="py-2">
            <Link to={entryHref(entry)} className="line-clamp-2 text-fg hover:text-brand">
              {entry.title}
            </Link>
            <p className="mt-0.5 text-[13px] text-fg-3">
              {formatCount(entry.likeCount)} 点赞 · {formatCount(entry.commentCount)} 评论
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
