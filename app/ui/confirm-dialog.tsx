import type { ConfirmDialogProps } from './confirm-dialog-content.tsx';
import { lazyComponent } from './lazy-component.ts';
import { OpenedOnce } from './opened-once.tsx';

// Radix's alert dialog is not in the first load of the pages that offer one (an article, its comments).
const ConfirmDialogContent = lazyComponent(() =>
  import('./confirm-dialog-content.tsx').then((m) => m.ConfirmDialogContent),
);

/**
 * An alert dialog that asks before something cannot be undone: a title, what will happen,
 * 取消 and a confirm button (red for `danger`). The confirm button keeps the dialog open; the
 * caller closes it, or leaves it open while `busy` and shows `busyLabel`. Its code loads the
 * first time it opens (OpenedOnce).
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  return (
    <OpenedOnce open={props.open}>
      <ConfirmDialogContent {...props} />
    </OpenedOnce>
  );
}
