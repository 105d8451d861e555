import { apiFetch } from '~/lib/api-client.ts';

/** The draft fields the editor edits and autosaves (server/modules/drafts). */
export interface DraftFields {
  title: string;
  content: string;
  abstract: string;
  coverImage: string;
  categoryId: string | null;
  tagIds: string[];
  type: 'article' | 'post';
}

export interface TagBrief {
  id: string;
  title: string;
  icon: string;
}

export interface CategoryOption {
  id: string;
  name: string;
  title: string;
}

export interface DraftListItem {
  id: string;
  entryId: string | null;
  title: string;
  excerpt: string;
  type: string;
  createdAt: string;
  updatedAt: string;
}

export interface DraftPage {
  list: DraftListItem[];
  pointer: string | null;
}

export const EMPTY_DRAFT: DraftFields = {
  title: '',
  content: '',
  abstract: '',
  coverImage: '',
  categoryId: null,
  tagIds: [],
  type: 'article',
};

export function createDraft(fields: Partial<DraftFields> & { entryId?: string }) {
  return apiFetch<{ id: string; updatedAt: string }>('/api/draft/create', { json: fields });
}

export function updateDraft(draftId: string, fields: Partial<DraftFields>) {
  return apiFetch<{ id: string; updatedAt: string }>('/api/draft/update', { json: { draftId, ...fields } });
}

/**
 * A save that outlives the page (reload, tab closed): a keepalive request the browser finishes
 * on its own. Nothing comes back, so the caller cannot learn a new draft's id from it.
 */
export function saveOnUnload(draftId: string | null, fields: Partial<DraftFields> & { entryId?: string }): void {
  const [path, body] = draftId ? ['/api/draft/update', { draftId, ...fields }] : ['/api/draft/create', fields];
  void fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    credentials: 'same-origin',
    keepalive: true,
  }).catch(() => {});
}

export function deleteDraft(draftId: string) {
  return apiFetch<{ id: string }>('/api/draft/delete', { json: { draftId } });
}

export function listDrafts(before: string) {
  return apiFetch<DraftPage>(`/api/draft/list?before=${encodeURIComponent(before)}`);
}

export function publishDraft(
  draftId: string,
  choices: Pick<DraftFields, 'categoryId' | 'tagIds' | 'abstract' | 'coverImage' | 'type'>,
) {
  return apiFetch<{ entryId: string; type: string; url: string }>('/api/draft/publish', {
    json: { draftId, ...choices },
  });
}

export function renderPreview(content: string, signal: AbortSignal) {
  return apiFetch<{ html: string }>('/api/draft/preview', { json: { content }, signal });
}

export function searchTags(keyword: string, signal?: AbortSignal) {
  return apiFetch<{ tags: TagBrief[] }>(`/api/draft/tags?keyword=${encodeURIComponent(keyword)}`, { signal });
}
