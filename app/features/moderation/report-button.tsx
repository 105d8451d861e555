import { MODERATION_TARGETS, type ModerationTarget } from '@core/moderation.ts';
import { lazy, useState } from 'react';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { TriangleAlert } from '~/ui/icons.tsx';
import { OpenedOnce } from '~/ui/opened-once.tsx';

// The dialog (radix, the reasons form) loads the first time someone reports.
const ReportDialog = lazy(() => import('./report-dialog.tsx'));

const VARIANTS = {
  /** The article bar, the repo page and the profile header: icon and word. */
  bar: 'inline-flex h-9 items-center gap-1.5 px-2 text-fg-3 text-sm hover:text-brand',
  /** A pin's action row: the icon alone (named 举报 for screen readers). */
  row: 'pin-report ic-triangle-alert',
  /** A comment's action line, beside 点赞 and 回复. */
  inline: 'inline-flex items-center gap-1 hover:text-brand',
} as const;

/**
 * 举报 on an entry, comment, pin, repo or profile: a reason from the list and a text; a signed-out
 * reader gets the login modal first. One dialog for every target, loaded on first use.
 */
export function ReportButton({
  targetType,
  targetId,
  variant = 'bar',
  className = '',
}: {
  targetType: ModerationTarget;
  targetId: string;
  variant?: keyof typeof VARIANTS;
  className?: string;
}) {
  const requireLogin = useRequireLogin();
  const [open, setOpen] = useState(false);

  function start() {
    try {
      requireLogin();
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
        aria-label={variant === 'row' ? `举报${MODERATION_TARGETS[targetType]}` : undefined}
        title={variant === 'row' ? '举报' : undefined}
        className={`${VARIANTS[variant]} ${className}`}
      >
        {variant !== 'row' && (
          <TriangleAlert size={variant === 'bar' ? 16 : 15} strokeWidth={1.75} aria-hidden="true" />
        )}
        {variant !== 'row' && '举报'}
      </button>
      <OpenedOnce open={open}>
        <ReportDialog targetType={targetType} targetId={targetId} open={open} onOpenChange={setOpen} />
      </OpenedOnce>
    </>
  );
}
