import { useState } from 'react';
import { apiFetch } from '~/lib/api-client.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { Button } from '~/ui/button.tsx';

export interface TagSubscription {
  subscribed: boolean;
  subscribersCount: number;
}

/**
 * 关注 / 已关注 for a tag (PUT / DELETE /api/tag/tag/subscribe/{id}). Signed-out visitors get the
 * login modal and no request (SPEC §4); the state changes only after the call succeeds.
 */
export function SubscribeButton({
  tag,
  onChange,
  size = 'sm',
}: {
  tag: { id: string; title: string; subscribed: boolean; subscribersCount: number };
  onChange?: (next: TagSubscription) => void;
  size?: 'sm' | 'md';
}) {
  const [subscribed, setSubscribed] = useState(tag.subscribed);
  const [busy, setBusy] = useState(false);
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();

  async function toggle() {
    try {
      requireLogin();
      setBusy(true);
      const next = await apiFetch<TagSubscription>(`/api/tag/tag/subscribe/${tag.id}`, {
        method: subscribed ? 'DELETE' : 'PUT',
      });
      setSubscribed(next.subscribed);
      onChange?.(next);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant={subscribed ? 'secondary' : 'primary'}
      size={size}
      aria-pressed={subscribed}
      aria-label={`${subscribed ? '取消关注' : '关注'}标签 ${tag.title}`}
      disabled={busy}
      onClick={toggle}
    >
      {subscribed ? '已关注' : '关注'}
    </Button>
  );
}
