import type { ModerationTarget } from '@core/moderation.ts';
import { Suspense, lazy, useState } from 'react';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { TriangleAlert } from '~/ui/icons.tsx';

// The dialog (radix, the reasons form) loads the first time someone reports.
const ReportDialog = lazy(() => import('./report-dialog.tsx'));

/** 举报: a reason from the list and a text; a signed-out reader gets the login modal first. */
export function ReportButton({
  targetType,
  targetId,
  className = '',
}: {
  targetType: ModerationTarget;
  targetId: string;
  className?: string;
}) {
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);
  const [everOpened, setEverOpened] = useState(false);

  function start() {
    try {
      requireLogin();
      setEverOpened(true);
      setOpen(true);
    } catch {
      // The login modal is open.
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={start}
        className={`inline-flex h-9 items-center gap-1.5 px-2 text-fg-3 text-sm hover:text-brand ${className}`}
      >
        <TriangleAlert size={16} strokeWidth={1.75} aria-hidden="true" />
        举报
      </button>
      {everOpened && (
        <Suspense fallback={null}>
          <ReportDialog targetType={targetType} targetId={targetId} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
