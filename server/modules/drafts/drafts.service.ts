import type { Ctx } from '../../http/context.ts';
import { collapseWhitespace } from '@core/format.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { nextPointer, readPointer } from '../../http/cursor.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { requireViewer, type Viewer } from '../auth/auth.policy.ts';
import { renderMarkdown } from '../../markdown/markdown.ts';
import { createEntry, type EntryInput, updateEntry } from '../entries/entries.service.ts';
import { getCategoryIndex } from '../tags/tags.service.ts';
import * as queries from './drafts.queries.ts';
import {
  type CreateDraftInput,
  DRAFT_LIMITS,
  DRAFT_MESSAGES,
  type PublishDraftInput,
  type UpdateDraftInput,
} from './drafts.schemas.ts';
import { publishChange } from '../../adapters/changes.ts';
import { canEdit } from './drafts.policy.ts';
import { canEdit as canEditEntry } from '../entries/entries.policy.ts';

type DraftContext = Pick<Ctx, 'db' | 'viewer'> & Partial<Pick<Ctx, 'env' | 'adapters'>>;

async function loadOwnDraft(db: Db, viewer: Viewer, draftId: string): Promise<queries.DraftRow> {
  const draft = await queries.selectDraftById(db, draftId);
  if (!draft) throw notFound(DRAFT_MESSAGES.draftMissing);
  if (!canEdit(viewer, draft)) throw forbidden();
  return draft;
}

async function view(db: Db, draft: queries.DraftRow) {
  const tagRows = await queries.selectTagsByIds(db, draft.tagIds);
  const byId = new Map(tagRows.map((t) => [t.id, t]));
  const tags = draft.tagIds.map((id) => byId.get(id)).filter((t) => t !== undefined);
  return {
    ...draft,
    // Tags deleted since the draft was saved drop out.
    tagIds: tags.map((t) => t.id),
    tags,
    createdAt: draft.createdAt.toISOString(),
    updatedAt: draft.updatedAt.toISOString(),
  };
}

export type DraftView = Awaited<ReturnType<typeof view>>;

/** Checks that a category and tags exist, so a draft never holds what publishing would refuse. */
async function checkReferences(db: Db, input: { categoryId?: string | null; tagIds?: string[] }) {
  if (input.categoryId) {
    const categories = await getCategoryIndex({ db });
    if (!categories.byKey.has(input.categoryId)) throw badRequest(DRAFT_MESSAGES.categoryMissing);
  }
  if (input.tagIds && input.tagIds.length > 0) {
    const unique = [...new Set(input.tagIds)];
    if (unique.length > DRAFT_LIMITS.tagsMax) throw badRequest(DRAFT_MESSAGES.tagsTooMany);
    const found = await queries.selectTagsByIds(db, unique);
    if (found.length !== unique.length) throw badRequest(DRAFT_MESSAGES.tagMissing);
  }
}

/** The entry a draft edits, checked: it exists, it is a written one, and the viewer may edit it. */
export async function loadEditableEntry(ctx: Pick<Ctx, 'db' | 'viewer'>, entryId: string) {
  const { db, viewer } = ctx;
  const entry = await queries.selectEntryForEditing(db, entryId);
  if (!entry) throw notFound(DRAFT_MESSAGES.entryMissing);
  if (!canEditEntry(viewer, entry)) throw forbidden();
  // Shared links and votes keep their URL and flags on the share form (/edit-entry/{id}).
  if (entry.originalUrl !== '' || entry.type === 'vote') throw badRequest(DRAFT_MESSAGES.linkEntry);
  return entry;
}

/**
 * A new draft. With `entryId` it starts as a copy of that published entry, so that autosave
 * never touches the live article until it is published again.
 */
export async function createDraft(ctx: DraftContext, input: CreateDraftInput): Promise<DraftView> {
  const viewer = requireViewer(ctx.viewer);
  await checkReferences(ctx.db, input);
  let base: Partial<queries.DraftRow> = {};
  if (input.entryId) {
    const entry = await loadEditableEntry({ db: ctx.db, viewer }, input.entryId);
    // One open draft per edited entry: a second create (another tab, a save sent while leaving) joins it.
    const open = await queries.selectDraftForEntry(ctx.db, viewer.id, entry.id);
    if (open) {
      const { entryId: _entry, ...changes } = input;
      const values = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const row = await queries.updateDraftRow(ctx.db, open.id, { ...values, updatedAt: new Date() });
      return view(ctx.db, row ?? open);
    }
    base = {
      entryId: entry.id,
      title: entry.title,
      content: entry.content,
      abstract: entry.abstract,
      coverImage: entry.screenshot,
      categoryId: entry.categoryId,
      tagIds: entry.tagIds,
      type: entry.type === 'post' ? 'post' : 'article',
    };
  }
  const { entryId: _entryId, ...fields } = input;
  const row = await queries.insertDraft(ctx.db, {
    ...base,
    ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
    id: newId(),
    userId: viewer.id,
  });
  return view(ctx.db, row);
}

/** Saves the fields given; the autosave sends only what changed. */
export async function updateDraft(ctx: DraftContext, input: UpdateDraftInput) {
  const viewer = requireViewer(ctx.viewer);
  const { draftId, ...fields } = input;
  await loadOwnDraft(ctx.db, viewer, draftId);
  await checkReferences(ctx.db, fields);
  const values = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  const row = await queries.updateDraftRow(ctx.db, draftId, { ...values, updatedAt: new Date() });
  if (!row) throw notFound(DRAFT_MESSAGES.draftMissing);
  return { id: row.id, updatedAt: row.updatedAt.toISOString() };
}

export async function getDraft(ctx: DraftContext, draftId: string): Promise<DraftView> {
  const viewer = requireViewer(ctx.viewer);
  return view(ctx.db, await loadOwnDraft(ctx.db, viewer, draftId));
}

/** The open draft editing a published entry, if its author (or admin) has one. */
export async function findDraftForEntry(ctx: DraftContext, entryId: string): Promise<DraftView | null> {
  const viewer = requireViewer(ctx.viewer);
  const row = await queries.selectDraftForEntry(ctx.db, viewer.id, entryId);
  return row ? view(ctx.db, row) : null;
}

/** The start of a draft's Markdown as plain words for the list: fences and line markers dropped. */
function plainExcerpt(markdown: string): string {
  return collapseWhitespace(
    markdown
      .replace(/^\s*(`{3,}|~{3,}).*$/gm, ' ')
      .replace(/^\s*(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
      .replace(/!\[[^\]]*\]\([^)]*\)/g, ' ')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/[*_`~]+/g, ''),
  );
}

export async function listDrafts(ctx: DraftContext, options: { before?: string; limit: number }) {
  const viewer = requireViewer(ctx.viewer);
  const cursor = readPointer(options.before);
  const rows = await queries.selectDraftPage(ctx.db, {
    userId: viewer.id,
    cursor,
    limit: options.limit,
  });
  return {
    list: rows.map((row) => ({
      ...row,
      excerpt: plainExcerpt(row.excerpt),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    })),
    pointer: nextPointer(rows, options.limit, (row) => [row.updatedAt, row.id]),
  };
}

export async function deleteDraft(ctx: DraftContext, draftId: string) {
  const viewer = requireViewer(ctx.viewer);
  await loadOwnDraft(ctx.db, viewer, draftId);
  if (!(await queries.deleteDraftRow(ctx.db, draftId))) throw notFound(DRAFT_MESSAGES.draftMissing);
  return { id: draftId };
}

/** The rules publishing adds to a draft's own: title, body, a category and 1–3 tags. */
function publishInput(draft: queries.DraftRow): EntryInput {
  const title = draft.title.trim();
  if (!title) throw badRequest(DRAFT_MESSAGES.titleRequired);
  if (!draft.content.trim()) throw badRequest(DRAFT_MESSAGES.contentRequired);
  if (!draft.categoryId) throw badRequest(DRAFT_MESSAGES.categoryRequired);
  const tagIds = [...new Set(draft.tagIds)];
  if (tagIds.length < DRAFT_LIMITS.tagsMin) throw badRequest(DRAFT_MESSAGES.tagsRequired);
  if (tagIds.length > DRAFT_LIMITS.tagsMax) throw badRequest(DRAFT_MESSAGES.tagsTooMany);
  return {
    type: draft.type === 'post' ? 'post' : 'article',
    title,
    content: draft.content,
    abstract: draft.abstract.trim() || undefined,
    screenshot: draft.coverImage || undefined,
    categoryId: draft.categoryId,
    tagIds,
    isOriginal: true,
  };
}

/**
 * Publishes a draft: a new entry, or an update of the entry it edits. The dialog's choices are
 * saved to the draft first (so a refused publish keeps them); the entry write and the removal
 * of the draft happen in one transaction.
 */
export async function publishDraft(ctx: DraftContext, input: PublishDraftInput) {
  const viewer = requireViewer(ctx.viewer);
  const { draftId, ...choices } = input;
  const draft = await loadOwnDraft(ctx.db, viewer, draftId);
  await checkReferences(ctx.db, choices);
  const changed = Object.fromEntries(Object.entries(choices).filter(([, v]) => v !== undefined));
  const merged: queries.DraftRow = { ...draft, ...changed };
  if (Object.keys(changed).length > 0) {
    await queries.updateDraftRow(ctx.db, draftId, { ...changed, updatedAt: new Date() });
  }
  let entryInput = publishInput(merged);
  if (merged.entryId) {
    // An edit keeps the entry's flags, which the editor does not show.
    const entry = await loadEditableEntry({ db: ctx.db, viewer }, merged.entryId);
    entryInput = { ...entryInput, isOriginal: entry.isOriginal, isEnglish: entry.isEnglish, isGfw: entry.isGfw };
  }
  // A new entry belongs to the draft's writer, also when an admin publishes it for them.
  const author = merged.entryId || draft.userId === viewer.id ? viewer : { ...viewer, id: draft.userId };
  const published = await ctx.db.transaction(async (tx) => {
    const txCtx = { db: tx, viewer: author, env: ctx.env, adapters: ctx.adapters };
    let entryId: string;
    if (merged.entryId) {
      await updateEntry(txCtx, { entryId: merged.entryId, input: entryInput });
      entryId = merged.entryId;
    } else {
      entryId = (await createEntry(txCtx, entryInput)).id;
    }
    if (!(await queries.deleteDraftRow(txCtx.db, draftId))) throw notFound(DRAFT_MESSAGES.draftMissing);
    return entryId;
  });
  // The entry write told other processes on commit; this one learns it now.
  await publishChange(ctx.db, { kind: 'content', what: 'entry', userId: viewer.id, id: published });
  return { entryId: published, type: entryInput.type, url: `/post/${published}` };
}

/** The editor's live preview: the publishing renderer, so what is seen is what is published. */
export function previewMarkdown(ctx: DraftContext, content: string) {
  requireViewer(ctx.viewer);
  return { html: renderMarkdown(content, { siteOrigin: ctx.env && new URL(ctx.env.SITE_URL).origin }).html };
}

export async function searchTags(ctx: DraftContext, keyword: string) {
  requireViewer(ctx.viewer);
  const rows = keyword
    ? await queries.searchTagsByTitle(ctx.db, keyword, DRAFT_LIMITS.tagSearch)
    : await queries.selectPopularTags(ctx.db, DRAFT_LIMITS.tagSearch);
  return { tags: rows.map(({ id, title, icon }) => ({ id, title, icon })) };
}

/**
 * What the editor opens for a published entry (/editor/posts/{id}): the viewer's open draft of
 * it if there is one, else the entry's own fields, from which the first autosave makes a draft.
 */
export async function openEntryForEditing(ctx: DraftContext, entryId: string) {
  const viewer = requireViewer(ctx.viewer);
  const entry = await loadEditableEntry({ db: ctx.db, viewer }, entryId);
  const existing = await queries.selectDraftForEntry(ctx.db, viewer.id, entryId);
  if (existing) return { draft: await view(ctx.db, existing), entry: null };
  const tagRows = await queries.selectTagsByIds(ctx.db, entry.tagIds);
  return {
    draft: null,
    entry: {
      id: entry.id,
      fields: {
        title: entry.title,
        content: entry.content,
        abstract: entry.abstract,
        coverImage: entry.screenshot,
        categoryId: entry.categoryId as string | null,
        tagIds: tagRows.map((t) => t.id),
        type: entry.type === 'post' ? ('post' as const) : ('article' as const),
      },
      tags: tagRows,
    },
  };
}
