import { isGuestId } from '@core/ids.ts';
import { formatCount, formatDateTime, formatRelativeTime, truncate } from '@core/format.ts';
import { Trash2 } from '~/ui/icons.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { CommentText } from '~/ui/comment-text.tsx';
import { useAlerts } from '~/lib/alerts.ts';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { pinShareText } from './share.ts';
import type { PinRowView } from './types.ts';
import { canDelete as canDeletePin } from '@server/modules/pins/pins.policy.ts';

const icon = { size: 16, strokeWidth: 1.75, 'aria-hidden': true } as const;

export interface PinCardProps {
  pin: PinRowView;
  /** The pin page shows its comments open. */
  commentsOpen?: boolean;
  onDeleted?: (id: string) => void;
}

/** One pin (沸点): author, text, images, and like / comment / share / 举报 (others' pins). */
export function PinCard({ pin, commentsOpen = false, onDeleted }: PinCardProps) {
  const { CommentSection, ShareButton, ReportButton } = useFeatureSlots();
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [liked, setLiked] = useState(pin.liked);
  const [likeCount, setLikeCount] = useState(pin.likeCount);
  const [commentCount, setCommentCount] = useState(pin.commentCount);
  const [open, setOpen] = useState(commentsOpen);
  const placeholder = isGuestId(pin.user.id);
  const canDelete = canDeletePin(viewer, { userId: pin.user.id });

  async function toggleLike() {
    try {
      requireLogin();
      const result = await apiFetch<{ liked: boolean; likeCount: number }>(`/api/pin/${liked ? 'unlike' : 'like'}`, {
        method: 'POST',
        json: { msgId: pin.id },
      });
      setLiked(result.liked);
      setLikeCount(result.likeCount);
    } catch (error) {
      alerts.pushError(error);
    }
  }

  async function remove() {
    if (!window.confirm('确定删除这条沸点吗？')) return;
    try {
      await apiFetch('/api/pin/delete', { method: 'POST', json: { msgId: pin.id } });
      alerts.push({ type: 'success', message: '沸点已删除' });
      onDeleted?.(pin.id);
    } catch (error) {
      alerts.pushError(error);
    }
  }

  return (
    <article className="px-4 py-4 sm:px-5" aria-label={`${pin.user.username}的沸点`}>
      <header className="flex items-center gap-3">
        {placeholder ? (
          <Avatar user={pin.user} size={40} />
        ) : (
          <Link to={`/user/${pin.user.id}`} tabIndex={-1} aria-hidden="true">
            <Avatar user={pin.user} size={40} />
          </Link>
        )}
        <div className="min-w-0 flex-1">
          {placeholder ? (
            <span className="font-medium text-fg">{pin.user.username}</span>
          ) : (
            <Link to={`/user/${pin.user.id}`} className="font-medium text-fg hover:text-brand">
              {pin.user.username}
            </Link>
          )}
          <p className="text-[13px] text-fg-3">
            {[pin.user.jobTitle, pin.user.company].filter(Boolean).join(' · ')}
            {(pin.user.jobTitle || pin.user.company) && ' · '}
            <Link to={`/pin/${pin.id}`} className="hover:text-brand">
              <time dateTime={pin.createdAt} title={formatDateTime(pin.createdAt)} suppressHydrationWarning>
                {formatRelativeTime(pin.createdAt)}
              </time>
            </Link>
          </p>
        </div>
      </header>
      <CommentText text={pin.content} />
      {pin.imageUrlList.length > 0 && (
        <ul className="mt-3 grid max-w-[420px] grid-cols-3 gap-1.5" aria-label="沸点图片">
          {pin.imageUrlList.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener">
                <img
                  src={url}
                  alt={`沸点图片 ${i + 1}`}
                  loading="lazy"
                  className="aspect-square w-full rounded bg-line object-cover"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <div className="pin-acts">
        <button
          type="button"
          onClick={toggleLike}
          aria-pressed={liked}
          aria-label={liked ? '取消点赞' : '点赞'}
          className={liked ? 'pin-act ic-thumbs-up ic-on text-brand' : 'pin-act ic-thumbs-up'}
        >
          {likeCount > 0 ? formatCount(likeCount) : '点赞'}
        </button>
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          className="pin-act ic-message-square"
        >
          {commentCount > 0 ? formatCount(commentCount) : '评论'}
        </button>
        <ShareButton
          variant="row"
          path={`/pin/${pin.id}`}
          title={`${truncate(pin.content.replace(/\s+/g, ' ').trim(), 30)} - ${pin.user.username}的沸点`}
          text={(url) => pinShareText(pin.content, url)}
          description={truncate(pin.content, 100)}
          image={pin.imageUrlList.find((url) => /^https?:\/\//.test(url))}
          wechatCard={commentsOpen}
        />
        {viewer?.id !== pin.user.id && !placeholder && (
          <ReportButton variant="row" targetType="pin" targetId={pin.id} />
        )}
        {canDelete && (
          <button
            type="button"
            onClick={remove}
            aria-label="删除沸点"
            className="inline-flex h-8 items-center justify-center px-2 hover:text-danger"
          >
            <Trash2 {...icon} />
          </button>
        )}
      </div>
      {open && (
        <CommentSection
          compact
          targetType="pin"
          targetId={pin.id}
          count={commentCount}
          className="mt-3 rounded bg-page p-3"
          onCountChange={setCommentCount}
        />
      )}
    </article>
  );
}
