/**
 * What a list page's loader reads from its URL, one way for every list: the keyset pointer, the
 * 1-based page number, the sort. A sort the list does not know is a 400 with the spec's message
 * (SPEC §5), like the API's contracts (core/inputs.ts).
 */
import { data } from 'react-router';
import type { EntrySort } from '@core/constants.ts';
import { InvalidSortError, parseEntrySort } from '@core/inputs.ts';

/** The `?pointer=` of a keyset list (`?before=` on profile tabs); the service decodes it. */
export function readPointer(url: URL, name: 'pointer' | 'before' = 'pointer'): string | undefined {
  return url.searchParams.get(name) || undefined;
}

/** The 1-based `?page=` of a numbered list; anything else is page 1. */
export function readPage(url: URL, max = 10_000): number {
  const page = Number(url.searchParams.get('page') ?? '1');
  return Number.isInteger(page) && page >= 1 && page <= max ? page : 1;
}

/** `?sort=` among the six entry sorts (SPEC §5); left out or empty, the list's default. */
export function readSort(url: URL, fallback: EntrySort): EntrySort {
  try {
    return parseEntrySort(url.searchParams.get('sort'), fallback);
  } catch (error) {
    if (error instanceof InvalidSortError) throw data({ message: error.message }, { status: 400 });
    throw error;
  }
}

/** `?sort=` among a list's own keys (tags: hot or new; comments of a collection: new or hot). */
export function readSortOf<T extends string>(url: URL, keys: readonly T[], fallback: T): T {
  const value = url.searchParams.get('sort');
  if (value === null || value === '') return fallback;
  if ((keys as readonly string[]).includes(value)) return value as T;
  throw data({ message: `invalid sort: ${value}` }, { status: 400 });
}
