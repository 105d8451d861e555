import {
  MODERATION_LIMITS,
  MODERATION_TARGETS,
  type ModerationTarget,
  REPORT_REASONS,
  type ReportReason,
} from '@core/moderation.ts';
import { Dialog } from 'radix-ui';
import { type FormEvent, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { Button } from '~/ui/button.tsx';
import { ModalDialog } from '~/ui/modal-dialog.tsx';
import { reportTarget } from './moderation-api.ts';

/** 举报's dialog: the reasons and a text, loaded on first use (report-button.tsx). */
export default function ReportDialog({
  targetType,
  targetId,
  open,
  onOpenChange,
}: {
  targetType: ModerationTarget;
  targetId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const alerts = useAlerts();
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason) {
      alerts.push({ type: 'error', message: '请选择举报原因' });
      return;
    }
    setBusy(true);
    try {
      await reportTarget({ targetType, targetId, reason, text: text.trim() });
      alerts.push({ type: 'success', message: '举报成功，我们会尽快处理' });
      onOpenChange(false);
      setReason('');
      setText('');
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} widthClass="w-[400px] p-5">
      <Dialog.Title className="font-semibold text-base">举报{MODERATION_TARGETS[targetType]}</Dialog.Title>
      <form onSubmit={submit} className="mt-4 space-y-3">
        <fieldset>
          <legend className="mb-2 text-fg-2 text-sm">举报原因</legend>
          <div className="grid grid-cols-2 gap-2">
            {(Object.keys(REPORT_REASONS) as ReportReason[]).map((key) => (
              <label key={key} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="report-reason"
                  value={key}
                  checked={reason === key}
                  onChange={() => setReason(key)}
                />
                {REPORT_REASONS[key]}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="block text-fg-2 text-sm">
          补充说明（选填）
          <textarea
            value={text}
            maxLength={MODERATION_LIMITS.reportTextMax}
            rows={3}
            onChange={(e) => setText(e.target.value)}
            className="mt-1 w-full resize-none rounded border border-line bg-page px-3 py-2 text-fg outline-none focus:border-brand"
          />
        </label>
        <div className="flex justify-end gap-3">
          <Dialog.Close asChild>
            <Button variant="secondary" size="md">
              取消
            </Button>
          </Dialog.Close>
          <Button type="submit" size="md" disabled={busy}>
            提交举报
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}
