import { redirect, type AppLoadContext } from 'react-router';
import { isAppError } from '@server/http/errors.ts';
import { getDraft, listDrafts, openEntryForEditing, previewMarkdown } from '@server/modules/drafts/drafts.service.ts';
import { DRAFT_LIMITS, DRAFT_MESSAGES } from '@server/modules/drafts/drafts.schemas.ts';
import { getCategoryIndex } from '@server/modules/tags/tags.service.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { EMPTY_DRAFT, type DraftFields } from './editor-api.ts';

async function categoryOptions(context: AppLoadContext) {
  const { list } = await getCategoryIndex(context);
  return list.map(({ id, name, title }) => ({ id, name, title }));
}

/** /editor/drafts/new: an empty editor; the first autosave creates the draft. */
export async function loadNewDraft(context: AppLoadContext) {
  requireSignedIn(context);
  return {
    draftId: null,
    entryId: null,
    initial: EMPTY_DRAFT,
    tags: [],
    html: '',
    categories: await categoryOptions(context),
  };
}

type Draft = Awaited<ReturnType<typeof getDraft>>;

/** The editor's state for a saved draft (of a new article, or of a published one: `entryId`). */
function draftState<EntryId extends string | null>(
  context: AppLoadContext,
  draft: Draft,
  entryId: EntryId,
  categories: Awaited<ReturnType<typeof categoryOptions>>,
) {
  return {
    draftId: draft.id,
    entryId,
    initial: {
      title: draft.title,
      content: draft.content,
      abstract: draft.abstract,
      coverImage: draft.coverImage,
      categoryId: draft.categoryId,
      tagIds: draft.tagIds,
      type: draft.type === 'post' ? 'post' : 'article',
    } satisfies DraftFields,
    tags: draft.tags,
    html: previewMarkdown(context, draft.content).html,
    categories,
  };
}

/** /editor/drafts/{id}: the viewer's draft (403 for other people's, admin passes). */
export async function loadDraft(context: AppLoadContext, draftId: string) {
  requireSignedIn(context);
  const draft = await fromService(getDraft(context, draftId));
  return draftState(context, draft, draft.entryId, await categoryOptions(context));
}

/**
 * /editor/posts/{id}: a published entry for its author (or an admin). An open draft of it comes
 * back as it was left; shared links are edited on their own page.
 */
export async function loadPostForEditing(context: AppLoadContext, entryId: string) {
  requireSignedIn(context);
  const opened = await fromService(
    openEntryForEditing(context, entryId).catch((error: unknown) => {
      if (isAppError(error) && error.message === DRAFT_MESSAGES.linkEntry) throw redirect(`/edit-entry/${entryId}`);
      throw error;
    }),
  );
  const categories = await categoryOptions(context);
  if (opened.draft) return draftState(context, opened.draft, entryId, categories);
  const entry = opened.entry;
  return {
    draftId: null,
    entryId,
    initial: entry.fields satisfies DraftFields,
    tags: entry.tags,
    html: previewMarkdown(context, entry.fields.content).html,
    categories,
  };
}

/** /editor/drafts: the first page of the viewer's drafts, last edited first. */
export async function loadDraftList(context: AppLoadContext) {
  requireSignedIn(context);
  return fromService(listDrafts(context, { limit: DRAFT_LIMITS.pageSize }));
}
