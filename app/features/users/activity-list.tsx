import { formatDateTime, formatRelativeTime, truncate } from '@core/format.ts';
import { Link } from 'react-router';
import type { ActivityItem } from './types.ts';

const VERBS: Record<ActivityItem['kind'], string> = {
  entry: '发布了文章',
  pin: '发布了沸点',
  like: '赞了文章',
  follow: '关注了',
  comment: '评论了',
};

function entryLink(entry: NonNullable<ActivityItem['entry']>) {
  return (
    <Link
      to={entry.type === 'post' ? `/post/${entry.id}` : `/entry/${entry.id}`}
      className="font-medium text-fg hover:text-brand"
    >
      {entry.title}
    </Link>
  );
}

/** The activity tab (/getUserLog): one line per thing the person did, newest first. */
export function ActivityList({ items, username }: { items: ActivityItem[]; username: string }) {
  if (items.length === 0) return <p className="py-12 text-center text-fg-3 text-sm">还没有动态</p>;
  return (
    <ul className="divide-y divide-line" aria-label="动态列表">
      {items.map((item) => (
        <li key={item.key} className="px-5 py-4 text-sm">
          <p className="flex items-baseline gap-2 text-fg-3">
            <span>
              {username} {VERBS[item.kind]}
            </span>
            <time
              className="ml-auto text-[13px]"
              dateTime={item.createdAt}
              title={formatDateTime(item.createdAt)}
              suppressHydrationWarning
            >
              {formatRelativeTime(item.createdAt)}
            </time>
          </p>
          <div className="mt-1.5">
            {item.kind === 'follow' && item.user && (
              <Link to={`/user/${item.user.id}`} className="font-medium text-fg hover:text-brand">
                {item.user.username}
              </Link>
            )}
            {(item.kind === 'entry' || item.kind === 'like') && item.entry && entryLink(item.entry)}
            {item.kind === 'pin' && item.pin && (
              <Link to={`/pin/${item.pin.id}`} className="text-fg hover:text-brand">
                {truncate(item.pin.content, 120)}
              </Link>
            )}
            {item.kind === 'comment' && (
              <>
                {item.entry && entryLink(item.entry)}
                {item.pin && (
                  <Link to={`/pin/${item.pin.id}`} className="font-medium text-fg hover:text-brand">
                    {truncate(item.pin.content, 40)}
                  </Link>
                )}
                {item.comment && (
                  <p className="mt-1 rounded bg-page px-3 py-2 text-fg-2">{truncate(item.comment.content, 200)}</p>
                )}
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
