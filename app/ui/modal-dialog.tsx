import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { dialogContentClass, dialogOverlayClass } from './dialog.ts';
import { X } from './icons.tsx';

/**
 * A dialog its owner opens and closes, with the × in its corner. The body mounts only while open,
 * so a form inside starts fresh each time; the body names the dialog with its own Dialog.Title.
 */
export function ModalDialog({
  open,
  onOpenChange,
  widthClass,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  widthClass: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content aria-describedby={undefined} className={dialogContentClass(widthClass)}>
          {open && children}
          <Dialog.Close aria-label="关闭" className="absolute top-3 right-3 rounded p-1 text-fg-3 hover:text-fg">
            <X aria-hidden size={18} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
