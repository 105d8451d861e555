import { createContext, useContext } from 'react';

/** A forced state wins over the scroll rule until released with null. */
export type HeaderForce = 'visible' | 'hidden' | null;

export interface HeaderVisibilityApi {
  hidden: boolean;
  force: (state: HeaderForce) => void;
  /** Shows the header now (keyboard focus entered it); the scroll rule resumes with the next scroll. */
  reveal: () => void;
}

export const HeaderVisibilityContext = createContext<HeaderVisibilityApi | null>(null);

export function useHeaderVisibility(): HeaderVisibilityApi {
  const api = useContext(HeaderVisibilityContext);
  if (!api) throw new Error('useHeaderVisibility needs the shell of app/root.tsx');
  return api;
}

/**
 * The scroll rule (SPEC §2.4): past 400px the header hides while scrolling down and returns
 * as soon as the reader scrolls up; above 400px it always shows.
 */
export function nextHeaderHidden(previousY: number, y: number, hideAfterPx: number, wasHidden: boolean): boolean {
  if (y <= hideAfterPx) return false;
  if (y > previousY) return true;
  if (y < previousY) return false;
  return wasHidden;
}
