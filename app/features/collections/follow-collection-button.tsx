import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { Button } from '~/ui/button.tsx';
import { setFollow } from './collections-api.ts';

/** 关注 / 已关注 for a collection; the state changes only after the call succeeds (SPEC §4). */
export function FollowCollectionButton({
  csId,
  followed,
  onChange,
}: {
  csId: string;
  followed: boolean;
  onChange: (state: { followed: boolean; followerCount: number }) => void;
}) {
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);

  async function onClick() {
    try {
      requireLogin();
    } catch {
      return;
    }
    setBusy(true);
    try {
      onChange(await setFollow(csId, !followed));
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button variant={followed ? 'secondary' : 'primary'} size="md" disabled={busy} onClick={() => void onClick()}>
      {followed ? '已关注' : '关注'}
    </Button>
  );
}
