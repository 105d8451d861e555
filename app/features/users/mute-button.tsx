import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { Button } from '~/ui/button.tsx';

/** 屏蔽 / 取消屏蔽 a person or a tag (beyond the spec): their content leaves the viewer's lists. */
export function MuteButton({
  targetType,
  targetId,
  muted: initial,
}: {
  targetType: 'user' | 'tag';
  targetId: string;
  muted: boolean;
}) {
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [muted, setMuted] = useState(initial);
  const [working, setWorking] = useState(false);

  async function toggle() {
    try {
      requireLogin();
      setWorking(true);
      await apiFetch(`/api/user/${muted ? 'unmute' : 'mute'}`, { method: 'POST', json: { targetType, targetId } });
      setMuted(!muted);
      alerts.push({
        type: 'success',
        message: muted ? '已取消屏蔽' : targetType === 'user' ? '已屏蔽，你将不再看到 TA 的内容' : '已屏蔽该标签',
      });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setWorking(false);
    }
  }

  return (
    <Button variant="text" disabled={working} aria-pressed={muted} onClick={toggle}>
      {muted ? '取消屏蔽' : '屏蔽'}
    </Button>
  );
}
