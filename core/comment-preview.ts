import { LIMITS } from './constants.ts';

/**
 * SPEC §5: a comment preview shows at most 10 lines of 40 characters, then an ellipsis. Long
 * lines count as the lines they wrap into. Returns null when the whole text fits.
 */
export function commentPreview(
  text: string,
  maxLines: number = LIMITS.commentPreviewLines,
  lineChars: number = LIMITS.commentPreviewLineChars,
): string | null {
  const kept: string[] = [];
  let used = 0;
  const lines = text.split('\n');
  for (const line of lines) {
    const chars = Array.from(line);
    const rows = Math.max(1, Math.ceil(chars.length / lineChars));
    if (used + rows <= maxLines) {
      kept.push(line);
      used += rows;
      continue;
    }
    const room = maxLines - used;
    if (room > 0) kept.push(chars.slice(0, room * lineChars).join(''));
    return `${kept.join('\n')}...`;
  }
  return null;
}
