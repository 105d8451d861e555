import { X } from '~/ui/icons.tsx';
import { Dialog } from 'radix-ui';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { type AuthMode, type AuthModalApi, AuthModalContext, takePendingAuthMode } from '~/lib/auth-modal.ts';
import { dialogContentClass, dialogOverlayClass } from '~/ui/dialog.ts';
import { LoginPanel } from './login-panel.tsx';
import { RegisterPanel } from './register-panel.tsx';

/**
 * The auth modal (SPEC §2.4): 320px wide, mascot on top, Esc closes; the login and register
 * panels switch between each other. Opened anywhere with useAuthModal().open('login' | 'register').
 */
export function AuthModalProvider({ children }: { children: ReactNode }) {
  const [mode, setMode] = useState<AuthMode | null>(null);
  const open = useCallback((next: AuthMode) => setMode(next), []);
  const close = useCallback(() => setMode(null), []);

  const { key } = useLocation();
  // A modal may be waiting for each new page.
  useEffect(() => {
    const pending = takePendingAuthMode(key);
    if (pending) setMode(pending);
  }, [key]);

  const api = useMemo<AuthModalApi>(() => ({ mode, open, close }), [mode, open, close]);

  return (
    <AuthModalContext.Provider value={api}>
      {children}
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
    </AuthModalContext.Provider>
  );
}
