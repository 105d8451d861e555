import { formatCount } from '@core/format.ts';
import type { ReactNode } from 'react';

export interface EntryStatsProps {
  entry: { viewCount: number; likeCount: number; commentCount: number; liked: boolean };
  /** More classes after `stats`; null for none at all: a feed row's foot styles its list by place. */
  className?: string | null;
  /** Replaces the static like count, e.g. with a like button. */
  like?: ReactNode;
}

/**
 * Views, likes and comments with icons; a liked entry shows its like count in the brand colour.
 * The icons are CSS masks (`ic-*`, app/ui/icon-masks.css): a feed repeats this twenty times.
 */
export function EntryStats({ entry, className = '', like }: EntryStatsProps) {
  return (
    <ul className={className === null ? undefined : className ? `stats ${className}` : 'stats'}>
      <li className="ic-eye">
        <span>浏览</span>
        {formatCount(entry.viewCount)}
      </li>
      {like ? (
        <li>{like}</li>
      ) : (
        <li className={entry.liked ? 'ic-thumbs-up ic-on text-brand' : 'ic-thumbs-up'}>
          <span>{entry.liked ? '点赞（你已点赞）' : '点赞'}</span>
          {formatCount(entry.likeCount)}
        </li>
      )}
      <li className="ic-message-square">
        <span>评论</span>
        {formatCount(entry.commentCount)}
      </li>
    </ul>
  );
}
