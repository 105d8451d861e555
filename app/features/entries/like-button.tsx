import { formatCount } from '@core/format.ts';
import { ThumbsUp } from '~/ui/icons.tsx';
import { useState } from 'react';
import { type LikeState, sendEntryLike } from './entry-like.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';

export interface LikeButtonProps {
  entryId: string;
  liked: boolean;
  likeCount: number;
  className?: string;
}

/**
 * Like / unlike an entry (SPEC §4 toggles): the state and count change only after the call
 * succeeds; a signed-out click opens the login modal and sends nothing.
 */
export function LikeButton({ entryId, liked: initialLiked, likeCount: initialCount, className = '' }: LikeButtonProps) {
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [state, setState] = useState<LikeState>({ like: initialLiked, likeCount: initialCount });
  const [busy, setBusy] = useState(false);

  async function toggle() {
    if (busy) return;
    try {
      requireLogin();
      setBusy(true);
      setState(await sendEntryLike(entryId, !state.like));
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  const label = state.like ? '取消点赞' : '点赞';
  return (
    <button
      type="button"
      onClick={toggle}
      disabled={busy}
      aria-pressed={state.like}
      aria-label={`${label}，已有 ${state.likeCount} 人点赞`}
      className={`inline-flex h-9 items-center gap-1.5 rounded border px-4 text-sm transition-colors duration-150 ease-out disabled:opacity-60 ${
        state.like
          ? 'border-brand bg-brand-tint text-brand'
          : 'border-line text-fg-2 hover:border-brand hover:text-brand'
      } ${className}`}
    >
      <ThumbsUp size={18} strokeWidth={1.75} aria-hidden fill={state.like ? 'currentColor' : 'none'} />
      <span>{state.like ? '已赞' : '点赞'}</span>
      <span data-testid="like-count">{formatCount(state.likeCount)}</span>
    </button>
  );
}
