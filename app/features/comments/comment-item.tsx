import { isGuestId } from '@core/ids.ts';
import { formatCount } from '@core/format.ts';
import { MessageSquare, ThumbsUp, Trash2 } from '~/ui/icons.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { useViewer } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { formatDateTime, formatRelativeTime } from '@core/format.ts';
import { CommentForm } from './comment-form.tsx';
import { CommentText } from '~/ui/comment-text.tsx';
import type { CommentTargetType, CommentView } from './types.ts';
import { canDelete as canDeleteComment } from '@server/modules/comments/comments.policy.ts';

const icon = { size: 16, strokeWidth: 1.75, 'aria-hidden': true } as const;

function isPlaceholder(id: string) {
  return isGuestId(id);
}

function UserName({ user }: { user: CommentView['user'] }) {
  if (isPlaceholder(user.id)) return <span className="font-medium text-fg-2">{user.username}</span>;
  return (
    <Link to={`/user/${user.id}`} className="font-medium text-fg hover:text-brand">
      {user.username}
    </Link>
  );
}

export interface CommentItemProps {
  comment: CommentView;
  targetType: CommentTargetType;
  targetId: string;
  /** The first-level comment this one belongs to (itself for first-level ones). */
  first: CommentView;
  onReplied: (reply: CommentView) => void;
  onDeleted: (comment: CommentView) => void;
  nested?: boolean;
}

/**
 * One comment: author, time, text, like, reply, 举报 (others' comments) and (for its author or an
 * admin) delete; hidden by a moderator, its author and administrators read it with the mark and reason.
 */
export function CommentItem({ comment, targetType, targetId, first, onReplied, onDeleted, nested }: CommentItemProps) {
  const viewer = useViewer();
  const { ReportButton, HiddenMark } = useFeatureSlots();
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [liked, setLiked] = useState(comment.liked);
  const [likeCount, setLikeCount] = useState(comment.likeCount);
  const [replying, setReplying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);
  const canDelete = !comment.deleted && canDeleteComment(viewer, { userId: comment.user.id });
  const mine = viewer?.id === comment.user.id;
  // 举报: others' visible comments (a hidden one is already out of sight).
  const canReport = !comment.deleted && !comment.hidden && !mine && !isPlaceholder(comment.user.id);

  async function toggleLike() {
    try {
      requireLogin();
      const result = await apiFetch<{ liked: boolean; likeCount: number }>(`/api/comment/comment/${comment.id}/like`, {
        method: liked ? 'DELETE' : 'PUT',
      });
      setLiked(result.liked);
      setLikeCount(result.likeCount);
    } catch (error) {
      alerts.pushError(error);
    }
  }

  function openReply() {
    try {
      requireLogin();
      setReplying((open) => !open);
    } catch {
      // Signed out: the login modal opened instead.
    }
  }

  async function remove() {
    setWorking(true);
    try {
      await apiFetch(`/api/comment/comment/${comment.id}`, { method: 'DELETE' });
      setConfirming(false);
      onDeleted(comment);
      alerts.push({ type: 'success', message: '评论已删除' });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <div className="flex gap-3" id={`comment-${comment.id}`} data-comment-id={comment.id}>
      {isPlaceholder(comment.user.id) ? (
        <Avatar user={comment.user} size={nested ? 28 : 36} />
      ) : (
        <Link to={`/user/${comment.user.id}`} tabIndex={-1} aria-hidden="true">
          <Avatar user={comment.user} size={nested ? 28 : 36} />
        </Link>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <UserName user={comment.user} />
          {comment.replyUser && comment.replyCommentId !== first.id && (
            <span className="text-fg-3">
              回复 <UserName user={comment.replyUser} />
            </span>
          )}
          {comment.user.jobTitle && <span className="text-[13px] text-fg-3">{comment.user.jobTitle}</span>}
          <time
            dateTime={comment.createdAt}
            title={formatDateTime(comment.createdAt)}
            className="ml-auto text-[13px] text-fg-3"
            suppressHydrationWarning
          >
            {formatRelativeTime(comment.createdAt)}
          </time>
        </p>
        <CommentText text={comment.content} deleted={comment.deleted} />
        {comment.hiddenReason !== null && (
          <HiddenMark targetType="comment" targetId={comment.id} reason={comment.hiddenReason} canAppeal={mine} />
        )}
        {comment.imageUrlList.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2">
            {comment.imageUrlList.map((url) => (
              <li key={url}>
                <a href={url} target="_blank" rel="noopener">
                  <img src={url} alt="评论图片" loading="lazy" className="size-20 rounded object-cover" />
                </a>
              </li>
            ))}
          </ul>
        )}
        {!comment.deleted && (
          <div className="mt-2 flex items-center gap-4 text-[13px] text-fg-3">
            <button
              type="button"
              onClick={toggleLike}
              aria-pressed={liked}
              aria-label={liked ? '取消点赞' : '点赞'}
              className={`inline-flex items-center gap-1 hover:text-brand ${liked ? 'text-brand' : ''}`}
            >
              <ThumbsUp {...icon} fill={liked ? 'currentColor' : 'none'} />
              <span>{likeCount > 0 ? formatCount(likeCount) : '点赞'}</span>
            </button>
            <button type="button" onClick={openReply} className="inline-flex items-center gap-1 hover:text-brand">
              <MessageSquare {...icon} />
              {replying ? '取消回复' : '回复'}
            </button>
            {canReport && <ReportButton variant="inline" targetType="comment" targetId={comment.id} />}
            {canDelete && (
              <button
                type="button"
                onClick={() => setConfirming(true)}
                className="inline-flex items-center gap-1 hover:text-danger"
              >
                <Trash2 {...icon} />
                删除
              </button>
            )}
          </div>
        )}
        {replying && (
          <div className="mt-3">
            <CommentForm
              targetType={targetType}
              targetId={targetId}
              autoFocus
              reply={{
                firstComment: first.id,
                respComment: comment.id,
                respUser: comment.user.id,
                username: comment.user.username,
              }}
              onCancel={() => setReplying(false)}
              onPosted={(reply) => {
                setReplying(false);
                onReplied(reply);
              }}
            />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="删除评论"
        description="确定删除这条评论吗？"
        confirmLabel="确定"
        busy={working}
        busyLabel="删除中..."
        onConfirm={remove}
      />
    </div>
  );
}
