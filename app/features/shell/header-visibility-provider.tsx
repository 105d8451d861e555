import { TIMING } from '@core/constants.ts';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import {
  type HeaderForce,
  type HeaderVisibilityApi,
  HeaderVisibilityContext,
  nextHeaderHidden,
} from '~/lib/header-visibility.ts';
import { throttle } from '~/lib/throttle.ts';

const SCROLL_THROTTLE_MS = 100;

/** Owns the header's hidden state: the scroll rule of SPEC §2.4 unless a screen forces it. */
export function HeaderVisibilityProvider({ children }: { children: ReactNode }) {
  const [scrollHidden, setScrollHidden] = useState(false);
  const [forced, setForced] = useState<HeaderForce>(null);

  useEffect(() => {
    let previousY = window.scrollY;
    let hidden = false;
    const onScroll = throttle(() => {
      const y = window.scrollY;
      hidden = nextHeaderHidden(previousY, y, TIMING.headerHideAfterPx, hidden);
      previousY = y;
      setScrollHidden(hidden);
    }, SCROLL_THROTTLE_MS);
    window.addEventListener('scroll', onScroll.run, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll.run);
      onScroll.cancel();
    };
  }, []);

  const reveal = useCallback(() => setScrollHidden(false), []);
  const api = useMemo<HeaderVisibilityApi>(
    () => ({ hidden: forced === 'hidden' || (forced !== 'visible' && scrollHidden), force: setForced, reveal }),
    [forced, scrollHidden, reveal],
  );
  return <HeaderVisibilityContext.Provider value={api}>{children}</HeaderVisibilityContext.Provider>;
}
