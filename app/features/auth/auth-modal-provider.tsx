import { type ReactNode, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { type AuthMode, type AuthModalApi, AuthModalContext, takePendingAuthMode } from '~/lib/auth-modal.ts';
import { OpenedOnce } from '~/ui/opened-once.tsx';

// The dialog, its forms and their validation rules load the first time the modal opens.
const AuthDialog = lazy(() => import('./auth-dialog.tsx'));

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
    if (pending) open(pending);
  }, [key, open]);

  const api = useMemo<AuthModalApi>(() => ({ mode, open, close }), [mode, open, close]);

  return (
    <AuthModalContext.Provider value={api}>
      {children}
      <OpenedOnce open={mode !== null}>
        <AuthDialog mode={mode} open={open} close={close} />
      </OpenedOnce>
    </AuthModalContext.Provider>
  );
}
