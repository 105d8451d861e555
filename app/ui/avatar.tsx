import { type LetterAvatar, letterAvatar } from '@core/avatar.ts';

export interface AvatarProps {
  /** `letter`: the placeholder as given (the root loader's viewer), else made from the id and name. */
  user: { id: string; username: string; avatarLarge: string; letter?: LetterAvatar | null };
  size?: number;
  className?: string;
}

/**
 * A round avatar; without an image, the first character on a palette colour (DESIGN.md). Styled by
 * `.avatar` and `.avatar-letter` (app.css: on every signed-in page's header); the size is the style's.
 */
export function Avatar({ user, size = 32, className }: AvatarProps) {
  const style = { width: size, height: size };
  const extra = className ? ` ${className}` : '';
  if (user.avatarLarge) {
    return (
      <img
        src={user.avatarLarge}
        alt={user.username}
        width={size}
        height={size}
        loading="lazy"
        className={`avatar${extra}`}
        style={style}
      />
    );
  }
  const { initial, color } = user.letter ?? letterAvatar(user);
  return (
    <span
      role="img"
      aria-label={user.username}
      className={`avatar-letter${extra}`}
      style={{ ...style, fontSize: Math.round(size * 0.45), backgroundColor: color }}
    >
      {initial}
    </span>
  );
}
