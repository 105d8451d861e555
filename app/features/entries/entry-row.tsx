import { Link } from 'react-router';
import { EntryStats } from './entry-stats.tsx';
import { EntryThumb } from './entry-thumb.tsx';
import { entryHref, hostOf, userHref } from '~/lib/links.ts';
import { Highlight } from './highlight.tsx';
import { LikeButton } from './like-button.tsx';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import { ROW_TAG_LIMIT } from '~/lib/entry-rows.ts';
import type { EntryRowView } from './types.ts';
import { safeImageUrl } from '@core/user-urls.ts';

export interface EntryRowProps {
  entry: EntryRowView;
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
    <li className="er">
      <article className="er-card">
        <div className="min-w-0 flex-1">
          <div className="er-meta">
            {authorHref ? (
              <Link to={authorHref} className="er-author">
                {entry.user.username}
              </Link>
            ) : (
              <span className="er-author">{entry.user.username}</span>
            )}
            <span aria-hidden="true">·</span>
            <RelativeTime value={entry.createdAt} />
            {entry.tags.length > 0 && (
              <>
                <span aria-hidden="true">·</span>
                <ul className="er-tags">
                  {entry.tags.slice(0, ROW_TAG_LIMIT).map((tag) => (
                    <li key={tag.id}>
                      <Link to={`/tag/${encodeURIComponent(tag.title)}`}>{tag.title}</Link>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
          <h2 className="er-title">
            <Link to={entryHref(entry)} className="er-link">
              <Highlight text={entry.title} terms={terms} />
            </Link>
            {host && <span className="er-host">({host})</span>}
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
