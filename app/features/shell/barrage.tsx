import { AVATAR_COLORS, TIMING } from '@core/constants.ts';
import { type ReactNode, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type BarrageApi, BarrageContext, type BarrageType } from '~/lib/barrage.ts';
import { lazyComponent } from '~/ui/lazy-component.ts';
import type { Flyer } from './barrage-overlay.tsx';

/** What is drawn loads with the first barrage, not with every page (a failed load draws nothing). */
const BarrageOverlay = lazyComponent(() => import('./barrage-overlay.tsx').then((m) => m.BarrageOverlay));

const ITEM_COUNT = 36;

/** Random lanes and timings, all landing within the 6.1 s the barrage lasts. */
function launch(): Flyer[] {
  return Array.from({ length: ITEM_COUNT }, (_, index) => {
    const durationMs = 2800 + Math.random() * 1200;
    return {
      top: 4 + Math.random() * 88,
      delayMs: Math.random() * (TIMING.barrageMs - durationMs - 200),
      durationMs,
      sizePx: 22 + Math.round(Math.random() * 22),
      color: AVATAR_COLORS[index % AVATAR_COLORS.length],
    };
  });
}

/**
 * The full-screen emoji barrage (SPEC §2.4): fired by comment shortcuts, gone after 6100 ms
 * or on a double-click. Clicks pass through it. With reduced motion it shows one still badge.
 */
export function BarrageProvider({ children }: { children: ReactNode }) {
  const [shot, setShot] = useState<{ type: BarrageType; flyers: Flyer[]; still: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  const stop = useCallback(() => {
    clearTimeout(timer.current);
    setShot(null);
  }, []);

  const fire = useCallback(
    (type: BarrageType) => {
      clearTimeout(timer.current);
      const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
      setShot({ type, flyers: still ? [] : launch(), still });
      timer.current = setTimeout(stop, TIMING.barrageMs);
    },
    [stop],
  );

  useEffect(() => {
    if (!shot) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') stop();
    };
    window.addEventListener('dblclick', stop);
    window.addEventListener('keydown', onKey);
    return () => {
      window.removeEventListener('dblclick', stop);
      window.removeEventListener('keydown', onKey);
    };
  }, [shot, stop]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const api = useMemo<BarrageApi>(() => ({ fire, stop }), [fire, stop]);
  return (
    <BarrageContext.Provider value={api}>
      {children}
      {shot && (
        <Suspense fallback={null}>
          <BarrageOverlay {...shot} />
        </Suspense>
      )}
    </BarrageContext.Provider>
  );
}
