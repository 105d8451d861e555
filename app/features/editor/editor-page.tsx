import type { EditorView } from '@codemirror/view';
import { ENTRY_LIMITS, ENTRY_MESSAGES } from '@core/entry-input.ts';
import { FileText } from '~/ui/icons.tsx';
import { lazy, useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '~/lib/api-client.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { uploadImage } from '~/lib/upload-image.ts';
import { type CategoryOption, type DraftFields, publishDraft, type TagBrief } from './editor-api.ts';
import { cursorOf, insertPlaceholder, resolvePlaceholder } from './image-insert.ts';
import { PublishDialog, type PublishChoices } from './publish-dialog.tsx';
import { useAutosave } from './use-autosave.ts';
import { usePreview } from './use-preview.ts';
import { MarkdownWorkspace, saveStatusText } from '~/ui/markdown-workspace.tsx';

const MarkdownEditor = lazy(() => import('./markdown-editor.tsx'));

export interface EditorPageProps {
  /** The draft being edited; null for a new one (created by the first save). */
  draftId: string | null;
  /** Set when editing a published entry (/editor/posts/{id}). */
  entryId?: string;
  /** What the server holds now, and so what the editor starts with. */
  initial: DraftFields;
  initialTags: TagBrief[];
  /** The server's rendering of the initial content. */
  initialHtml: string;
  categories: CategoryOption[];
}

const IDLE_TEXT = '文章将自动保存至草稿箱';

/**
 * The writing screen: title, Markdown source (CodeMirror) beside the live preview, image upload
 * by paste, drop and button, autosave, and the publish dialog. Fills the window under the header.
 */
export function EditorPage({ draftId, entryId, initial, initialTags, initialHtml, categories }: EditorPageProps) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const [fields, setFields] = useState<DraftFields>(initial);
  const [tags, setTags] = useState<TagBrief[]>(initialTags);
  const [dialogOpen, setDialogOpen] = useState(false);
  const onCreated = useCallback(
    (id: string) => {
      // A new draft gets its own address without leaving the page: reloading opens it again.
      if (!entryId) window.history.replaceState(window.history.state, '', `/editor/drafts/${id}`);
    },
    [entryId],
  );
  const { status, flush } = useAutosave({ draftId, saved: initial, entryId, fields, onCreated });
  const html = usePreview(fields.content, initialHtml);

  const update = useCallback((changes: Partial<DraftFields>) => setFields((f) => ({ ...f, ...changes })), []);
  const onContent = useCallback((content: string) => update({ content }), [update]);

  const uploadInto = useCallback(
    async (files: File[], view: EditorView, position: number) => {
      let at = position;
      for (const file of files) {
        const token = insertPlaceholder(view, at);
        at = cursorOf(view);
        try {
          const { url } = await uploadImage(file, 'entry');
          resolvePlaceholder(view, token, url);
        } catch (error) {
          resolvePlaceholder(view, token, null);
          alerts.pushError(error);
        }
      }
    },
    [alerts],
  );
  const onImageFiles = useCallback(
    (files: File[], view: EditorView, position: number) => void uploadInto(files, view, position),
    [uploadInto],
  );
  const openPublish = () => {
    if (!fields.title.trim()) {
      alerts.push({ type: 'error', message: ENTRY_MESSAGES.titleRequired });
      return;
    }
    if (!fields.content.trim()) {
      alerts.push({ type: 'error', message: ENTRY_MESSAGES.contentRequired });
      return;
    }
    setDialogOpen(true);
  };

  const choices: PublishChoices = {
    categoryId: fields.categoryId,
    tagIds: fields.tagIds,
    abstract: fields.abstract,
    coverImage: fields.coverImage,
    type: fields.type,
  };

  const publish = async () => {
    if (!choices.categoryId) throw new ApiError(400, 0, ENTRY_MESSAGES.categoryRequired);
    if (choices.tagIds.length < ENTRY_LIMITS.tagsMin) throw new ApiError(400, 0, ENTRY_MESSAGES.tagsRequired);
    const id = await flush(true);
    if (!id) throw new ApiError(400, 0, ENTRY_MESSAGES.contentRequired);
    const result = await publishDraft(id, choices);
    setDialogOpen(false);
    navigate(result.url);
  };

  return (
    <div className="flex h-[calc(100dvh-60px)] flex-col bg-card">
      <div className="flex items-center gap-3 border-line border-b px-4 py-2">
        <label htmlFor="editor-title" className="sr-only">
          标题
        </label>
        <input
          id="editor-title"
          value={fields.title}
          onChange={(event) => update({ title: event.target.value })}
          maxLength={ENTRY_LIMITS.titleMax}
          placeholder="输入文章标题..."
          className="h-11 min-w-0 flex-1 bg-transparent font-semibold text-[22px] text-fg outline-none placeholder:text-fg-3"
        />
        <span
          role="status"
          className={`hidden shrink-0 text-[13px] sm:inline ${status === 'error' ? 'text-danger' : 'text-fg-3'}`}
        >
          {saveStatusText(status, IDLE_TEXT)}
        </span>
        <Link to="/editor/drafts" className={buttonClass('secondary', 'sm', 'hidden sm:inline-flex')}>
          <FileText aria-hidden size={16} strokeWidth={1.75} />
          草稿箱
        </Link>
        <Button onClick={openPublish}>{entryId ? '更新' : '发布'}</Button>
      </div>
      <MarkdownWorkspace
        Source={MarkdownEditor}
        content={fields.content}
        onContent={onContent}
        onImageFiles={onImageFiles}
        html={html}
        syncScroll
        note={
          <span className="ml-auto text-[13px] text-fg-3 sm:hidden" aria-hidden>
            {saveStatusText(status, IDLE_TEXT)}
          </span>
        }
      />
      <PublishDialog
        open={dialogOpen}
        onOpenChange={setDialogOpen}
        categories={categories}
        choices={choices}
        tags={tags}
        onChange={(changes, nextTags) => {
          update(changes);
          if (nextTags) setTags(nextTags);
        }}
        onPublish={publish}
        editing={Boolean(entryId)}
      />
    </div>
  );
}
