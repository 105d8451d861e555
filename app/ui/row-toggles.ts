import { formatCount } from '@core/format.ts';

/**
 * How a feed row's like and collect toggles look in each state: one place for the rows the server
 * sends as HTML (entry-row.tsx) and for the delegated handler that flips their buttons
 * (app/features/entries/entry-feed.tsx); the article page's 收藏 shares the label.
 */
export function likeToggle(liked: boolean, likeCount: number) {
  const label = liked ? '取消点赞' : '点赞';
  return {
    label,
    ariaLabel: `${label}，已有 ${likeCount} 人点赞`,
    className: liked ? 'like-inline ic-thumbs-up ic-on text-brand' : 'like-inline ic-thumbs-up',
    count: formatCount(likeCount),
  };
}

export function collectToggle(collected: boolean) {
  return {
    label: collected ? '已收藏' : '收藏',
    className: collected ? 'collect-inline ic-star ic-on text-brand' : 'collect-inline ic-star',
  };
}
