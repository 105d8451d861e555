import type { EntrySort } from '@core/constants.ts';
import type { Db } from '@db/client.ts';
import type { EntryType } from '@db/schema/content.ts';
import { decodeCursor, encodeCursor } from '../../http/cursor.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { Viewer } from '../auth/auth.policy.ts';
import { getCategoryIndex, getTagById, type CategoryRef } from '../tags/tags.service.ts';
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
      viewerId: options.viewer?.id,
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
    viewerId: options.viewer?.id,
  });
  return hydrate(db, rows, options.viewer ?? null);
}

function decodeBefore(before: string | undefined) {
  const cursor = decodeCursor(before);
  if (before && !cursor) throw badRequest('invalid pointer');
  return cursor;
}

function pageOf(rows: queries.EntryListRow[], sort: EntrySort, limit: number) {
  const last = rows.at(-1);
  return last && rows.length === limit ? encodeCursor(queries.cursorValueOf(last, sort), last.id) : null;
}

/**
 * SPEC §7.3 get_tag_entry and the /tag/{title} page: one keyset page of a tag's entries in any of
 * the six sorts (default hottest). `page` (zero-based) is honoured when no pointer is given, as
 * an offset of at most 50 pages; the pointer is the way on. `total` is the tag's entriesCount.
 */
export async function listTagEntries(
  db: Db,
  options: { tagId: string; sort: EntrySort; before?: string; page?: number; limit: number; viewer: Viewer | null },
): Promise<EntryPage> {
  const cursor = decodeBefore(options.before);
  const tag = await getTagById(db, options.tagId, null);
  const page = cursor ? 0 : Math.min(options.page ?? 0, 50);
  const rows = await queries.selectTagEntryPage(db, {
    tagId: tag.id,
    tagEntryCount: tag.entriesCount,
    sort: options.sort,
    cursor,
    offset: page * options.limit,
    limit: options.limit,
    now: new Date(),
    viewerId: options.viewer?.id,
  });
  return {
    total: tag.entriesCount,
    entrylist: await hydrate(db, rows, options.viewer),
    pointer: pageOf(rows, options.sort, options.limit),
  };
}

/**
 * SPEC §7.3 get_entry_by_self: a user's entries (type post or article, or all), newest first by
 * default (entries_user_created_idx); `total` is the author's postedPostsCount for posts and
 * postedEntriesCount otherwise. An unknown user is 404 此用户不存在.
 */
export async function listUserEntries(
  db: Db,
  options: { userId: string; type?: EntryType; sort: EntrySort; before?: string; limit: number; viewer: Viewer | null },
): Promise<EntryPage> {
  const cursor = decodeBefore(options.before);
  const [counts, rows] = await Promise.all([
    queries.selectAuthorCounts(db, options.userId),
    queries.selectEntryPage(db, {
      userId: options.userId,
      type: options.type,
      sort: options.sort,
      cursor,
      limit: options.limit,
      now: new Date(),
      viewerId: options.viewer?.id,
    }),
  ]);
  if (!counts) throw notFound('此用户不存在');
  return {
    total: options.type === 'post' ? counts.postedPostsCount : counts.postedEntriesCount,
    entrylist: await hydrate(db, rows, options.viewer),
    pointer: pageOf(rows, options.sort, options.limit),
  };
}

/**
 * SPEC §7.3 get_recommended_entry: three at a time from the popular ranking (entries_hot_idx),
 * whose score already lifts what an admin recommended (docs/ranking.md). The visitor (uid or
 * suid) decides only what is muted.
 */
export async function listRecommendedEntries(
  db: Db,
  options: { before?: string; limit: number; viewer: Viewer | null },
): Promise<Omit<EntryPage, 'total'>> {
  const cursor = decodeBefore(options.before);
  const rows = await queries.selectEntryPage(db, {
    sort: 'popular',
    cursor,
    limit: options.limit,
    now: new Date(),
    viewerId: options.viewer?.id,
  });
  return { entrylist: await hydrate(db, rows, options.viewer), pointer: pageOf(rows, 'popular', options.limit) };
}

/** SPEC §7.3 get_related_entry for an entry id: newest entries of its category (4 or 5). */
export async function listRelatedEntriesOf(db: Db, options: { entryId: string; limit: number; viewer: Viewer | null }) {
  const row = await queries.selectEntryById(db, options.entryId);
  if (!row) throw notFound('此文章不存在');
  return listRelatedEntries(db, {
    entryId: row.id,
    categoryId: row.categoryId,
    limit: options.limit,
    viewer: options.viewer,
  });
}

/**
 * SPEC §7.3 getDetailData: type entry answers the entry with its content; type entryView the
 * reading view of it: id (the entryViewId), the entry id, its rendered content and view count.
 */
export async function getDetailData(
  db: Db,
  options: { type: 'entry' | 'entryView'; postId: string; viewer: Viewer | null },
) {
  const entry = await getEntry(db, options.postId, options.viewer);
  if (options.type === 'entry') return entry;
  return {
    entryViewId: entry.id,
    entryId: entry.id,
    title: entry.title,
    content: entry.content,
    contentHtml: entry.contentHtml,
    viewCount: entry.viewCount,
  };
}
