import { MODERATION_LIMITS, REPORT_REASON_KEYS, REPORT_REASONS, type ReportReason } from '@core/moderation.ts';
import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { Button } from '~/ui/button.tsx';
import { dialogContentClass, dialogOverlayClass } from '~/ui/dialog.ts';
import { X } from '~/ui/icons.tsx';

/** 举报: a reason and an optional note, sent to the administrators' queue (/report_repo). */
export function ReportRepoButton({ repoId }: { repoId: string }) {
  const alerts = useAlerts();
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [detail, setDetail] = useState('');
  const [busy, setBusy] = useState(false);

  function start() {
    try {
      requireLogin();
      setOpen(true);
    } catch {
      // The login modal is open.
    }
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) {
      alerts.push({ type: 'error', message: '请选择举报原因' });
      return;
    }
    setBusy(true);
    try {
      await apiFetch('/api/repo/report_repo', { json: { repoId, reason, detail } });
      alerts.push({ type: 'success', message: '举报成功，我们会尽快处理' });
      setOpen(false);
      setReason('');
      setDetail('');
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="text" onClick={start}>
        举报
      </Button>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Portal>
          <Dialog.Overlay className={dialogOverlayClass} />
          <Dialog.Content aria-describedby={undefined} className={dialogContentClass('w-[400px]')}>
            <form onSubmit={submit} className="space-y-4 p-6">
              <Dialog.Title className="font-medium text-base">举报开源库</Dialog.Title>
              <fieldset className="space-y-2">
                <legend className="mb-1 text-fg-2 text-sm">举报原因</legend>
                {REPORT_REASON_KEYS.map((r) => (
                  <label key={r} className="flex items-center gap-2 text-sm">
                    <input type="radio" name="reason" value={r} checked={reason === r} onChange={() => setReason(r)} />
                    {REPORT_REASONS[r]}
                  </label>
                ))}
              </fieldset>
              <label className="block text-sm">
                <span className="text-fg-2">补充说明（选填）</span>
                <textarea
                  value={detail}
                  maxLength={MODERATION_LIMITS.reportTextMax}
                  onChange={(e) => setDetail(e.target.value)}
                  rows={3}
                  className="mt-1 w-full rounded border border-line bg-card p-2 text-sm outline-none focus:border-brand"
                />
              </label>
              <div className="flex justify-end gap-2">
                <Dialog.Close asChild>
                  <Button variant="secondary" size="md">
                    取消
                  </Button>
                </Dialog.Close>
                <Button type="submit" size="md" disabled={busy}>
                  {busy ? '提交中...' : '提交'}
                </Button>
              </div>
            </form>
            <Dialog.Close aria-label="关闭" className="absolute top-3 right-3 rounded p-1 text-fg-3 hover:text-fg">
              <X aria-hidden size={18} />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
