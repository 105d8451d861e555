import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { dialogContentClass, dialogOverlayClass } from './dialog.ts';
import { X } from './icons.tsx';

/**
 * A dialog with a title bar and its close button; closing (Esc, ×, outside) calls onClose. It is
 * open while it is rendered, unless `open` says otherwise (a dialog that keeps its state closed).
 */
export function TitledDialog({
  title,
  widthClass,
  open = true,
  onClose,
  children,
}: {
  title: string;
  widthClass: string;
  open?: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content aria-describedby={undefined} className={dialogContentClass(widthClass)}>
          <div className="flex items-center justify-between border-line border-b px-5 py-3">
            <Dialog.Title className="font-semibold text-base">{title}</Dialog.Title>
            <Dialog.Close
              aria-label="关闭"
              className="flex size-8 items-center justify-center rounded text-fg-3 hover:text-fg"
            >
              <X aria-hidden size={18} strokeWidth={1.75} />
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
