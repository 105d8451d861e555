import { type LetterAvatar, letterAvatar } from '@core/avatar.ts';

export interface AvatarProps {
  /** `letter`: the placeholder as given (the root loader's viewer), else made from the id and name. */
  user: { id: string; username: string; avatarLarge: string; letter?: LetterAvatar | null };
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
  const { initial, color } = user.letter ?? letterAvatar(user);
  return (
    <span
      role="img"
      aria-label={user.username}
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-medium text-white ${className}`}
      style={{ ...style, backgroundColor: color }}
    >
      {initial}
    </span>
  );
}
