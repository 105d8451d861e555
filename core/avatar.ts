import { AVATAR_COLORS } from './constants.ts';

/** The placeholder of someone without a picture: the first character of their name on a colour of their id (SPEC §3, DESIGN.md). */
export interface LetterAvatar {
  initial: string;
  color: string;
}

export function letterAvatar(user: { id: string; username: string }): LetterAvatar {
  let hash = 0;
  for (const char of user.id) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return { initial: Array.from(user.username)[0] ?? '?', color: AVATAR_COLORS[hash % AVATAR_COLORS.length] };
}
