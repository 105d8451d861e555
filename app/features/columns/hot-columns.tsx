import { formatCount } from '@core/format.ts';
import { Link } from 'react-router';
import { entryHref } from '~/lib/links.ts';
import type { EntryRowView } from '~/lib/entry-rows.ts';

/** 本周最热: the column aside's six most liked posts of the week (SPEC §7.3). */
export function HotColumns({ entries }: { entries: EntryRowView[] }) {
  return (
    <section aria-labelledby="hot-columns-title" className="rounded bg-card px-4 py-4">
      <h2 id="hot-columns-title" className="border-line border-b pb-3 font-semibold text-base">
        本周最热
      </h2>
      {entries.length === 0 ? (
        <p className="py-3 text-fg-3">本周还没有热门专栏文章</p>
      ) : (
        <ol className="mt-1">
          {entries.map((entry, index) => (
            <li key={entry.id} className="flex gap-2 py-2">
              <span className={`w-5 shrink-0 font-semibold ${index < 3 ? 'text-brand' : 'text-fg-3'}`}>
                {index + 1}
              </span>
              <div className="min-w-0">
                <Link to={entryHref(entry)} className="line-clamp-2 text-fg hover:text-brand">
                  {entry.title}
                </Link>
                <p className="mt-0.5 text-[13px] text-fg-3">
                  {formatCount(entry.likeCount)} 点赞 · {entry.user.username}
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
