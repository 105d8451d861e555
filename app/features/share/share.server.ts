import { PAGE_SIZE } from '@core/constants.ts';
import { data, redirect, type AppLoadContext } from 'react-router';
import { getEntry, listUserEntries } from '@server/modules/entries/entries.service.ts';
import { getEntryFlags } from '@server/modules/entries/entries.service.ts';
import { getCategoryIndex } from '@server/modules/tags/tags.service.ts';
import { getVoteResults } from '@server/modules/votes/votes.service.ts';
import { editHref, editedInShareForm } from '~/lib/links.ts';
import { readPointer } from '~/lib/list-params.ts';
import { fromService, requireIdParam, requireSignedIn } from '~/lib/route-guards.server.ts';
import { EMPTY_VOTE_OPTIONS, type ShareCategory, type ShareFormValues } from './share-form.tsx';
import { canEdit } from '@server/modules/entries/entries.policy.ts';

async function shareCategories(context: AppLoadContext): Promise<ShareCategory[]> {
  const { list } = await getCategoryIndex(context);
  return list.map(({ id, name, title }) => ({ id, name, title }));
}

/** /new-entry (shareEntry): signed-in only. */
export async function loadShareNew(context: AppLoadContext) {
  requireSignedIn(context);
  return { categories: await shareCategories(context) };
}

/**
 * /edit-entry/{id}: a shared link or a vote, for its author or an admin; others get 403
 * 'Forbidden' (SPEC §6). Written articles and column posts are edited in the editor, so their
 * authors go to /editor/posts/{id}.
 */
export async function loadShareEdit(context: AppLoadContext, rawId: string | undefined) {
  const viewer = requireSignedIn(context);
  const id = requireIdParam(rawId);
  const { content, ...entry } = await fromService(getEntry(context, id));
  if (!canEdit(viewer, { userId: entry.user.id })) throw data({ message: 'Forbidden' }, { status: 403 });
  if (!editedInShareForm(entry)) throw redirect(editHref(entry));
  const [flags, vote] = await Promise.all([
    getEntryFlags(context, entry.id),
    entry.type === 'vote' ? fromService(getVoteResults({ db: context.db, viewer: null }, entry.id)) : null,
  ]);
  const initial: ShareFormValues = {
    originalUrl: entry.originalUrl,
    title: entry.title,
    abstract: entry.abstract,
    screenshot: entry.screenshot,
    categoryId: entry.category.id,
    tags: entry.tags.map(({ id: tagId, title }) => ({ id: tagId, title })),
    vote: entry.type === 'vote',
    voteOptions: vote?.options.map((option) => option.title) ?? EMPTY_VOTE_OPTIONS,
    votesCast: (vote?.voterCount ?? 0) > 0,
    content,
    original: entry.isOriginal,
    gfw: flags.isGfw,
    english: flags.isEnglish,
  };
  return { categories: await shareCategories(context), entryId: entry.id, initial };
}

/** /published: the viewer's own entries, newest first, a keyset page at a time (?pointer=). */
export async function loadPublished(context: AppLoadContext, url: URL) {
  const viewer = requireSignedIn(context);
  const page = await fromService(
    listUserEntries(context, { userId: viewer.id, sort: 'newest', before: readPointer(url), limit: PAGE_SIZE.feed }),
  );
  return { entrylist: page.entrylist, pointer: page.pointer };
}
