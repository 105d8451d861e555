import { AVATAR_COLORS, TIMING } from '@core/constants.ts';
import { ThumbsUp } from '~/ui/icons.tsx';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type BarrageApi, BarrageContext, type BarrageType } from '~/lib/barrage.ts';

/** 'up' is a drawn thumb rather than the 👍 emoji, which machines without an emoji font show as a box. */
function BarrageGlyph({ type, sizePx }: { type: BarrageType; sizePx: number }) {
  if (type === 'up')
    return <ThumbsUp aria-hidden size={sizePx} strokeWidth={1.5} fill="currentColor" fillOpacity={0.35} />;
  return <>{type}</>;
}
const ITEM_COUNT = 36;

interface Flyer {
  top: number;
  delayMs: number;
  durationMs: number;
  sizePx: number;
  color: string;
}

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
        <div aria-hidden className="pointer-events-none fixed inset-0 z-[65] overflow-hidden" data-barrage={shot.type}>
          {shot.still ? (
            <span className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-card px-6 py-3 font-bold text-4xl text-brand shadow-xl">
              <BarrageGlyph type={shot.type} sizePx={40} />
            </span>
          ) : (
            shot.flyers.map((flyer, index) => (
              <span
                // Flyers never reorder; the index is their identity for this shot.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                key={index}
                className="absolute left-full whitespace-nowrap font-bold [text-shadow:0_1px_3px_rgb(0_0_0/0.35)]"
                style={{
                  top: `${flyer.top}%`,
                  fontSize: flyer.sizePx,
                  color: flyer.color,
                  animation: `barrage-fly ${flyer.durationMs}ms linear ${flyer.delayMs}ms both`,
                }}
              >
                <BarrageGlyph type={shot.type} sizePx={flyer.sizePx} />
              </span>
            ))
          )}
        </div>
      )}
    </BarrageContext.Provider>
  );
}
