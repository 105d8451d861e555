import { formatCount } from '@core/format.ts';
import { Rss } from '~/ui/icons.tsx';
import { type ReactNode, useState } from 'react';
import type { TagView } from '@server/modules/tags/tags.service.ts';
import { SubscribeButton } from './subscribe-button.tsx';
import { TagIcon } from './tag-icon.tsx';

/** The head of a tag's page: icon, title, counts, the subscribe button, the tag's RSS feed and the page's own actions. */
export function TagHeader({ tag, actions }: { tag: TagView; actions?: ReactNode }) {
  const [subscribers, setSubscribers] = useState(tag.subscribersCount);
  return (
    <header className="flex items-center gap-4 rounded bg-card px-5 py-5">
      <TagIcon tag={tag} size={56} />
      <div className="min-w-0 flex-1">
        <h1 className="truncate font-semibold text-[22px] leading-tight">{tag.title}</h1>
        <p className="mt-1 flex flex-wrap gap-x-3 text-[13px] text-fg-3">
          <span>
            <strong className="font-medium text-fg-2">{formatCount(tag.entriesCount)}</strong> 文章
          </span>
          <span>
            <strong className="font-medium text-fg-2" data-testid="tag-subscribers">
              {formatCount(subscribers)}
            </strong>{' '}
            关注
          </span>
          <a
            href={`/feed/tag/${encodeURIComponent(tag.title)}`}
            className="inline-flex items-center gap-1 hover:text-brand"
            title="RSS 订阅"
          >
            <Rss size={14} strokeWidth={1.75} aria-hidden="true" />
            RSS
          </a>
        </p>
      </div>
      {actions}
      <SubscribeButton key={tag.id} tag={tag} size="md" onChange={(next) => setSubscribers(next.subscribersCount)} />
    </header>
  );
}
