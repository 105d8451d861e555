import { Link } from 'react-router';
import { EntryStats } from './entry-stats.tsx';
import { EntryThumb } from './entry-thumb.tsx';
import { entryHref, userHref } from '~/lib/links.ts';
import { Highlight } from './highlight.tsx';
import { LikeButton } from './like-button.tsx';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import type { EntryRowView } from './types.ts';
import { safeImageUrl } from '@core/user-urls.ts';

export interface EntryRowProps {
  entry: EntryRowView;
  /** Search terms to mark in the title and abstract. */
  terms?: readonly string[];
}

/**
 * One feed row (DESIGN.md): meta line, title, abstract, counts, thumbnail at the right. The
 * title link covers the whole row; the author and tag links sit above it. A page repeats this
 * twenty times (issue 10 goal 5: ≤ 40 KB of HTML), so the styles are short component classes
 * (app.css), the meta line's separators come from CSS, and only the title link asks React Router
 * to discover its route ahead (data-discover): author and tag links discover theirs on click.
 */
export function EntryRow({ entry, terms }: EntryRowProps) {
  const { CollectButton } = useFeatureSlots();
  const authorHref = userHref(entry.user);
  return (
    <li className="er">
      <article className="er-card">
        <div className="er-body">
          <div className="er-meta">
            {authorHref ? (
              <Link to={authorHref} className="er-author" discover="none">
                {entry.user.username}
              </Link>
            ) : (
              <span className="er-author">{entry.user.username}</span>
            )}
            <RelativeTime value={entry.createdAt} />
            {entry.tags.length > 0 && (
              <ul className="er-tags">
                {entry.tags.map((title) => (
                  <li key={title}>
                    <Link to={`/tag/${encodeURIComponent(title)}`} discover="none">
                      {title}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <h2 className="er-title">
            <Link to={entryHref(entry)} className="er-link">
              <Highlight text={entry.title} terms={terms} />
            </Link>
            {entry.host && <span className="er-host">{`(${entry.host})`}</span>}
          </h2>
          {entry.hiddenReason !== undefined && (
            <p className="mt-1 text-danger text-xs">
              已被管理员隐藏，仅你可见{entry.hiddenReason ? `。原因：${entry.hiddenReason}` : ''}
            </p>
          )}
          {entry.abstract && (
            <p className="er-abstract">
              <Highlight text={entry.abstract} terms={terms} />
            </p>
          )}
          <div className="er-foot">
            <EntryStats
              entry={entry}
              like={<LikeButton entryId={entry.id} liked={entry.liked} likeCount={entry.likeCount} />}
            />
            <CollectButton entryId={entry.id} />
          </div>
        </div>
        {safeImageUrl(entry.screenshot) && <EntryThumb src={safeImageUrl(entry.screenshot)} alt={entry.title} />}
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
