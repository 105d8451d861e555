import type { EntrySort } from '@core/constants.ts';
import type { Db } from '@db/client.ts';
import type { EntryType } from '@db/schema/content.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Viewer } from '../auth/auth.policy.ts';
import { getCategoryIndex, type CategoryRef } from '../tags/tags.service.ts';
import { PLACEHOLDER_USER } from '../users/users.service.ts';
import * as queries from './entries.queries.ts';

export interface ListEntriesOptions {
  /** A category name or id; undefined or 'all' for every category. */
  category?: string;
  sort: EntrySort;
  type?: EntryType;
  userId?: string;
  before?: string;
  limit: number;
  viewer: Viewer | null;
}

async function resolveCategory(db: Db, category: string | undefined): Promise<CategoryRef | undefined> {
  if (!category || category === 'all') return undefined;
  const match = (await getCategoryIndex(db)).byKey.get(category);
  if (!match) throw notFound('分类不存在');
  return match;
}

/** Entry rows → the Entry shape of SPEC §3, with author, category, tags and the viewer's like. */
async function hydrate(db: Db, rows: queries.EntryListRow[], viewer: Viewer | null) {
  const [decorations, categories] = await Promise.all([
    queries.selectEntryDecorations(
      db,
      rows.map((r) => r.id),
      viewer?.id ?? null,
    ),
    getCategoryIndex(db),
  ]);
  const byId = new Map(decorations.map((d) => [d.id, d]));
  return rows.map(({ userId: _userId, categoryId, hotScore: _score, ...row }) => {
    const decoration = byId.get(row.id);
    return {
      ...row,
      user: decoration?.user ?? PLACEHOLDER_USER,
      category: categories.byKey.get(categoryId) ?? { id: categoryId, name: '', title: '' },
      tags: decoration?.tags ?? [],
      liked: decoration?.liked ?? false,
      latestCommentAt: row.latestCommentAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

export type EntryView = Awaited<ReturnType<typeof hydrate>>[number];

export interface EntryPage {
  total: number;
  entrylist: EntryView[];
  pointer: string | null;
}

/** One keyset page of any entry feed (explore, welcome, timeline, columns, a user's entries). */
export async function listEntries(db: Db, options: ListEntriesOptions): Promise<EntryPage> {
  const cursor = decodeCursor(options.before);
  if (options.before && !cursor) throw badRequest('invalid pointer');
  const category = await resolveCategory(db, options.category);
  const [rows, total] = await Promise.all([
    queries.selectEntryPage(db, {
      sort: options.sort,
      categoryId: category?.id,
      type: options.type,
      userId: options.userId,
      cursor,
      limit: options.limit,
      now: new Date(),
    }),
    queries.selectCategoryEntryTotal(db, category?.id),
  ]);
  const last = rows.at(-1);
  return {
    total,
    entrylist: await hydrate(db, rows, options.viewer),
    pointer:
      last && rows.length === options.limit ? encodeCursor(queries.cursorValueOf(last, options.sort), last.id) : null,
  };
}

/** Missing entries are 404 with the placeholder's text (SPEC §3: 未知文章 / 此文章不存在). */
export async function getEntry(db: Db, id: string, viewer: Viewer | null) {
  const row = await queries.selectEntryById(db, id);
  if (!row) throw notFound('此文章不存在');
  const { content, contentHtml, ...listRow } = row;
  const [entry] = await hydrate(db, [listRow], viewer);
  return { ...entry, content, contentHtml };
}

export type EntryDetail = Awaited<ReturnType<typeof getEntry>>;

/** Entries by id, in the order asked; unknown ids are left out. */
export async function getEntriesByIds(db: Db, ids: string[], viewer: Viewer | null) {
  const rows = await queries.selectEntriesByIds(db, ids);
  const hydrated = new Map((await hydrate(db, rows, viewer)).map((e) => [e.id, e]));
  return ids.map((id) => hydrated.get(id)).filter((e): e is EntryView => e !== undefined);
}

/**
 * The 我关注的 feed (timeline category subscribe), newest first. `total` is null: no counter
 * column covers a personal feed, and counting it would grow with the follow graph.
 */
export async function listFollowingEntries(
  db: Db,
  options: { viewer: Viewer; before?: string; limit: number },
): Promise<Omit<EntryPage, 'total'> & { total: null }> {
  const cursor = decodeCursor(options.before);
  if (options.before && !cursor) throw badRequest('invalid pointer');
  const rows = await queries.selectFollowingEntryPage(db, {
    viewerId: options.viewer.id,
    cursor: cursor ? { createdAt: Number(cursor.value), id: cursor.id } : null,
    limit: options.limit,
  });
  const last = rows.at(-1);
  return {
    total: null,
    entrylist: await hydrate(db, rows, options.viewer),
    pointer: last && rows.length === options.limit ? encodeCursor(last.createdAt.getTime(), last.id) : null,
  };
}

/** SPEC §7.3 get_related_entry: the newest entries of the same category, without the one being read. */
export async function listRelatedEntries(
  db: Db,
  options: { entryId: string; categoryId: string; limit: number; viewer?: Viewer | null },
): Promise<EntryView[]> {
  const rows = await queries.selectRelatedEntries(db, {
    categoryId: options.categoryId,
    excludeId: options.entryId,
    limit: options.limit,
  });
  return hydrate(db, rows, options.viewer ?? null);
}
