export type MascotMood = 'normal' | 'greeting' | 'blindfold';

/**
 * The auth modal's mascot, a grain of gold sand: it looks up normally, waves while the
 * account is typed and covers its eyes while the password is typed (SPEC §2.4).
 */
export function Mascot({ mood }: { mood: MascotMood }) {
  return (
    <svg viewBox="0 0 120 84" width="120" height="84" aria-hidden className="text-brand" data-mood={mood}>
      {/* The grain: a rounded, slightly irregular nugget with a highlight. */}
      <path fill="currentColor" d="M22 52C20 32 36 16 58 15C82 14 99 28 99 50C99 70 82 82 60 82C37 82 23 71 22 52Z" />
      <path fill="#fff" opacity="0.35" d="M34 38C37 28 46 22 56 21C48 26 42 32 40 41Z" />
      {mood === 'normal' && (
        <g>
          <circle cx="48" cy="48" r="6" fill="#fff" />
          <circle cx="72" cy="48" r="6" fill="#fff" />
          <circle cx="49" cy="49" r="3" fill="#1D2129" />
          <circle cx="73" cy="49" r="3" fill="#1D2129" />
          <path d="M53 63Q60 68 67 63" fill="none" stroke="#1D2129" strokeWidth="2.5" strokeLinecap="round" />
        </g>
      )}
      {mood === 'greeting' && (
        <g>
          <path
            d="M42 49Q48 42 54 49M66 49Q72 42 78 49"
            fill="none"
            stroke="#1D2129"
            strokeWidth="3"
            strokeLinecap="round"
          />
          <path d="M51 60Q60 72 69 60Z" fill="#1D2129" />
          <circle cx="40" cy="58" r="4" fill="#F87171" opacity="0.6" />
          <circle cx="80" cy="58" r="4" fill="#F87171" opacity="0.6" />
          {/* An arm raised to wave, with motion lines. */}
          <path d="M93 56Q104 46 104 30" fill="none" stroke="currentColor" strokeWidth="8" strokeLinecap="round" />
          <circle cx="104" cy="24" r="8" fill="currentColor" />
          <path
            d="M112 12Q117 17 116 24M96 11Q92 14 92 19"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinecap="round"
          />
        </g>
      )}
      {mood === 'blindfold' && (
        <g>
          {/* A blindfold over the eyes, knotted at the side. */}
          <path d="M22 43Q60 35 99 43L99 55Q60 47 22 55Z" fill="#1D2129" />
          <path d="M98 46L112 39L110 50ZM98 52L111 59L106 62Z" fill="#1D2129" />
          <path d="M55 66Q60 63 65 66" fill="none" stroke="#1D2129" strokeWidth="2.5" strokeLinecap="round" />
        </g>
      )}
    </svg>
  );
}
