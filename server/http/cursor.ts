/**
 * Keyset pagination, one helper for every list (docs/architecture.md): the spec's pointer /
 * before is the sort value of the last row shown and its id as tie-breaker, opaque to clients.
 * Values are finite numbers: dates travel as epoch milliseconds, which the millisecond timestamp
 * columns store exactly.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from './errors.ts';

export type CursorValue = number;

/** A decoded pointer: the last row's sort value and id. */
export interface Cursor {
  value: CursorValue;
  id: string;
}

export const INVALID_POINTER_MESSAGE = 'pointer 格式有误';

export function encodeCursor(value: CursorValue | Date, id: string): string {
  const number = value instanceof Date ? value.getTime() : value;
  return Buffer.from(JSON.stringify([number, id])).toString('base64url');
}

export function decodeCursor(cursor: string | undefined | null): Cursor | null {
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

/** A list request's pointer: null for the first page; one that does not decode is a 400 (INVALID_POINTER_MESSAGE). */
export function readPointer(pointer: string | undefined | null): Cursor | null {
  if (!pointer) return null;
  const cursor = decodeCursor(pointer);
  if (!cursor) throw badRequest(INVALID_POINTER_MESSAGE);
  return cursor;
}

/**
 * The next page's pointer: the last row's sort value and id when the page came back full (there
 * may be more), null at the end.
 */
export function nextPointer<T>(rows: readonly T[], limit: number, key: (row: T) => [CursorValue | Date, string]) {
  const last = rows.at(-1);
  if (!last || rows.length < limit) return null;
  const [value, id] = key(last);
  return encodeCursor(value, id);
}

/**
 * The keyset condition of a descending page: rows after the cursor in `ORDER BY sort DESC, id DESC`,
 * written as the row comparison `(sort, id) < (value, id)` that a two-column index serves.
 * `time` columns take the cursor's epoch milliseconds as a timestamptz; `number` ones as they are.
 */
export function keysetBefore(
  sortColumn: AnyPgColumn | SQL,
  idColumn: AnyPgColumn | SQL,
  cursor: Cursor | null | undefined,
  kind: 'time' | 'number' = 'time',
): SQL | undefined {
  if (!cursor) return undefined;
  const value =
    kind === 'time' ? sql`${new Date(cursor.value).toISOString()}::timestamptz` : sql`${Number(cursor.value)}`;
  return sql`(${sortColumn}, ${idColumn}) < (${value}, ${cursor.id})`;
}
