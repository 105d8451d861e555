import { X } from '~/ui/icons.tsx';
import { Dialog } from 'radix-ui';
import type { AuthMode } from '~/lib/auth-modal.ts';
import { dialogContentClass, dialogOverlayClass } from '~/ui/dialog.ts';
import { LoginPanel } from './login-panel.tsx';
import { RegisterPanel } from './register-panel.tsx';

/** The auth modal's dialog and panels, loaded the first time the modal opens (auth-modal-provider.tsx). */
export default function AuthDialog({
  mode,
  open,
  close,
}: {
  mode: AuthMode | null;
  open: (mode: AuthMode) => void;
  close: () => void;
}) {
  return (
    <Dialog.Root open={mode !== null} onOpenChange={(isOpen) => !isOpen && close()}>
      <Dialog.Portal>
        <Dialog.Overlay className={dialogOverlayClass} />
        <Dialog.Content aria-describedby={undefined} className={dialogContentClass('w-[320px]')}>
          {mode === 'login' && <LoginPanel onClose={close} onSwitchToRegister={() => open('register')} />}
          {mode === 'register' && <RegisterPanel onSwitchToLogin={() => open('login')} />}
          {/* After the panel, so opening focuses the first field rather than the close button. */}
          <Dialog.Close
            aria-label="关闭"
            className="absolute top-2 right-2 flex size-8 items-center justify-center rounded text-fg-3 hover:text-fg"
          >
            <X aria-hidden size={18} strokeWidth={1.75} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
