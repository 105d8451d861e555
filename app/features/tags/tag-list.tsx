import { formatCount } from '@core/format.ts';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { TagView } from '@server/modules/tags/tags.service.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { SubscribeButton } from './subscribe-button.tsx';
import { TagIcon } from './tag-icon.tsx';

function TagRow({ tag }: { tag: TagView }) {
  const [subscribers, setSubscribers] = useState(tag.subscribersCount);
  return (
    <li className="flex items-center gap-3 border-line border-b px-4 py-3 sm:px-5">
      <TagIcon tag={tag} size={40} />
      <div className="min-w-0 flex-1">
        <Link to={`/tag/${encodeURIComponent(tag.title)}`} className="block truncate font-medium hover:text-brand">
          {tag.title}
        </Link>
        <p className="mt-0.5 text-[13px] text-fg-3">
          {formatCount(tag.entriesCount)} 文章 · {formatCount(subscribers)} 关注
        </p>
      </div>
      <SubscribeButton tag={tag} onChange={(next) => setSubscribers(next.subscribersCount)} />
    </li>
  );
}

/** Tags as rows with their counts and a subscribe / unsubscribe button each. */
export function TagList({ tags, empty }: { tags: TagView[]; empty?: ReactNode }) {
  if (tags.length === 0) return <>{empty ?? <EmptyState text="没有找到标签" />}</>;
  return (
    <ul aria-label="标签列表" className="[&>li:last-child]:border-b-0">
      {tags.map((tag) => (
        <TagRow key={tag.id} tag={tag} />
      ))}
    </ul>
  );
}
