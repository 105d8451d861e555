/**
 * Input pieces shared by the API contracts and the loaders (GUIDE rule 12): one schema each,
 * so every entry point reads them the same way and fails with the same message.
 */
import { z } from 'zod';
import { ID_PATTERN } from './ids.ts';

/** The most ids one id list may carry (SPEC §7.2, §7.6). */
export const ID_LIST_MAX = 100;

export const INVALID_ID_MESSAGE = 'invalid id';

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
