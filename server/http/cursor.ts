/**
 * Keyset cursors (the spec's pointer / before): the sort value of the last row and its id as
 * tie-breaker, opaque to clients. Values are finite numbers: dates travel as epoch
 * milliseconds, which the millisecond timestamp columns store exactly.
 */
export type CursorValue = number;

export function encodeCursor(value: CursorValue, id: string): string {
  return Buffer.from(JSON.stringify([value, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined | null): { value: CursorValue; id: string } | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[1] !== 'string') return null;
    const [value, id] = parsed as [unknown, string];
    if (typeof value !== 'number' || !Number.isFinite(value)) return null;
    return { value, id };
  } catch {
    return null;
  }
}
