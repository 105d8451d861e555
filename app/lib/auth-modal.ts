import { createContext, type FocusEvent, useCallback, useContext } from 'react';
import { afterNavigationSlot } from './after-navigation.ts';
import { requireLoginOr } from './api-client.ts';
import { useViewer, type ViewerSummary } from './root-data.ts';

/** What the auth modal shows (SPEC §2.4): the login panel, the register panel; closed is null. */
export type AuthMode = 'login' | 'register';

export interface AuthModalApi {
  mode: AuthMode | null;
  open: (mode: AuthMode) => void;
  close: () => void;
}

/** The auth modal to open on the next page, kept across the error view's remount (see after-navigation.ts). */
const pendingAuthMode = afterNavigationSlot<AuthMode>();
export const openAuthModalAfterNavigation = pendingAuthMode.put;
export const takePendingAuthMode = pendingAuthMode.take;

export const AuthModalContext = createContext<AuthModalApi | null>(null);

export function useAuthModal(): AuthModalApi {
  const api = useContext(AuthModalContext);
  if (!api) throw new Error('useAuthModal needs the AuthModalProvider of app/root.tsx');
  return api;
}

/**
 * For actions that need a signed-in person: returns a function that gives the viewer, or
 * opens the login modal and throws the local 'Unauthorized' ApiError before any request.
 */
export function useRequireLogin(): () => ViewerSummary {
  const viewer = useViewer();
  const { open } = useAuthModal();
  return useCallback(() => requireLoginOr(viewer, () => open('login')), [viewer, open]);
}

/**
 * A focus handler for a composer's text box: a signed-out person who focuses it gets the login
 * modal instead of a box they cannot send from.
 */
export function useLoginOnFocus(): (event: FocusEvent<HTMLElement>) => void {
  const viewer = useViewer();
  const { open } = useAuthModal();
  return useCallback(
    (event: FocusEvent<HTMLElement>) => {
      if (viewer) return;
      event.currentTarget.blur();
      open('login');
    },
    [viewer, open],
  );
}
