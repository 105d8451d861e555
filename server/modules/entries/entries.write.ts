/**
 * Publishing, editing and deleting entries (SPEC §7.3 entryPublish, entryUpdate, entryDel).
 * Each is one transaction: the markdown is rendered once, the search vector is built with the
 * tokenizer, entry_tags are written and every counter that counts entries moves with them.
 * The share form, the editor and the API all come through here.
 */
import { sql } from 'drizzle-orm';
import { type EntryInput, ENTRY_MESSAGES, entryInputSchema, type ValidEntryInput } from '@core/entry-input.ts';
import { isValidId, newId } from '@core/ids.ts';
import { isUserImageUrl } from '@core/user-urls.ts';
import type { Tx } from '@db/client.ts';
import { toSearchText } from '../../adapters/tokenizer.ts';
import type { RequestContext } from '../../http/context.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireRole, requireViewer } from '../auth/auth.policy.ts';
import { makeAbstract, renderMarkdown } from '../../markdown/markdown.ts';
import * as queries from './entries.write.queries.ts';
import { refreshEntryHotScore } from '@db/ranking.ts';

export type { EntryInput } from '@core/entry-input.ts';

/** `env` gives SITE_URL, so absolute addresses of this site are refused as images too. */
type WriteContext = Pick<RequestContext, 'db' | 'viewer'> & Partial<Pick<RequestContext, 'env'>>;

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
  const abstract = input.abstract ? makeAbstract(input.abstract, 400) : rendered ? makeAbstract(rendered.text) : '';
  return {
    type: input.type,
    title: input.title,
    content,
    contentHtml: rendered?.html ?? '',
    abstract,
    originalUrl: input.originalUrl ?? '',
    screenshot: input.screenshot ?? '',
    categoryId: input.categoryId,
    isOriginal: input.isOriginal ?? !input.originalUrl,
    isEnglish: input.isEnglish ?? false,
    isGfw: input.isGfw ?? false,
    readingMinutes: rendered?.readingMinutes ?? 1,
    text: rendered?.text ?? '',
    tagIds: input.tagIds,
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
  const text = toSearchText(prepared.title, prepared.abstract, prepared.text, ...tagTitles);
  return sql`to_tsvector('simple', ${text})`;
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

export async function createEntry(ctx: WriteContext, input: EntryInput): Promise<{ id: string }> {
  const viewer = requireViewer(ctx.viewer);
  const prepared = prepare(validate(input), ctx.env?.SITE_URL);
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
    await refreshEntryHotScore(tx, id);
    await queries.insertEntryTags(tx, id, prepared.tagIds, now);
    await queries.addCategoryCount(tx, prepared.categoryId, 1);
    await queries.addTagCounts(tx, prepared.tagIds, 1);
    await queries.addAuthorPostedCount(tx, viewer.id, prepared.type, 1);
  });
  return { id };
}

/** Loads the entry for a write (404) and checks that the viewer is its author or an admin (403). */
async function lockOwnEntry(tx: Tx, ctx: WriteContext, entryId: string) {
  const entry = await queries.lockEntry(tx, entryId);
  if (!entry) throw notFound('此文章不存在');
  requireRole(ctx.viewer, { id: entry.userId ?? undefined, roles: entry.userId ? undefined : ['admin'] });
  return entry;
}

export async function updateEntry(ctx: WriteContext, entryId: string, input: EntryInput): Promise<void> {
  requireViewer(ctx.viewer);
  if (!isValidId(entryId)) throw badRequest('invalid id');
  const prepared = prepare(validate(input), ctx.env?.SITE_URL);
  await ctx.db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, ctx, entryId);
    const tagTitles = await checkTaxonomy(tx, prepared);
    const before = await queries.selectEntryTagIds(tx, entryId);
    const removed = before.filter((id) => !prepared.tagIds.includes(id));
    const added = prepared.tagIds.filter((id) => !before.includes(id));
    await queries.updateEntryColumns(tx, entryId, { ...entryColumns(prepared), updatedAt: new Date() });
    await queries.upsertEntrySearch(tx, {
      entryId,
      userId: entry.userId,
      searchVector: searchVector(prepared, tagTitles),
    });
    await queries.deleteEntryTags(tx, entryId, removed);
    await queries.addTagCounts(tx, removed, -1);
    await queries.insertEntryTags(tx, entryId, added, entry.createdAt);
    await queries.addTagCounts(tx, added, 1);
    if (entry.categoryId !== prepared.categoryId) {
      await queries.addCategoryCount(tx, entry.categoryId, -1);
      await queries.addCategoryCount(tx, prepared.categoryId, 1);
    }
    if (entry.userId && (entry.type === 'post') !== (prepared.type === 'post')) {
      await queries.addAuthorPostedCount(tx, entry.userId, entry.type, -1);
      await queries.addAuthorPostedCount(tx, entry.userId, prepared.type, 1);
    }
  });
}

export async function deleteEntry(ctx: WriteContext, entryId: string): Promise<void> {
  requireViewer(ctx.viewer);
  if (!isValidId(entryId)) throw badRequest('invalid id');
  await ctx.db.transaction(async (tx) => {
    const entry = await lockOwnEntry(tx, ctx, entryId);
    const tagIds = await queries.selectEntryTagIds(tx, entryId);
    await queries.releaseEntryCounters(tx, entryId, entry.userId);
    await queries.addTagCounts(tx, tagIds, -1);
    await queries.addCategoryCount(tx, entry.categoryId, -1);
    if (entry.userId) await queries.addAuthorPostedCount(tx, entry.userId, entry.type, -1);
    // entry_tags, entry_likes, entry_views and collection_entries go by cascade.
    await queries.deleteEntryRow(tx, entryId);
  });
}

/** SPEC §4 recommend / unrecommend (admins only): sets hot, which also lifts the hot score. */
export async function setEntryHot(ctx: WriteContext, entryId: string, hot: boolean): Promise<{ hot: boolean }> {
  requireRole(ctx.viewer, { roles: ['admin'] });
  if (!isValidId(entryId)) throw badRequest('invalid id');
  await ctx.db.transaction(async (tx) => {
    const updated = await queries.setEntryHot(tx, entryId, hot);
    if (updated.length === 0) throw notFound('此文章不存在');
    await refreshEntryHotScore(tx, entryId);
  });
  return { hot };
}

/** SPEC §7.3 get_entry_by_url: the entry that already shares this URL (entries_original_url_idx), or null. */
export async function findEntryIdByUrl(ctx: Pick<RequestContext, 'db'>, url: string): Promise<string | null> {
  const value = url.trim();
  if (!value) return null;
  return queries.selectEntryIdByUrl(ctx.db, value);
}

/** The flags the share form edits that the entry's public shape does not carry. */
export async function getEntryFlags(ctx: Pick<RequestContext, 'db'>, entryId: string) {
  return (await queries.selectEntryFlags(ctx.db, entryId)) ?? { isGfw: false, isEnglish: false };
}
