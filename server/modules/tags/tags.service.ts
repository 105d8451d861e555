import type { Ctx } from '../../http/context.ts';
import type { CategoryName } from '@core/constants.ts';
import type { Db } from '@db/client.ts';
import { notFound } from '../../http/errors.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import * as queries from './tags.queries.ts';

export interface Category {
  id: string;
  name: CategoryName;
  title: string;
  entriesCount: number;
  /** The viewer subscribes to at least one of the category's built-in tags (false for visitors). */
  subscribed: boolean;
}

/**
 * SPEC §7.6 /categories: the nine fixed categories in display order. There is no separate
 * category subscription (no call for one in SPEC §7): a category is `subscribed` when the viewer
 * follows one of its built-in tags (docs/decisions/018-derived-entity-fields.md).
 */
export async function listCategories(ctx: Pick<Ctx, 'db'> & Partial<Pick<Ctx, 'viewer'>>): Promise<Category[]> {
  const { db, viewer = null } = ctx;
  const [rows, subscribed] = await Promise.all([
    queries.selectCategories(db),
    viewer ? queries.selectSubscribedCategoryIds(db, viewer.id) : Promise.resolve([]),
  ]);
  const mine = new Set(subscribed);
  return rows.map((row) => ({ ...(row as Omit<Category, 'subscribed'>), subscribed: mine.has(row.id) }));
}

/**
 * SPEC §7.6 /user/{id}/subscribeCodeStatus: whether the person has subscribed to any tag (the
 * subscription step of a new account is done) and how many; unknown people are 404.
 */
export async function getSubscribeStatus(ctx: Pick<Ctx, 'db'>, userId: string) {
  const { db } = ctx;
  const count = await queries.selectUserSubscribedTagCount(db, userId);
  if (count === null) throw notFound('此用户不存在');
  return { status: count > 0, subscribedTagCount: count };
}

export interface TagBrief {
  id: string;
  title: string;
  icon: string;
}

export type CategoryRef = Pick<Category, 'id' | 'name' | 'title'>;

export interface CategoryIndex {
  /** In the fixed display order. */
  list: CategoryRef[];
  /** By id and by name. */
  byKey: Map<string, CategoryRef>;
}

const categoryIndexes = new WeakMap<Db, Promise<CategoryIndex>>();

/**
 * The nine fixed categories (SPEC §3), read once per database handle: they never change at run
 * time, and every feed needs them. Counts are not in here; `listCategories` reads those fresh.
 */
export function getCategoryIndex(ctx: Pick<Ctx, 'db'>): Promise<CategoryIndex> {
  const { db } = ctx;
  let index = categoryIndexes.get(db);
  if (!index) {
    index = queries.selectCategories(db).then((rows) => {
      const list = (rows as Category[]).map(({ id, name, title }) => ({ id, name, title }));
      const byKey = new Map<string, CategoryRef>();
      for (const category of list) {
        byKey.set(category.id, category);
        byKey.set(category.name, category);
      }
      return { list, byKey };
    });
    index.catch(() => categoryIndexes.delete(db));
    categoryIndexes.set(db, index);
  }
  return index;
}

/** The Tag of SPEC §3 as the API answers it. */
export interface TagView {
  id: string;
  title: string;
  icon: string;
  entriesCount: number;
  subscribersCount: number;
  subscribed: boolean;
  createdAt: string;
  updatedAt: string;
}

function toTagView(row: { createdAt: Date; updatedAt: Date } & Omit<TagView, 'createdAt' | 'updatedAt'>): TagView {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export interface TagList {
  tagList: TagView[];
  total: number;
}

/** Page `page` (zero-based) of the tags `filter` selects, as the tag lists answer them. */
async function tagListPage(
  db: Db,
  paging: { page: number; pageSize: number; viewer: Viewer | null },
  filter: Pick<queries.TagPageQuery, 'order' | 'query' | 'categoryId' | 'excludeSubscribedBy'>,
): Promise<TagList> {
  const { rows, total } = await queries.selectTagPage(db, {
    ...filter,
    offset: paging.page * paging.pageSize,
    limit: paging.pageSize,
    viewerId: paging.viewer?.id ?? null,
  });
  return { tagList: rows.map(toTagView), total };
}

/** SPEC §9: the suggestion call's default category is 产品 (product). */
export const DEFAULT_SUGGEST_CATEGORY = 'product';

/**
 * Tags by hot (most subscribers) or new, optionally only those whose title contains `query`
 * (SPEC §7.6 /tag/type/{hot|new}/search/… and /tags/type/{hot|new}/…). `page` is zero-based.
 */
export async function listTags(
  ctx: Pick<Ctx, 'db'>,
  options: { order: queries.TagOrder; query?: string; page: number; pageSize: number; viewer: Viewer | null },
): Promise<TagList> {
  return tagListPage(ctx.db, options, { order: options.order, query: options.query?.trim() || undefined });
}

/**
 * The suggestion call (SPEC §7.6 /tags/type/hot/suggest/{type}/…): by category, the tags of a
 * category (default 产品) by subscribers; by tag, the hottest tags the viewer has not subscribed to.
 */
export async function suggestTags(
  ctx: Pick<Ctx, 'db'>,
  options: { type: 'category' | 'tag'; category?: string; page: number; pageSize: number; viewer: Viewer | null },
): Promise<TagList> {
  const { db } = ctx;
  let categoryId: string | undefined;
  if (options.type === 'category') {
    const key = options.category || DEFAULT_SUGGEST_CATEGORY;
    const index = await getCategoryIndex({ db });
    const category = index.byKey.get(key) ?? index.list.find((c) => c.title === key);
    if (!category) throw notFound('分类不存在');
    categoryId = category.id;
  }
  return tagListPage(db, options, {
    order: 'hot',
    categoryId,
    excludeSubscribedBy: options.type === 'tag' ? options.viewer?.id : undefined,
  });
}

/** A user's subscribed tags, latest first (SPEC §7.6 /user/{id}/subscribe: tagList, total). */
export async function listSubscribedTags(
  ctx: Pick<Ctx, 'db'>,
  options: { userId: string; page: number; pageSize: number; viewer: Viewer | null },
): Promise<TagList> {
  const { db } = ctx;
  const [total, rows] = await Promise.all([
    queries.selectUserSubscribedTagCount(db, options.userId),
    queries.selectSubscribedTags(db, {
      userId: options.userId,
      offset: options.page * options.pageSize,
      limit: options.pageSize,
      viewerId: options.viewer?.id ?? null,
    }),
  ]);
  if (total === null) throw notFound('此用户不存在');
  return { tagList: rows.map(toTagView), total };
}

/** One tag by its title (SPEC §7.6 /tag/{title}); missing is 404 标签不存在. */
export async function getTagByTitle(ctx: Pick<Ctx, 'db' | 'viewer'>, title: string): Promise<TagView> {
  const { db, viewer } = ctx;
  const row = await queries.selectTagByTitle(db, title, viewer?.id ?? null);
  if (!row) throw notFound('标签不存在');
  return toTagView(row);
}

/** The id of the tag with this title (any case), or null: for callers that name a tag by its title. */
export async function findTagIdByTitle(ctx: Pick<Ctx, 'db'>, title: string): Promise<string | null> {
  const { db } = ctx;
  const row = await queries.selectTagByTitle(db, title, null);
  return row?.id ?? null;
}

/** Whether a tag with this id exists. */
export function tagExists(ctx: Pick<Ctx, 'db'>, id: string): Promise<boolean> {
  const { db } = ctx;
  return queries.selectTagExists(db, id);
}

export async function getTagById(ctx: Pick<Ctx, 'db' | 'viewer'>, id: string): Promise<TagView> {
  const { db, viewer } = ctx;
  const row = await queries.selectTagById(db, id, viewer?.id ?? null);
  if (!row) throw notFound('标签不存在');
  return toTagView(row);
}

/**
 * PUT / DELETE /tag/subscribe/{id}: signed-in only; the tag's subscribersCount and the user's
 * subscribedTagCount move in the same transaction, and only when the subscription changed.
 */
export async function setTagSubscribed(
  ctx: Pick<Ctx, 'db'>,
  options: { viewer: Viewer | null; tagId: string; subscribed: boolean },
): Promise<{ subscribed: boolean; subscribersCount: number }> {
  const { db } = ctx;
  const viewer = requireViewer(options.viewer);
  const result = await queries.setTagSubscription(db, {
    userId: viewer.id,
    tagId: options.tagId,
    subscribed: options.subscribed,
  });
  if (!result) throw notFound('标签不存在');
  return { subscribed: options.subscribed, subscribersCount: result.subscribersCount };
}
