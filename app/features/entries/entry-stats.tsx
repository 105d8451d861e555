import { formatCount } from '@core/format.ts';
import { Eye, MessageSquare, ThumbsUp } from 'lucide-react';
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
    <ul className={`flex items-center gap-4 text-[13px] text-fg-3 ${className}`}>
      <li className="inline-flex items-center gap-1">
        <Eye {...icon} />
        <span className="sr-only">浏览</span>
        {formatCount(entry.viewCount)}
      </li>
      {like ? (
        <li className="inline-flex items-center">{like}</li>
      ) : (
        <li className={`inline-flex items-center gap-1 ${entry.liked ? 'text-brand' : ''}`}>
          <ThumbsUp {...icon} fill={entry.liked ? 'currentColor' : 'none'} />
          <span className="sr-only">{entry.liked ? '点赞（你已点赞）' : '点赞'}</span>
          {formatCount(entry.likeCount)}
        </li>
      )}
      <li className="inline-flex items-center gap-1">
        <MessageSquare {...icon} />
        <span className="sr-only">评论</span>
        {formatCount(entry.commentCount)}
      </li>
    </ul>
  );
}
