import { formatCount } from '@core/format.ts';
import { Eye, MessageSquare, ThumbsUp } from '~/ui/icons.tsx';
import type { ReactNode } from 'react';

export interface EntryStatsProps {
  entry: { viewCount: number; likeCount: number; commentCount: number; liked: boolean };
  className?: string;
  /** Replaces the static like count, e.g. with a like button. */
  like?: ReactNode;
}

/** Views, likes and comments with icons; a liked entry shows its like count in the brand colour. */
export function EntryStats({ entry, className = '', like }: EntryStatsProps) {
  const icon = { size: 16, strokeWidth: 1.75, 'aria-hidden': true } as const;
  return (
    <ul className={className ? `stats ${className}` : 'stats'}>
      <li>
        <Eye {...icon} />
        <span className="sr-only">浏览</span>
        {formatCount(entry.viewCount)}
      </li>
      {like ? (
        <li>{like}</li>
      ) : (
        <li className={entry.liked ? 'text-brand' : undefined}>
          <ThumbsUp {...icon} fill={entry.liked ? 'currentColor' : 'none'} />
          <span className="sr-only">{entry.liked ? '点赞（你已点赞）' : '点赞'}</span>
          {formatCount(entry.likeCount)}
        </li>
      )}
      <li>
        <MessageSquare {...icon} />
        <span className="sr-only">评论</span>
        {formatCount(entry.commentCount)}
      </li>
    </ul>
  );
}
