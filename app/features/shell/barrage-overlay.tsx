import { ThumbsUp } from '~/ui/icons.tsx';
import type { BarrageType } from '~/lib/barrage.ts';

export interface Flyer {
  top: number;
  delayMs: number;
  durationMs: number;
  sizePx: number;
  color: string;
}

/** 'up' is a drawn thumb rather than the 👍 emoji, which machines without an emoji font show as a box. */
function BarrageGlyph({ type, sizePx }: { type: BarrageType; sizePx: number }) {
  if (type === 'up')
    return <ThumbsUp aria-hidden size={sizePx} strokeWidth={1.5} fill="currentColor" fillOpacity={0.35} />;
  return <>{type}</>;
}

/** The barrage itself (app/features/shell/barrage.tsx fires and stops it). */
export function BarrageOverlay({ type, flyers, still }: { type: BarrageType; flyers: Flyer[]; still: boolean }) {
  return (
    <div aria-hidden className="pointer-events-none fixed inset-0 z-[65] overflow-hidden" data-barrage={type}>
      {still ? (
        <span className="absolute top-1/2 left-1/2 -translate-x-1/2 -translate-y-1/2 rounded-full bg-card px-6 py-3 font-bold text-4xl text-brand shadow-xl">
          <BarrageGlyph type={type} sizePx={40} />
        </span>
      ) : (
        flyers.map((flyer, index) => (
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
            <BarrageGlyph type={type} sizePx={flyer.sizePx} />
          </span>
        ))
      )}
    </div>
  );
}
