import { isGuestId } from '@core/ids.ts';
import { useEffect, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { track } from '~/lib/track.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Button, type ButtonSize } from '~/ui/button.tsx';

export interface FollowButtonProps {
  userId: string;
  /** Known state (profiles, lists); when undefined the button asks the server once for a signed-in viewer. */
  followed?: boolean;
  username?: string;
  size?: ButtonSize;
  className?: string;
  /** After a successful change: the new state and the viewer's followingCount. */
  onChange?: (followed: boolean, followingCount: number) => void;
}

/**
 * 关注 / 已关注 for one person (SPEC §4 toggles: the state changes after the call succeeds).
 * Signed out, it opens the login modal before any request; on one's own card it is absent.
 */
export function FollowButton({ userId, followed, username, size = 'sm', className = '', onChange }: FollowButtonProps) {
  const viewer = useViewer();
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [state, setState] = useState<boolean | undefined>(followed);
  const [working, setWorking] = useState(false);
  const [hover, setHover] = useState(false);

  useEffect(() => setState(followed), [followed]);
  useEffect(() => {
    if (followed !== undefined || !viewer || viewer.id === userId) return;
    const controller = new AbortController();
    apiFetch<Record<string, boolean>>(`/api/follow/isCurrentUserFollowed?targetUids=${userId}`, {
      signal: controller.signal,
    })
      .then((result) => setState(Boolean(result[userId])))
      .catch(() => {});
    return () => controller.abort();
  }, [followed, viewer, userId]);

  if (viewer?.id === userId || isGuestId(userId)) return null;
  const isFollowed = Boolean(state);

  async function toggle() {
    try {
      const me = requireLogin();
      setWorking(true);
      const result = await apiFetch<{ followingCount: number }>(`/api/follow/${isFollowed ? 'unfollow' : 'follow'}`, {
        method: 'POST',
        json: { follower: me.id, followee: userId },
      });
      setState(!isFollowed);
      track(isFollowed ? 'unfollow' : 'follow', { target: userId });
      onChange?.(!isFollowed, result.followingCount);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  const label = isFollowed ? (hover ? '取消关注' : '已关注') : '关注';
  return (
    <Button
      variant={isFollowed ? 'secondary' : 'primary'}
      size={size}
      className={`min-w-[72px] ${className}`}
      disabled={working}
      aria-pressed={isFollowed}
      aria-label={username ? `${isFollowed ? '已关注' : '关注'} ${username}` : undefined}
      onMouseEnter={() => setHover(true)}
      onMouseLeave={() => setHover(false)}
      onClick={toggle}
    >
      {label}
    </Button>
  );
}
