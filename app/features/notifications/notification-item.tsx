import { formatDateTime, formatRelativeTime } from '@core/format.ts';
import { Link } from 'react-router';
import { userHref } from '~/lib/links.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { actorsText, NAMES_SHOWN, notificationParts } from './notification-text.ts';
import type { NotificationGroupView, SystemNoticeView } from './types.ts';

/** Avatars shown in a row of a group. */
const AVATARS_SHOWN = 5;

function When({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)} className="text-[13px] text-fg-3" suppressHydrationWarning>
      {formatRelativeTime(value)}
    </time>
  );
}

/** One group: avatars of the latest people, 'A、B 等 5 人赞了你的文章 《…》', the time. */
export function NotificationItem({ group }: { group: NotificationGroupView }) {
  const parts = notificationParts(group);
  const names = group.userList.slice(0, NAMES_SHOWN);
  const others = actorsText(
    names.map((u) => u.username),
    group.count,
  ).slice(names.map((u) => u.username).join('、').length);
  return (
    <li
      className="flex gap-3 border-line border-b px-4 py-4 last:border-b-0 sm:px-5"
      data-read={group.read ? 'true' : 'false'}
    >
      <div className="flex w-[108px] shrink-0 -space-x-2 max-sm:w-auto">
        {group.userList.slice(0, AVATARS_SHOWN).map((user) => {
          const href = userHref(user);
          return href ? (
            <Link key={user.id} to={href} className="rounded-full ring-2 ring-card">
              <Avatar user={user} size={36} />
            </Link>
          ) : (
            <span key={user.id} className="rounded-full ring-2 ring-card">
              <Avatar user={user} size={36} />
            </span>
          );
        })}
      </div>
      <div className="min-w-0 flex-1">
        <p className="text-fg leading-relaxed">
          {!group.read && (
            <>
              <span aria-hidden className="mr-1.5 inline-block size-2 rounded-full bg-danger" />
              <span className="sr-only">未读</span>
            </>
          )}
          {names.map((user, k) => {
            const href = userHref(user);
            return (
              <span key={user.id}>
                {k > 0 && '、'}
                {href ? (
                  <Link to={href} className="font-medium hover:text-brand">
                    {user.username}
                  </Link>
                ) : (
                  <span className="font-medium">{user.username}</span>
                )}
              </span>
            );
          })}
          {others}
          <span className="text-fg-2">{parts.action}</span>
          {parts.target && (
            <>
              {' '}
              {parts.target.href ? (
                <Link to={parts.target.href} className="text-brand hover:underline">
                  {parts.target.text}
                </Link>
              ) : (
                <span className="text-fg-3">{parts.target.text}</span>
              )}
            </>
          )}
        </p>
        {parts.quote && (
          <p className="mt-1.5 line-clamp-2 rounded bg-page px-3 py-2 text-fg-2 text-sm">{parts.quote}</p>
        )}
        <div className="mt-1">
          <When value={group.updatedAt} />
        </div>
      </div>
    </li>
  );
}

export function SystemNoticeItem({ notice }: { notice: SystemNoticeView }) {
  return (
    <li className="border-line border-b px-4 py-4 last:border-b-0 sm:px-5" data-read={notice.check ? 'true' : 'false'}>
      <p className="whitespace-pre-wrap text-fg leading-relaxed">
        {!notice.check && (
          <>
            <span aria-hidden className="mr-1.5 inline-block size-2 rounded-full bg-danger" />
            <span className="sr-only">未读</span>
          </>
        )}
        {notice.content}
      </p>
      <div className="mt-1">
        <When value={notice.createdAt} />
      </div>
    </li>
  );
}
