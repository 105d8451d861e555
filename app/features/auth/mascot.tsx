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
          {/* A hand raised to wave. */}
          <path d="M96 44Q108 34 106 20" fill="none" stroke="currentColor" strokeWidth="7" strokeLinecap="round" />
          <circle cx="106" cy="17" r="6" fill="currentColor" />
        </g>
      )}
      {mood === 'blindfold' && (
        <g>
          {/* Both hands over the eyes. */}
          <path d="M26 62Q32 44 50 44" fill="none" stroke="currentColor" strokeWidth="7" strokeLinecap="round" />
          <path d="M94 62Q88 44 70 44" fill="none" stroke="currentColor" strokeWidth="7" strokeLinecap="round" />
          <ellipse
            cx="49"
            cy="47"
            rx="11"
            ry="8"
            fill="currentColor"
            stroke="#1D2129"
            strokeOpacity="0.25"
            strokeWidth="2"
          />
          <ellipse
            cx="71"
            cy="47"
            rx="11"
            ry="8"
            fill="currentColor"
            stroke="#1D2129"
            strokeOpacity="0.25"
            strokeWidth="2"
          />
          <path d="M55 65Q60 62 65 65" fill="none" stroke="#1D2129" strokeWidth="2.5" strokeLinecap="round" />
        </g>
      )}
    </svg>
  );
}
