import { createContext, type FocusEvent, useCallback, useContext } from 'react';
import { requireLoginOr } from './api-client.ts';
import { useViewer, type ViewerSummary } from './root-data.ts';

/** What the auth modal shows (SPEC §2.4): the login panel, the register panel; closed is null. */
export type AuthMode = 'login' | 'register';

export interface AuthModalApi {
  mode: AuthMode | null;
  open: (mode: AuthMode) => void;
  close: () => void;
}

/**
 * Leaving a route's error view replaces the whole document tree, modal state included, so a
 * modal wanted on the next page waits here, tagged with the page it was asked from, until the
 * provider on another page takes it.
 */
let pending: { mode: AuthMode; fromLocationKey: string } | null = null;

export function openAuthModalAfterNavigation(mode: AuthMode, fromLocationKey: string): void {
  pending = { mode, fromLocationKey };
}

export function takePendingAuthMode(locationKey: string): AuthMode | null {
  if (!pending || pending.fromLocationKey === locationKey) return null;
  const { mode } = pending;
  pending = null;
  return mode;
}

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
