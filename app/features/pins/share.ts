import { LIMITS } from '@core/constants.ts';

/** What a shared pin ends with: where it comes from. */
export function pinShareSuffix(url: string): string {
  return ` —— 来自金砂沸点 ${url}`;
}

/**
 * SPEC §5/§9: pin share text is cut to 140 characters including its suffix; the content gives
 * way (with an ellipsis) so the suffix always fits whole.
 */
export function pinShareText(content: string, url: string, limit: number = LIMITS.pinShareText): string {
  const suffix = pinShareSuffix(url);
  const room = limit - Array.from(suffix).length;
  const text = Array.from(content.replace(/\s+/g, ' ').trim());
  if (text.length <= room) return text.join('') + suffix;
  return `${text.slice(0, Math.max(0, room - 3)).join('')}...${suffix}`;
}
