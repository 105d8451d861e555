import { AVATAR_COLORS } from '@core/constants.ts';

function colorFor(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length];
}

export interface AvatarProps {
  user: { id: string; username: string; avatarLarge: string };
  size?: number;
  className?: string;
}

/** A round avatar; without an image, the first character on a palette colour (DESIGN.md). */
export function Avatar({ user, size = 32, className = '' }: AvatarProps) {
  const style = { width: size, height: size, fontSize: Math.round(size * 0.45) };
  if (user.avatarLarge) {
    return (
      <img
        src={user.avatarLarge}
        alt={user.username}
        width={size}
        height={size}
        loading="lazy"
        className={`shrink-0 rounded-full bg-line object-cover ${className}`}
        style={style}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={user.username}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-medium text-white ${className}`}
      style={{ ...style, backgroundColor: colorFor(user.id) }}
    >
      {Array.from(user.username)[0] ?? '?'}
    </span>
  );
}
