import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { collectToggle, likeToggle } from '~/ui/row-toggles.ts';
import { EntryStats } from './entry-stats.tsx';
import { EntryThumb, thumbAttributes } from './entry-thumb.tsx';
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
 * twenty times (issue 10 goal 5: ≤ 40 KB of HTML), so its parts are styled by their place under
 * the row's one class (`.er`, app.css: the card is its article, the meta line the body's first div,
 * the title its h2…), the meta line's separators come from CSS, and only the title link asks React Router
 * to discover its route ahead (data-discover): author and tag links discover theirs on click.
 */
export function EntryRow({ entry, terms }: EntryRowProps) {
  const { CollectButton } = useFeatureSlots();
  return (
    <li className="er">
      <RowCard
        entry={entry}
        terms={terms}
        RowLink={Link}
        like={<LikeButton entryId={entry.id} liked={entry.liked} likeCount={entry.likeCount} />}
        collect={<CollectButton entryId={entry.id} />}
        thumb={(src) => <EntryThumb src={src} alt={entry.title} />}
      />
    </li>
  );
}

/** A plain link with the attributes React Router's <Link> renders (data-discover unless discover="none"). */
function PlainLink({
  to,
  className,
  discover,
  children,
}: {
  to: string;
  className?: string;
  discover?: 'none';
  children: ReactNode;
}) {
  return (
    <a href={to} className={className} data-discover={discover === 'none' ? undefined : 'true'}>
      {children}
    </a>
  );
}

/**
 * The same row as static markup, for the feed pages' first rows that the server renders once and
 * shares (app/features/entries/feed-rows.server.ts): plain links and buttons, `data-id` on the
 * row, made interactive by the list's delegated handler (entry-feed.tsx) instead of hydration.
 */
export function StaticEntryRow({ entry, terms }: EntryRowProps) {
  const like = likeToggle(entry.liked, entry.likeCount);
  const collect = collectToggle(false);
  return (
    <li className="er">
      <RowCard
        entry={entry}
        terms={terms}
        RowLink={PlainLink}
        like={
          <button
            type="button"
            aria-pressed={entry.liked}
            aria-label={like.ariaLabel}
            title={like.label}
            className={like.className}
          >
            <span>{like.count}</span>
          </button>
        }
        collect={
          <button type="button" aria-pressed={false} className={collect.className}>
            {collect.label}
          </button>
        }
        thumb={(src) => <img alt={entry.title} {...thumbAttributes(src)} />}
      />
    </li>
  );
}

function RowCard({
  entry,
  terms,
  RowLink,
  like,
  collect,
  thumb,
}: EntryRowProps & {
  RowLink: typeof PlainLink | typeof Link;
  like: ReactNode;
  collect: ReactNode;
  thumb: (src: string) => ReactNode;
}) {
  const authorHref = userHref(entry.user);
  const screenshot = safeImageUrl(entry.screenshot);
  return (
    <article>
      <div>
        <div>
          {authorHref ? (
            <RowLink to={authorHref} discover="none">
              {entry.user.username}
            </RowLink>
          ) : (
            <span>{entry.user.username}</span>
          )}
          <RelativeTime value={entry.createdAt} />
          {entry.tags.length > 0 && (
            <ul>
              {entry.tags.map((title) => (
                <li key={title}>
                  <RowLink to={`/tag/${encodeURIComponent(title)}`} discover="none">
                    {title}
                  </RowLink>
                </li>
              ))}
            </ul>
          )}
        </div>
        <h2>
          <RowLink to={entryHref(entry)}>
            <Highlight text={entry.title} terms={terms} />
          </RowLink>
          {entry.host && <span>{`(${entry.host})`}</span>}
        </h2>
        {entry.hiddenReason !== undefined && (
          <p className="mt-1 text-danger text-xs">
            已被管理员隐藏，仅你可见{entry.hiddenReason ? `。原因：${entry.hiddenReason}` : ''}
          </p>
        )}
        {entry.abstract && (
          <p>
            <Highlight text={entry.abstract} terms={terms} />
          </p>
        )}
        <div>
          <EntryStats entry={entry} like={like} className={null} />
          {collect}
        </div>
      </div>
      {screenshot && thumb(screenshot)}
    </article>
  );
}
