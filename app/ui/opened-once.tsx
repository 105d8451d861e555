import { type ReactNode, Suspense, useState } from 'react';

/**
 * Renders its children (a dialog whose code loads on first use: React.lazy) from the first time
 * `open` is true, and keeps them mounted after, so the dialog closes with its animation and keeps
 * its state; nothing before. The dialog itself follows `open`.
 */
export function OpenedOnce({ open, children }: { open: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened ? <Suspense fallback={null}>{children}</Suspense> : null;
}
