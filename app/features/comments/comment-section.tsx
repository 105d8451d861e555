import { PAGE_SIZE } from '@core/constants.ts';
import { formatCount } from '@core/format.ts';
import { useCallback, useEffect, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { Button } from '~/ui/button.tsx';
import { CommentForm } from './comment-form.tsx';
import { CommentItem } from './comment-item.tsx';
import type { CommentPage, CommentTargetType, CommentView } from './types.ts';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';

type Rank = 'new' | 'hot';

/** Where a target's comment list lives: pins through the pin service (SPEC §7.4), others through the comment service. */
function listPath(targetType: CommentTargetType, targetId: string) {
  return targetType === 'pin' ? `/api/pin/comments/${targetId}` : `/api/comment/comments/${targetType}/${targetId}`;
}

function threadPath(targetType: CommentTargetType, targetId: string, commentId: string) {
  return targetType === 'pin'
    ? `/api/pin/reply/${commentId}`
    : `/api/comment/comments/${targetType}/${targetId}/comment/${commentId}`;
}

interface ThreadProps {
  comment: CommentView;
  targetType: CommentTargetType;
  targetId: string;
  onChange: (comment: CommentView | null) => void;
  onCount: (delta: number) => void;
}

/** A first-level comment with its top replies; the rest on demand. */
function Thread({ comment, targetType, targetId, onChange, onCount }: ThreadProps) {
  const alerts = useAlerts();
  const [loadedPage, setLoadedPage] = useState(0);
  const [more, setMore] = useState(false);
  const replies = comment.topSubCommentList;
  const hidden = comment.subCommentCount - replies.length;

  async function loadReplies() {
    try {
      const page = loadedPage + 1;
      const result = await apiFetch<{ replies: CommentView[]; hasMore: boolean }>(
        `${threadPath(targetType, targetId, comment.id)}?pageNum=${page}&pageSize=${PAGE_SIZE.comments}`,
      );
      const known = page === 1 ? [] : replies;
      const ids = new Set(known.map((r) => r.id));
      onChange({ ...comment, topSubCommentList: [...known, ...result.replies.filter((r) => !ids.has(r.id))] });
      setLoadedPage(page);
      setMore(result.hasMore);
    } catch (error) {
      alerts.pushError(error);
    }
  }

  const added = (reply: CommentView) => {
    onChange({ ...comment, subCommentCount: comment.subCommentCount + 1, topSubCommentList: [...replies, reply] });
    onCount(1);
  };

  return (
    <li className="border-line border-b py-4 last:border-b-0">
      <CommentItem
        comment={comment}
        first={comment}
        targetType={targetType}
        targetId={targetId}
        onReplied={added}
        onDeleted={() => {
          onCount(-1);
          onChange(comment.subCommentCount > 0 ? { ...comment, deleted: true, content: '此评论已删除' } : null);
        }}
      />
      {replies.length > 0 && (
        <ul className="mt-3 ml-12 space-y-3 rounded bg-page p-3" aria-label="回复">
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentItem
                nested
                comment={reply}
                first={comment}
                targetType={targetType}
                targetId={targetId}
                onReplied={added}
                onDeleted={(gone) => {
                  onCount(-1);
                  onChange({
                    ...comment,
                    subCommentCount: comment.subCommentCount - 1,
                    topSubCommentList: replies.filter((r) => r.id !== gone.id),
                  });
                }}
              />
            </li>
          ))}
        </ul>
      )}
      {(hidden > 0 || more) && (
        <button type="button" onClick={loadReplies} className="mt-2 ml-12 text-[13px] text-brand hover:underline">
          {loadedPage === 0 ? `查看全部 ${formatCount(comment.subCommentCount)} 条回复` : '查看更多回复'}
        </button>
      )}
    </li>
  );
}

export interface CommentSectionProps {
  targetType: CommentTargetType;
  targetId: string;
  /** The count known from the page (entry.commentCount); the list's answer replaces it. */
  count?: number;
  className?: string;
  /** The section's anchor (entry pages link to #comments). */
  id?: string;
  /** Compact: inside a pin card (no heading). */
  compact?: boolean;
  onCountChange?: (count: number) => void;
}

/**
 * Comments of an entry, pin, repo or booklet section (SPEC §4): newest first with the oldest
 * createdAt loaded as cursor, or hottest with page numbers (next while the last page had
 * items, previous above page 1); replies under each comment.
 */
export function CommentSection({
  targetType,
  targetId,
  count,
  className = '',
  id = 'comments',
  compact,
  onCountChange,
}: CommentSectionProps) {
  const alerts = useAlerts();
  const [rank, setRank] = useState<Rank>('new');
  const [total, setTotal] = useState(count ?? 0);
  const [items, setItems] = useState<CommentView[]>([]);
  const [loading, setLoading] = useState(true);
  const [cursor, setCursor] = useState<{ createdAt: string; lastId: string } | null>(null);
  const [hasMore, setHasMore] = useState(false);
  const [pageNum, setPageNum] = useState(1);
  const [lastPageEmpty, setLastPageEmpty] = useState(false);

  const load = useCallback(
    async (options: {
      rank: Rank;
      page?: number;
      after?: { createdAt: string; lastId: string } | null;
      append?: boolean;
    }) => {
      setLoading(true);
      const params = new URLSearchParams({ rankType: options.rank, pageSize: String(PAGE_SIZE.comments) });
      if (options.rank === 'hot') params.set('pageNum', String(options.page ?? 1));
      if (options.after) {
        params.set('createdAt', options.after.createdAt);
        params.set('lastId', options.after.lastId);
      }
      try {
        const page = await apiFetch<CommentPage>(`${listPath(targetType, targetId)}?${params}`);
        setTotal(page.count);
        setItems((current) => (options.append ? [...current, ...page.comments] : page.comments));
        setCursor(page.createdAt && page.lastId ? { createdAt: page.createdAt, lastId: page.lastId } : null);
        setHasMore(page.hasMore);
        setLastPageEmpty(page.comments.length === 0);
        if (options.rank === 'hot') setPageNum(options.page ?? 1);
      } catch (error) {
        alerts.pushError(error);
      } finally {
        setLoading(false);
      }
    },
    [targetType, targetId, alerts],
  );

  useEffect(() => {
    load({ rank: 'new' });
  }, [load]);

  useEffect(() => onCountChange?.(total), [total, onCountChange]);

  function switchRank(next: Rank) {
    if (next === rank) return;
    setRank(next);
    load({ rank: next, page: 1 });
  }

  const replace = (id: string, next: CommentView | null) =>
    setItems((current) => (next ? current.map((c) => (c.id === id ? next : c)) : current.filter((c) => c.id !== id)));

  const tabClass = (active: boolean) =>
    `border-b-2 pb-1 text-sm ${active ? 'border-brand font-medium text-brand' : 'border-transparent text-fg-2 hover:text-brand'}`;

  return (
    <section
      id={compact ? undefined : id}
      aria-label="评论"
      className={`${compact ? '' : 'rounded bg-card px-4 py-6 sm:px-8'} ${className}`}
    >
      {!compact && (
        <h2 className="mb-4 font-semibold text-fg text-lg">
          评论 <span className="font-normal text-fg-3 text-sm">{formatCount(total)}</span>
        </h2>
      )}
      <CommentForm
        targetType={targetType}
        targetId={targetId}
        onPosted={(comment) => {
          setTotal((n) => n + 1);
          setItems((current) => [comment, ...current]);
        }}
      />
      <div className="mt-5 flex gap-4 border-line border-b" role="tablist" aria-label="评论排序">
        <button
          type="button"
          role="tab"
          aria-selected={rank === 'new'}
          className={tabClass(rank === 'new')}
          onClick={() => switchRank('new')}
        >
          最新
        </button>
        <button
          type="button"
          role="tab"
          aria-selected={rank === 'hot'}
          className={tabClass(rank === 'hot')}
          onClick={() => switchRank('hot')}
        >
          最热
        </button>
      </div>
      {items.length === 0 && !loading ? (
        <p className="py-8 text-center text-fg-3 text-sm">
          {rank === 'hot' && pageNum > 1 ? '没有更多评论了' : '还没有评论，来抢沙发吧'}
        </p>
      ) : (
        <ul aria-label="评论列表" aria-busy={loading}>
          {items.map((comment) => (
            <Thread
              key={comment.id}
              comment={comment}
              targetType={targetType}
              targetId={targetId}
              onChange={(next) => replace(comment.id, next)}
              onCount={(delta) => setTotal((n) => Math.max(0, n + delta))}
            />
          ))}
        </ul>
      )}
      {loading && items.length === 0 && (
        <div className="space-y-3 py-4" aria-hidden="true">
          <div className="h-4 w-1/3 rounded bg-line" />
          <div className="h-4 w-2/3 rounded bg-line" />
        </div>
      )}
      {rank === 'new' && hasMore && cursor && (
        <div className="mt-4 text-center">
          <LoadMoreButton
            variant="secondary"
            label="加载更多评论"
            loading={loading}
            onClick={() => load({ rank: 'new', after: cursor, append: true })}
          />
        </div>
      )}
      {rank === 'hot' && (pageNum > 1 || hasMore) && (
        <nav aria-label="评论分页" className="mt-4 flex items-center justify-center gap-3">
          <Button
            variant="secondary"
            disabled={loading || pageNum <= 1}
            onClick={() => load({ rank: 'hot', page: pageNum - 1 })}
          >
            上一页
          </Button>
          <span className="text-fg-3 text-sm">第 {pageNum} 页</span>
          <Button
            variant="secondary"
            disabled={loading || lastPageEmpty}
            onClick={() => load({ rank: 'hot', page: pageNum + 1 })}
          >
            下一页
          </Button>
        </nav>
      )}
    </section>
  );
}
