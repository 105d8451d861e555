import type { Ctx, TxCtx } from '../../http/context.ts';
import { INVALID_ID_MESSAGE } from '@core/inputs.ts';
import { audit } from '../audit/audit.service.ts';
import { isAuthorOrAdmin } from '@core/permissions.ts';
import type { EntrySort } from '@core/constants.ts';
import { type EntryInput, ENTRY_MESSAGES, entryInputSchema, type ValidEntryInput } from '@core/entry-input.ts';
import { isValidId, newId } from '@core/ids.ts';
import { isSiteOrWebLink, isUserImageUrl } from '@core/user-urls.ts';
import type { Db, Tx } from '@db/client.ts';
import type { EntryType } from '@db/schema/content.ts';
import { toSearchText } from '../../adapters/tokenizer.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { makeAbstract, renderMarkdown } from '../../markdown/markdown.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { getCategoryIndex, getTagById, getTagByTitle, type CategoryRef } from '../tags/tags.service.ts';
import { getUserBriefs, lockUsers, PLACEHOLDER_USER } from '../users/users.service.ts';
import { saveVoteOptions } from '../votes/votes.service.ts';
import { enforceNewAccountLimits } from '../trust/trust.service.ts';
import * as queries from './entries.queries.ts';
import { changeBusOf, publishChange } from '../../adapters/changes.ts';
import { canEdit, canRecommend } from './entries.policy.ts';

export type { EntryInput } from '@core/entry-input.ts';

export interface ListEntriesOptions {
  /** A category name or id; undefined or 'all' for every category. */
  category?: string;
  /** A tag id or title: only entries carrying it. */
  tag?: string;
  sort: EntrySort;
  type?: EntryType;
  before?: string;
  limit: number;
}

/** A read acts for the viewer (their likes, their mutes, their own hidden entries); null for a shared answer. */
type ReadCtx = Pick<Ctx, 'db' | 'viewer'>;

async function resolveCategory(db: Db, category: string | undefined): Promise<CategoryRef | undefined> {
  if (!category || category === 'all') return undefined;
  const match = (await getCategoryIndex({ db })).byKey.get(category);
  if (!match) throw notFound('分类不存在');
  return match;
}

/** Entry rows → the Entry shape of SPEC §3, with author, category, tags and the viewer's like. */
async function hydrate(
  db: Db,
  rows: Array<queries.EntryListRow & { hiddenAt?: Date | null; hiddenReason?: string }>,
  viewer: Viewer | null,
) {
  const [decorations, categories] = await Promise.all([
    queries.selectEntryDecorations(
      db,
      rows.map((r) => r.id),
      viewer?.id ?? null,
    ),
    getCategoryIndex({ db }),
  ]);
  const byId = new Map(decorations.map((d) => [d.id, d]));
  return rows.map(({ userId: _userId, categoryId, hotScore: _score, hiddenAt, hiddenReason, ...row }) => {
    const decoration = byId.get(row.id);
    return {
      ...row,
      // Only on its author's own lists (getEntriesByIds with ownHidden): hidden by a moderator, and why.
      ...(hiddenAt ? { hiddenReason: hiddenReason ?? '' } : {}),
      user: decoration?.user ?? PLACEHOLDER_USER,
      category: categories.byKey.get(categoryId) ?? { id: categoryId, name: '', title: '' },
      tags: decoration?.tags ?? [],
      liked: decoration?.liked ?? false,
      collected: decoration?.collected ?? false,
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

async function resolveTag(db: Db, tag: string | undefined) {
  if (!tag) return undefined;
  return isValidId(tag) ? getTagById({ db, viewer: null }, tag) : getTagByTitle({ db, viewer: null }, tag);
}

const PERIOD_DAYS: Partial<Record<EntrySort, number>> = { weeklyHottest: 7, monthlyHottest: 30 };

/** The start of a period sort's window (the last week or month), or null for the other sorts. */
function periodStart(sort: EntrySort, now: Date): Date | null {
  const days = PERIOD_DAYS[sort];
  return days ? new Date(now.getTime() - days * 86_400_000) : null;
}

/**
 * How many entries a feed's filters select, which is what a reader can page through: the
 * category, tag and type, the last week or month of the period sorts, and for the comment sort
 * only commented entries. Counter columns where they exist (category × type counts, the tag's
 * entriesCount); otherwise a count over an index range (a period's window, a tag's rows).
 */
async function feedTotal(
  db: Db,
  options: {
    categoryId?: string;
    tag?: { id: string; entriesCount: number };
    type?: EntryType;
    sort: EntrySort;
    now: Date;
  },
): Promise<number> {
  const since = periodStart(options.sort, options.now);
  const commentedOnly = options.sort === 'comment';
  if (!options.tag && !since) {
    return queries.selectCountedEntryTotal(db, { categoryId: options.categoryId, type: options.type, commentedOnly });
  }
  if (options.tag && !since && !commentedOnly && !options.categoryId && !options.type) return options.tag.entriesCount;
  return queries.countEntries(db, {
    categoryId: options.categoryId,
    type: options.type,
    tagId: options.tag?.id,
    since,
    commentedOnly,
  });
}

/**
 * One keyset page of any entry feed (explore, welcome, timeline, columns, the get_entry_by_*
 * calls): category, tag and type all narrow the rows, and `total` counts what they select.
 *
 * The page is the same for everyone but for the viewer's likes and mutes, so it is computed once
 * per process and shared (the change bus's shared answers: fresh within CACHE_GRACE_MS of a new or
 * edited entry, comment, like or pin); a signed-in viewer gets it with their likes laid over (one
 * query). A viewer who mutes someone or something, or who changed content a moment ago (so they
 * see their change at once), gets a page of their own.
 */
export async function listEntries(ctx: ReadCtx, options: ListEntriesOptions): Promise<EntryPage> {
  const { page, marks } = await listSharedEntries(ctx, options);
  if (!marks) return page;
  const { liked, collected } = marks;
  return {
    ...page,
    entrylist: page.entrylist.map((entry) =>
      liked.has(entry.id) || collected.has(entry.id)
        ? { ...entry, liked: liked.has(entry.id), collected: collected.has(entry.id) }
        : entry,
    ),
  };
}

/** A viewer's likes and collects among a page's entries. */
export interface ViewerMarks {
  liked: ReadonlySet<string>;
  collected: ReadonlySet<string>;
}

/**
 * listEntries with the viewer's part apart: `shared` when `page` is the answer every viewer gets
 * (the same object while it is fresh, so what is derived from it can be kept beside it: the feed
 * pages' row HTML), with the viewer's `marks` to lay over it (null signed out); otherwise the
 * viewer's own page (mutes, a recent writer, no sharing), which carries its marks itself.
 */
export async function listSharedEntries(
  ctx: ReadCtx,
  options: ListEntriesOptions,
): Promise<{ page: EntryPage; shared: boolean; marks: ViewerMarks | null }> {
  const { db, viewer } = ctx;
  const bus = changeBusOf(db);
  if (!bus?.sharing || (viewer && (viewer.hasMutes !== false || bus.isRecentWriter(viewer.id, bus.graceMs)))) {
    return { page: await computeEntryPage(db, options, viewer), shared: false, marks: null };
  }
  const key = `entries|${options.category ?? ''}|${options.tag ?? ''}|${options.type ?? ''}|${options.sort}|${options.before ?? ''}|${options.limit}`;
  const page = await bus.remember(key, () => computeEntryPage(db, options, null));
  if (!viewer || page.entrylist.length === 0) return { page, shared: true, marks: null };
  // The viewer's marks on this page are kept with it until they write (one query a page, not a request).
  const marks = await bus.rememberForViewer(page, viewer.id, () =>
    queries.selectViewerMarks(
      db,
      viewer.id,
      page.entrylist.map((entry) => entry.id),
    ),
  );
  return { page, shared: true, marks };
}

async function computeEntryPage(db: Db, options: ListEntriesOptions, viewer: Viewer | null): Promise<EntryPage> {
  const cursor = readPointer(options.before);
  const [category, tag] = await Promise.all([resolveCategory(db, options.category), resolveTag(db, options.tag)]);
  const now = new Date();
  const page = {
    sort: options.sort,
    categoryId: category?.id,
    type: options.type,
    cursor,
    limit: options.limit,
    now,
    viewerId: viewer?.id,
  };
  const [rows, total] = await Promise.all([
    tag
      ? queries.selectTagEntryPage(db, { ...page, tagId: tag.id, tagEntryCount: tag.entriesCount })
      : queries.selectEntryPage(db, page),
    feedTotal(db, { categoryId: category?.id, tag, type: options.type, sort: options.sort, now }),
  ]);
  return {
    total,
    entrylist: await hydrate(db, rows, viewer),
    pointer: pageOf(rows, options.sort, options.limit),
  };
}

/** Missing entries are 404 with the placeholder's text (SPEC §3: 未知文章 / 此文章不存在). */
export async function getEntry(ctx: ReadCtx, id: string) {
  const { db, viewer } = ctx;
  const row = await queries.selectEntryById(db, id);
  if (!row) throw notFound('此文章不存在');
  // Hidden by a moderator: only its author and administrators still read it (visible moderation).
  if (row.hiddenAt && !isAuthorOrAdmin(viewer, row.userId)) throw notFound('此文章不存在');
  const { content, contentHtml, hiddenAt: _hidden, ...listRow } = row;
  const [entry] = await hydrate(db, [listRow], viewer);
  return { ...entry, content, contentHtml };
}

export type EntryDetail = Awaited<ReturnType<typeof getEntry>>;

/**
 * Entries by id, in the order asked; unknown and hidden ids are left out, except the viewer's own
 * hidden entries when `ownHidden` (their profile), which carry `hiddenReason`.
 */
export async function getEntriesByIds(ctx: ReadCtx, input: { ids: string[]; ownHidden?: boolean }) {
  const { db, viewer } = ctx;
  const { ids } = input;
  const rows = await queries.selectEntriesByIds(db, ids, input.ownHidden && viewer ? viewer.id : null);
  const hydrated = new Map((await hydrate(db, rows, viewer)).map((e) => [e.id, e]));
  return ids.map((id) => hydrated.get(id)).filter((e): e is EntryView => e !== undefined);
}

/**
 * The 我关注的 feed (timeline category subscribe), newest first. `total` is null: no counter
 * column covers a personal feed, and counting it would grow with the follow graph.
 */
export async function listFollowingEntries(
  ctx: ReadCtx,
  options: { before?: string; limit: number },
): Promise<Omit<EntryPage, 'total'> & { total: null }> {
  const { db } = ctx;
  const viewer = requireViewer(ctx.viewer);
  const cursor = readPointer(options.before);
  const rows = await queries.selectFollowingEntryPage(db, {
    viewerId: viewer.id,
    cursor,
    limit: options.limit,
  });
  return {
    total: null,
    entrylist: await hydrate(db, rows, viewer),
    pointer: nextPointer(rows, options.limit, (row) => [row.createdAt, row.id]),
  };
}

/** SPEC §7.3 get_related_entry: the newest entries of the same category, without the one being read. */
export async function listRelatedEntries(
  ctx: ReadCtx,
  options: { entryId: string; categoryId: string; limit: number },
): Promise<EntryView[]> {
  const { db, viewer } = ctx;
  const rows = await queries.selectRelatedEntries(db, {
    categoryId: options.categoryId,
    excludeId: options.entryId,
    limit: options.limit,
    viewerId: viewer?.id,
  });
  return hydrate(db, rows, viewer);
}

function pageOf(rows: queries.EntryListRow[], sort: EntrySort, limit: number) {
  return nextPointer(rows, limit, (row) => [queries.cursorValueOf(row, sort), row.id]);
}

/**
 * SPEC §7.3 get_tag_entry and the /tag/{title} page: one keyset page of a tag's entries in any of
 * the six sorts (default hottest). `page` (zero-based) is honoured when no pointer is given, as
 * an offset of at most 50 pages; the pointer is the way on. `total` is the tag's entriesCount.
 */
export async function listTagEntries(
  ctx: ReadCtx,
  options: { tagId: string; sort: EntrySort; before?: string; page?: number; limit: number },
): Promise<EntryPage> {
  const { db, viewer } = ctx;
  const cursor = readPointer(options.before);
  const tag = await getTagById({ db, viewer: null }, options.tagId);
  const page = cursor ? 0 : Math.min(options.page ?? 0, 50);
  const rows = await queries.selectTagEntryPage(db, {
    tagId: tag.id,
    tagEntryCount: tag.entriesCount,
    sort: options.sort,
    cursor,
    offset: page * options.limit,
    limit: options.limit,
    now: new Date(),
    viewerId: viewer?.id,
  });
  return {
    total: tag.entriesCount,
    entrylist: await hydrate(db, rows, viewer),
    pointer: pageOf(rows, options.sort, options.limit),
  };
}

/**
 * SPEC §7.3 get_entry_by_self: a user's entries (type post or article, or all), newest first by
 * default (entries_user_created_idx). `total` counts what the list selects: the author's
 * postedPostsCount and postedEntriesCount counters where they fit, else a count over the
 * author's index range. An unknown user is 404 此用户不存在.
 */
export async function listUserEntries(
  ctx: ReadCtx,
  options: { userId: string; type?: EntryType; sort: EntrySort; before?: string; limit: number },
): Promise<EntryPage> {
  const { db, viewer } = ctx;
  const cursor = readPointer(options.before);
  const now = new Date();
  const [counts, rows] = await Promise.all([
    queries.selectAuthorCounts(db, options.userId),
    queries.selectEntryPage(db, {
      userId: options.userId,
      type: options.type,
      sort: options.sort,
      cursor,
      limit: options.limit,
      now,
      viewerId: viewer?.id,
    }),
  ]);
  if (!counts) throw notFound('此用户不存在');
  const since = periodStart(options.sort, now);
  const commentedOnly = options.sort === 'comment';
  const total =
    since || commentedOnly || (options.type && options.type !== 'post')
      ? await queries.countEntries(db, { userId: options.userId, type: options.type, since, commentedOnly })
      : options.type === 'post'
        ? counts.postedPostsCount
        : counts.postedPostsCount + counts.postedEntriesCount;
  return {
    total,
    entrylist: await hydrate(db, rows, viewer),
    pointer: pageOf(rows, options.sort, options.limit),
  };
}

/**
 * SPEC §7.3 get_recommended_entry: three at a time from the popular ranking (entries_hot_idx),
 * whose score already lifts what an admin recommended (docs/ranking.md). The visitor (uid or
 * suid) decides only what is muted.
 */
export async function listRecommendedEntries(
  ctx: ReadCtx,
  options: { before?: string; limit: number },
): Promise<Omit<EntryPage, 'total'>> {
  const { db, viewer } = ctx;
  const cursor = readPointer(options.before);
  const rows = await queries.selectEntryPage(db, {
    sort: 'popular',
    cursor,
    limit: options.limit,
    now: new Date(),
    viewerId: viewer?.id,
  });
  return { entrylist: await hydrate(db, rows, viewer), pointer: pageOf(rows, 'popular', options.limit) };
}

/** SPEC §7.3: get_related_entry answers one related collection beside the entries. */
export const RELATED_COLLECTION_COUNT = 1;

/**
 * SPEC §7.3 get_related_entry for an entry id: newest entries of its category (4 or 5) and one
 * related collection (the most followed one holding the entry, else the author's own).
 */
export async function listRelatedEntriesOf(ctx: ReadCtx, options: { entryId: string; limit: number }) {
  const row = await queries.selectEntryById(ctx.db, options.entryId);
  if (!row) throw notFound('此文章不存在');
  const [entrylist, collections] = await Promise.all([
    listRelatedEntries(ctx, { entryId: row.id, categoryId: row.categoryId, limit: options.limit }),
    listRelatedCollections(ctx, { entryId: row.id, authorId: row.userId }),
  ]);
  return { entrylist, collections };
}

/** The related collection(s) of an entry, with their authors (placeholder when gone). */
export async function listRelatedCollections(
  ctx: Pick<Ctx, 'db'>,
  options: { entryId: string; authorId: string | null },
) {
  const rows = await queries.selectRelatedCollections(ctx.db, { ...options, limit: RELATED_COLLECTION_COUNT });
  const authors = await getUserBriefs(ctx, [...new Set(rows.map((r) => r.userId))]);
  const byId = new Map(authors.map((u) => [u.id, u]));
  return rows.map(({ userId, ...row }) => ({ ...row, user: byId.get(userId) ?? PLACEHOLDER_USER }));
}

export type RelatedCollection = Awaited<ReturnType<typeof listRelatedCollections>>[number];

/**
 * SPEC §7.3 getDetailData: type entry answers the entry with its content; type entryView the
 * reading view of it: id (the entryViewId), the entry id, its rendered content and view count.
 */
export async function getDetailData(ctx: ReadCtx, options: { type: 'entry' | 'entryView'; postId: string }) {
  const entry = await getEntry(ctx, options.postId);
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

/* ---- Writes ---- */

/**
 * Publishing, editing and deleting entries (SPEC §7.3 entryPublish, entryUpdate, entryDel).
 * Each is one transaction: the markdown is rendered once, the search vector is built with the
 * tokenizer, entry_tags are written and every counter that counts entries moves with them.
 * The share form, the editor and the API all come through here.
 */

/** `env` gives SITE_URL, so absolute addresses of this site are refused as images too. */
/** `adapters` (when given) queues the new-article mail of a published article. */
type WriteContext = Pick<Ctx, 'db' | 'viewer'> & Partial<Pick<Ctx, 'env' | 'adapters'>>;

function validate(input: EntryInput): ValidEntryInput {
  const parsed = entryInputSchema.safeParse(input);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? ENTRY_MESSAGES.titleRequired);
  return parsed.data;
}

/**
 * Everything derived from the input, computed before the transaction opens. Images must be our
 * uploads or other sites' (core/user-urls.ts): one pointing at this site's calls is refused.
 */
function prepare(input: ValidEntryInput, siteUrl: string | undefined) {
  const siteOrigin = siteUrl ? new URL(siteUrl).origin : undefined;
  const content = input.content.trim() === '' ? '' : input.content;
  const rendered = content ? renderMarkdown(content, { siteOrigin }) : null;
  if (rendered && rendered.blockedImages.length > 0) throw badRequest(ENTRY_MESSAGES.contentImageInvalid);
  if (input.screenshot && !isUserImageUrl(input.screenshot, siteOrigin)) {
    throw badRequest(ENTRY_MESSAGES.screenshotInvalid);
  }
  // A shared link to this site's own /api would act as the reader who follows it.
  if (input.originalUrl && !isSiteOrWebLink(input.originalUrl, siteOrigin)) throw badRequest(ENTRY_MESSAGES.urlInvalid);
  const abstract = input.abstract ? makeAbstract(input.abstract, 400) : rendered ? makeAbstract(rendered.summary) : '';
  return {
    type: input.type,
    title: input.title,
    content,
    contentHtml: rendered?.html ?? '',
    abstract,
    originalUrl: input.originalUrl ?? '',
    // Without a cover of its own, a feed row shows the article's first image (issue 12).
    screenshot: input.screenshot || rendered?.firstImage || '',
    categoryId: input.categoryId,
    isOriginal: input.isOriginal ?? !input.originalUrl,
    isEnglish: input.isEnglish ?? false,
    isGfw: input.isGfw ?? false,
    readingMinutes: rendered?.readingMinutes ?? 1,
    text: rendered?.text ?? '',
    tagIds: input.tagIds,
    voteOptions: input.voteOptions,
  };
}

/** The category and every tag must exist; returns the tags' titles for the search vector. */
async function checkTaxonomy(tx: Tx, prepared: ReturnType<typeof prepare>): Promise<string[]> {
  if (!(await queries.categoryExists(tx, prepared.categoryId))) throw badRequest(ENTRY_MESSAGES.categoryMissing);
  const found = await queries.selectTagTitles(tx, prepared.tagIds);
  if (found.length !== prepared.tagIds.length) throw badRequest(ENTRY_MESSAGES.tagMissing);
  return found.map((t) => t.title);
}

function searchVector(prepared: ReturnType<typeof prepare>, tagTitles: string[]) {
  return queries.searchVectorOf(toSearchText(prepared.title, prepared.abstract, prepared.text, ...tagTitles));
}

/** The columns an entry's input sets, on publish and on update alike. */
function entryColumns(prepared: ReturnType<typeof prepare>) {
  return {
    type: prepared.type,
    title: prepared.title,
    content: prepared.content,
    contentHtml: prepared.contentHtml,
    abstract: prepared.abstract,
    originalUrl: prepared.originalUrl,
    screenshot: prepared.screenshot,
    categoryId: prepared.categoryId,
    isOriginal: prepared.isOriginal,
    isEnglish: prepared.isEnglish,
    isGfw: prepared.isGfw,
    readingMinutes: prepared.readingMinutes,
  };
}

/** New-account limits (docs/trust-levels.md): a publish counts against the rate, an edit checks the links only. */
async function checkNewAccount(ctx: WriteContext, content: string, count: boolean) {
  if (!ctx.env || !ctx.adapters) return;
  await enforceNewAccountLimits({ ...ctx, env: ctx.env, adapters: ctx.adapters }, { action: 'entry', content, count });
}

export async function createEntry(ctx: WriteContext, input: EntryInput): Promise<{ id: string }> {
  const viewer = requireViewer(ctx.viewer);
  const prepared = prepare(validate(input), ctx.env?.SITE_URL);
  await checkNewAccount(ctx, prepared.content, true);
  const now = new Date();
  const id = newId(now.getTime());
  await ctx.db.transaction(async (tx) => {
    const tagTitles = await checkTaxonomy(tx, prepared);
    await queries.insertEntry(tx, {
      id,
      userId: viewer.id,
      ...entryColumns(prepared),
      createdAt: now,
      updatedAt: now,
    });
    await queries.upsertEntrySearch(tx, {
      entryId: id,
      userId: viewer.id,
      searchVector: searchVector(prepared, tagTitles),
    });
    await queries.refreshEntryHotScore(tx, id);
    await saveVoteOptions(
      { db: tx },
      { entryId: id, type: prepared.type, options: prepared.voteOptions, previousType: null },
    );
    await queries.insertEntryTags(tx, id, prepared.tagIds, now);
    await queries.addCategoryCount(tx, { categoryId: prepared.categoryId, type: prepared.type, commented: false }, 1);
    await queries.addTagCounts(tx, prepared.tagIds, 1);
    await queries.addAuthorPostedCount(tx, viewer.id, prepared.type, 1);
    // The author's followers who take article mails hear of it (server/jobs), if this commits.
    if (prepared.type === 'article') await ctx.adapters?.jobs.enqueue(tx, 'mail-article', { entryId: id });
  });
  await publishChange(ctx.db, { kind: 'content', what: 'entry', userId: viewer.id, id });
  return { id };
}

/** Loads the entry for a write (404) and checks that the viewer is its author or an admin (403). */
async function lockOwnEntry(tx: Tx, ctx: WriteContext, entryId: string) {
  const entry = await queries.lockEntry(tx, entryId);
  if (!entry) throw notFound('此文章不存在');
  if (!canEdit(requireViewer(ctx.viewer), entry)) throw forbidden('Forbidden');
  return entry;
}

export async function updateEntry(
  ctx: WriteContext,
  { entryId, input }: { entryId: string; input: EntryInput },
): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  if (!isValidId(entryId)) throw badRequest(INVALID_ID_MESSAGE);
  const prepared = prepare(validate(input), ctx.env?.SITE_URL);
  await checkNewAccount(ctx, prepared.content, false);
  await ctx.db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, ctx, entryId);
    const tagTitles = await checkTaxonomy(tx, prepared);
    await saveVoteOptions(
      { db: tx },
      {
        entryId,
        type: prepared.type,
        options: prepared.voteOptions,
        previousType: entry.type,
      },
    );
    const before = await queries.selectEntryTagIds(tx, entryId);
    const removed = before.filter((id) => !prepared.tagIds.includes(id));
    const added = prepared.tagIds.filter((id) => !before.includes(id));
    await queries.updateEntryColumns(tx, entryId, { ...entryColumns(prepared), updatedAt: new Date() });
    // A hidden entry has no search row (moveEntryVisibility); its restore writes one from the edited text.
    if (!entry.hiddenAt) {
      await queries.upsertEntrySearch(tx, {
        entryId,
        userId: entry.userId,
        searchVector: searchVector(prepared, tagTitles),
      });
    }
    await queries.deleteEntryTags(tx, entryId, removed);
    await queries.insertEntryTags(tx, entryId, added, entry.createdAt);
    // A hidden entry is in none of the public counters (moveEntryVisibility): an edit moves none.
    if (entry.hiddenAt) return;
    await queries.addTagCounts(tx, removed, -1);
    await queries.addTagCounts(tx, added, 1);
    if (entry.categoryId !== prepared.categoryId || entry.type !== prepared.type) {
      const commented = entry.latestCommentAt !== null;
      await queries.addCategoryCount(tx, { categoryId: entry.categoryId, type: entry.type, commented }, -1);
      await queries.addCategoryCount(tx, { categoryId: prepared.categoryId, type: prepared.type, commented }, 1);
    }
    if (entry.userId && (entry.type === 'post') !== (prepared.type === 'post')) {
      await queries.addAuthorPostedCount(tx, entry.userId, entry.type, -1);
      await queries.addAuthorPostedCount(tx, entry.userId, prepared.type, 1);
    }
  });
  await publishChange(ctx.db, { kind: 'content', what: 'entry', userId: viewer.id, id: entryId });
}

export async function deleteEntry(ctx: WriteContext, entryId: string): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  if (!isValidId(entryId)) throw badRequest(INVALID_ID_MESSAGE);
  await ctx.db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, ctx, entryId);
    const tagIds = await queries.selectEntryTagIds(tx, entryId);
    // Content first (the entry, its tag and category counters), then every person whose
    // counters drop, in id order (lockUsers). A hidden entry already left the public counters.
    const visible = !entry.hiddenAt;
    const commented = entry.latestCommentAt !== null;
    if (visible) {
      await queries.addTagCounts(tx, tagIds, -1);
      await queries.addCategoryCount(tx, { categoryId: entry.categoryId, type: entry.type, commented }, -1);
    }
    await lockUsers({ db: tx }, [entry.userId, ...(await queries.selectEntryPeople(tx, entryId))]);
    await queries.releaseEntryCounters(tx, entryId, entry.userId, !visible);
    if (entry.userId && visible) await queries.addAuthorPostedCount(tx, entry.userId, entry.type, -1);
    // entry_tags, entry_likes, entry_views and collection_entries go by cascade.
    await queries.deleteEntryRow(tx, entryId);
  });
  await publishChange(ctx.db, { kind: 'content', what: 'entry', userId: viewer.id, id: entryId });
}

/**
 * Recomputes an entry's hot score after a count it reads moved (a like, a view, a comment), in
 * the caller's transaction; returns the entry's counts (none when it is gone).
 */
export async function rescoreEntry(ctx: TxCtx, entryId: string) {
  return queries.refreshEntryHotScore(ctx.db, entryId);
}

/**
 * Hiding (-1) or restoring (+1) an entry, in the moderation transaction that changes hidden_at
 * (the entry row already locked): the counters the public reads count visible entries only, so
 * its category's and tags' entry counts and its author's posted count move with it, and search
 * finds visible entries only (its entry_search row goes, and is written again on restore); its
 * likers' liked-entries counts (the 赞 tab) move too. The collections' entry counts are moved by
 * the collections module (moderation calls both); comments stay as they are.
 */
export async function moveEntryVisibility(
  ctx: TxCtx,
  { entryId, delta }: { entryId: string; delta: 1 | -1 },
): Promise<void> {
  const tx = ctx.db;
  const entry = await queries.lockEntry(tx, entryId);
  if (!entry) return;
  const tagIds = await queries.selectEntryTagIds(tx, entryId);
  if (delta === -1) {
    await queries.deleteEntrySearch(tx, entryId);
  } else {
    const source = await queries.selectEntrySearchSource(tx, entryId);
    const tagTitles = (await queries.selectTagTitles(tx, tagIds)).map((t) => t.title);
    const text = source?.content ? renderMarkdown(source.content).text : '';
    await queries.upsertEntrySearch(tx, {
      entryId,
      userId: entry.userId,
      searchVector: queries.searchVectorOf(
        toSearchText(source?.title ?? '', source?.abstract ?? '', text, ...tagTitles),
      ),
    });
    await queries.refreshEntryHotScore(tx, entryId);
  }
  await queries.addTagCounts(tx, tagIds, delta);
  const commented = entry.latestCommentAt !== null;
  await queries.addCategoryCount(tx, { categoryId: entry.categoryId, type: entry.type, commented }, delta);
  await lockUsers({ db: tx }, [entry.userId, ...(await queries.selectEntryLikerIds(tx, entryId))]);
  if (entry.userId) await queries.addAuthorPostedCount(tx, entry.userId, entry.type, delta);
  await queries.addLikerCounts(tx, entryId, delta);
}

/** SPEC §4 recommend / unrecommend (admins and editors): sets hot, which also lifts the hot score; audited. */
export async function setEntryHot(
  ctx: WriteContext,
  { entryId, hot }: { entryId: string; hot: boolean },
): Promise<{ hot: boolean }> {
  const viewer = requireViewer(ctx.viewer);
  if (!canRecommend(viewer)) throw forbidden();
  if (!isValidId(entryId)) throw badRequest(INVALID_ID_MESSAGE);
  await ctx.db.transaction(async (tx) => {
    const updated = await queries.setEntryHot(tx, entryId, hot);
    if (updated.length === 0) throw notFound('此文章不存在');
    await queries.refreshEntryHotScore(tx, entryId);
    await audit(
      { db: tx },
      { actor: viewer, action: hot ? 'recommend' : 'unrecommend', targetType: 'entry', targetId: entryId },
    );
  });
  await publishChange(ctx.db, { kind: 'content', what: 'entry', userId: ctx.viewer?.id ?? '', id: entryId });
  return { hot };
}

/** SPEC §7.3 get_entry_by_url: the entry that already shares this URL (entries_original_url_idx), or null. */
export async function findEntryIdByUrl(ctx: Pick<Ctx, 'db'>, url: string): Promise<string | null> {
  const value = url.trim();
  if (!value) return null;
  return queries.selectEntryIdByUrl(ctx.db, value);
}

/** The flags the share form edits that the entry's public shape does not carry. */
export async function getEntryFlags(ctx: Pick<Ctx, 'db'>, entryId: string) {
  return (await queries.selectEntryFlags(ctx.db, entryId)) ?? { isGfw: false, isEnglish: false };
}
