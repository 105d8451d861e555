import { Suspense, useState } from 'react';
import type { ConfirmDialogProps } from './confirm-dialog-content.tsx';
import { lazyComponent } from './lazy-component.ts';

// Radix's alert dialog is not in the first load of the pages that offer one (an article, its comments).
const ConfirmDialogContent = lazyComponent(() =>
  import('./confirm-dialog-content.tsx').then((m) => m.ConfirmDialogContent),
);

/**
 * An alert dialog that asks before something cannot be undone: a title, what will happen,
 * 取消 and a confirm button (red for `danger`). The confirm button keeps the dialog open; the
 * caller closes it, or leaves it open while `busy` and shows `busyLabel`. Its code loads the
 * first time it opens, and it stays mounted after, so that it closes with its animation.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogContent {...props} />
    </Suspense>
  );
}
