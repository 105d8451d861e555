import { Link } from 'react-router';
import { EntryStats } from './entry-stats.tsx';
import { entryHref, hostOf, userHref } from '~/lib/links.ts';
import { Highlight } from './highlight.tsx';
import { LikeButton } from './like-button.tsx';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import type { EntryView } from './types.ts';
import { safeImageUrl } from '@core/user-urls.ts';

/** Tags shown in a row's meta line; the rest are on the entry page. */
const ROW_TAG_LIMIT = 3;

export interface EntryRowProps {
  entry: EntryView;
  /** Search terms to mark in the title and abstract. */
  terms?: readonly string[];
}

/**
 * One feed row (DESIGN.md): meta line, title, abstract, counts, thumbnail at the right. The
 * title link covers the whole row; the author and tag links sit above it.
 */
export function EntryRow({ entry, terms }: EntryRowProps) {
  const { CollectButton } = useFeatureSlots();
  const host = entry.originalUrl ? hostOf(entry.originalUrl) : '';
  const authorHref = userHref(entry.user);
  return (
    <li className="border-line border-b last:border-b-0">
      <article className="relative flex gap-4 px-4 py-3.5 transition-colors duration-150 ease-out hover:bg-page/60 sm:px-5">
        <div className="min-w-0 flex-1">
          <div className="flex min-w-0 flex-wrap items-center gap-x-1.5 text-[13px] text-fg-3">
            {authorHref ? (
              <Link to={authorHref} className="relative z-10 max-w-[10em] truncate text-fg-2 hover:text-brand">
                {entry.user.username}
              </Link>
            ) : (
              <span className="max-w-[10em] truncate">{entry.user.username}</span>
            )}
            <span aria-hidden="true">·</span>
            <RelativeTime value={entry.createdAt} />
            {entry.tags.length > 0 && (
              <>
                <span aria-hidden="true">·</span>
                <ul className="flex min-w-0 flex-wrap gap-x-1.5">
                  {entry.tags.slice(0, ROW_TAG_LIMIT).map((tag) => (
                    <li key={tag.id}>
                      <Link to={`/tag/${encodeURIComponent(tag.title)}`} className="relative z-10 hover:text-brand">
                        {tag.title}
                      </Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <h2 className="mt-1.5 line-clamp-2 font-semibold text-base text-fg leading-snug">
            <Link
              to={entryHref(entry)}
              className="after:absolute after:inset-0 after:content-[''] hover:text-brand focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand focus-visible:after:outline-offset-[-2px]"
            >
              <Highlight text={entry.title} terms={terms} />
            </Link>
            {host && <span className="ml-2 font-normal text-[13px] text-fg-3">({host})</span>}
          </h2>
          {entry.abstract && (
            <p className="mt-1 line-clamp-2 text-fg-2">
              <Highlight text={entry.abstract} terms={terms} />
            </p>
          )}
          <div className="mt-2 flex flex-wrap items-center gap-x-4">
            <EntryStats
              entry={entry}
              like={<LikeButton entryId={entry.id} liked={entry.liked} likeCount={entry.likeCount} />}
            />
            <CollectButton entryId={entry.id} />
          </div>
        </div>
        {safeImageUrl(entry.screenshot) && (
          <img
            src={safeImageUrl(entry.screenshot)}
            alt={entry.title}
            width={120}
            height={80}
            loading="lazy"
            decoding="async"
            className="mt-1 h-16 w-24 shrink-0 self-center rounded bg-line object-cover sm:h-20 sm:w-[120px]"
          />
        )}
      </article>
    </li>
  );
}

/** A placeholder row while the next page loads (DESIGN.md: skeletons, never a page spinner). */
export function EntryRowSkeleton() {
  return (
    <li className="border-line border-b px-4 py-3.5 last:border-b-0 sm:px-5" aria-hidden="true">
      <div className="animate-pulse space-y-2.5">
        <div className="h-3 w-40 rounded bg-line" />
        <div className="h-4 w-4/5 rounded bg-line" />
        <div className="h-3 w-full rounded bg-line" />
        <div className="h-3 w-32 rounded bg-line" />
      </div>
    </li>
  );
}
