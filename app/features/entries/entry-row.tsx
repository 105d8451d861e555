import type { ReactNode } from 'react';
import { collectToggle, likeToggle } from '~/ui/row-toggles.ts';
import { EntryStats } from './entry-stats.tsx';
import { thumbAttributes } from './entry-thumb.tsx';
import { entryHref, userHref } from '~/lib/links.ts';
import { Highlight } from './highlight.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import type { EntryRowView } from './types.ts';
import { safeImageUrl } from '@core/user-urls.ts';

interface EntryRowProps {
  entry: EntryRowView;
  /** Search terms to mark in the title and abstract. */
  terms?: readonly string[];
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
 * One feed row (DESIGN.md): meta line, title, abstract, counts, thumbnail at the right. The title
 * link covers the whole row; the author and tag links sit above it. The server renders it as static
 * markup (feed-rows.server.tsx: a shared feed page's rows once for every viewer), sent once in the
 * document: plain links and buttons, made interactive by the list's delegated handler
 * (entry-feed.tsx) instead of hydration. A page repeats it twenty times (issue 10 goal 5: ≤ 40 KB
 * of HTML), so its parts are styled by their place under the row's one class (`.er`, app.css: the
 * card is its article, the meta line the body's first div, the title its h2…), the meta line's
 * separators come from CSS, and only the title link asks React Router to discover its route ahead
 * (data-discover): author and tag links discover theirs on click.
 */
export function StaticEntryRow({ entry, terms }: EntryRowProps) {
  const like = likeToggle(entry.liked, entry.likeCount);
  const collect = collectToggle(false);
  const authorHref = userHref(entry.user);
  const screenshot = safeImageUrl(entry.screenshot);
  return (
    <li className="er">
      <article>
        <div>
          <div>
            {authorHref ? (
              <PlainLink to={authorHref} discover="none">
                {entry.user.username}
              </PlainLink>
            ) : (
              <span>{entry.user.username}</span>
            )}
            <RelativeTime value={entry.createdAt} />
            {entry.tags.length > 0 && (
              <ul>
                {entry.tags.map((title) => (
                  <li key={title}>
                    <PlainLink to={`/tag/${encodeURIComponent(title)}`} discover="none">
                      {title}
                    </PlainLink>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <h2>
            <PlainLink to={entryHref(entry)}>
              <Highlight text={entry.title} terms={terms} />
            </PlainLink>
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
            <EntryStats
              entry={entry}
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
              className={null}
            />
            <button type="button" aria-pressed={false} className={collect.className}>
              {collect.label}
            </button>
          </div>
        </div>
        {screenshot && <img alt={entry.title} {...thumbAttributes(screenshot)} />}
      </article>
    </li>
  );
}
