/**
 * Input pieces shared by the API contracts and the loaders (GUIDE rule 12): one schema each,
 * so every entry point reads them the same way and fails with the same message.
 */
import { z } from 'zod';
import { ENTRY_SORTS, type EntrySort } from './constants.ts';
import { ID_PATTERN } from './ids.ts';

/** The most ids one id list may carry (SPEC §7.2, §7.6). */
export const ID_LIST_MAX = 100;

export const INVALID_ID_MESSAGE = 'id 格式有误';

export interface IdListOptions {
  /** An empty list is an answer of its own (no ids, no rows) rather than a bad request. */
  allowEmpty?: boolean;
  /** Also split on commas (isInMyCollectionSet has always taken both). */
  commas?: boolean;
}

/**
 * Ids joined by a pipe (SPEC §7.2, §7.6), de-duplicated in their order; null when one is not an
 * id, when there are more than ID_LIST_MAX, or when there are none (unless allowEmpty).
 */
export function parseIdList(value: string | undefined | null, options: IdListOptions = {}): string[] | null {
  const parts = (value ?? '').split(options.commas ? /[|,]/ : '|').filter(Boolean);
  const ids = [...new Set(parts)];
  if (ids.length === 0 && !options.allowEmpty) return null;
  if (ids.length > ID_LIST_MAX || !ids.every((id) => ID_PATTERN.test(id))) return null;
  return ids;
}

/** An id list in a query or body: a string as sent, the ids (string[]) as validated. */
export function idListSchema(options: IdListOptions = {}) {
  return z
    .string()
    .max(24 * ID_LIST_MAX + ID_LIST_MAX - 1, INVALID_ID_MESSAGE)
    .transform((value, ctx) => {
      const ids = parseIdList(value, options);
      if (ids) return ids;
      ctx.addIssue({ code: 'custom', message: INVALID_ID_MESSAGE });
      return z.NEVER;
    })
    .describe(options.commas ? 'ids joined by a pipe | (or a comma)' : 'ids joined by a pipe |');
}

/* ---- Lists: pointer, limit, page number, entry sort ---- */

/** A list's pointer (the spec's `before` / `pointer`): opaque here, decoded by the service (readPointer). */
export const pointerSchema = z.string().max(300).optional().describe('The pointer of the previous page');

/** How many rows one page asks for: 1 to `max`, `size` when left out. */
export function limitSchema(size: number, max = 100) {
  return z.coerce.number().int().min(1).max(max).default(size);
}

/** A zero-based page number, for the lists the spec pages by number. */
export function pageNumberSchema(max = 10_000) {
  return z.coerce.number().int().min(0).max(max).default(0).describe('Zero-based page number');
}

/** A keyset page request: the pointer and the limit. */
export function pageQuerySchema(size: number, max = 100) {
  return z.object({ before: pointerSchema, limit: limitSchema(size, max) });
}

export class InvalidSortError extends Error {
  constructor(readonly value: string) {
    super(`invalid sort: ${value}`);
  }
}

/** SPEC §5: the six sort keys; empty is the fallback, anything else is 'invalid sort: {value}'. */
export function parseEntrySort(value: string | undefined | null, fallback: EntrySort): EntrySort {
  if (value === undefined || value === null || value === '') return fallback;
  if ((ENTRY_SORTS as readonly string[]).includes(value)) return value as EntrySort;
  throw new InvalidSortError(value);
}

/** An entry sort in a query: one of the six keys (`fallback` when left out), else 400 'invalid sort: {value}'. */
export function entrySortSchema(fallback: EntrySort) {
  return z
    .string()
    .max(40)
    .optional()
    .transform((value, ctx) => {
      try {
        return parseEntrySort(value, fallback);
      } catch (error) {
        if (!(error instanceof InvalidSortError)) throw error;
        ctx.addIssue({ code: 'custom', message: error.message });
        return z.NEVER;
      }
    })
    .describe(`One of ${ENTRY_SORTS.join(', ')}; ${fallback} when left out`);
}

/* ---- Time windows: an event's or a banner's start and end ---- */

export const TIME_WINDOW_MESSAGE = '结束时间必须晚于开始时间';

/** An instant as the forms send it (ISO 8601, `2026-12-03T14:00:00+08:00`); `message` when missing or malformed. */
export function instantSchema(message: string) {
  return z
    .string({ error: message })
    .min(1, message)
    .max(40, message)
    .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), message);
}

/** A schema with startedAt and endedAt, plus the one rule across them: the end comes after the start. */
export function withTimeWindow<T extends z.ZodType<{ startedAt: string; endedAt: string }>>(
  schema: T,
  message: string = TIME_WINDOW_MESSAGE,
) {
  return schema.refine((value) => Date.parse(value.endedAt) > Date.parse(value.startedAt), {
    message,
    path: ['endedAt'],
  });
}
