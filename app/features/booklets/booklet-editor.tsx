import type { EditorView } from '@codemirror/view';
import { BOOKLET_LIMITS } from '@core/booklets.ts';
import { type ComponentType, useCallback, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { uploadImage } from '~/lib/upload-image.ts';
import { Button, iconButtonClass } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { ArrowUp, ChevronDown, FileText, Plus, Settings, Trash2 } from '~/ui/icons.tsx';
import {
  MarkdownWorkspace,
  type MarkdownSourceProps,
  type SaveStatus,
  saveStatusText,
} from '~/ui/markdown-workspace.tsx';
import {
  createSection,
  deleteSection,
  moveSection,
  publishSection,
  submitBooklet,
  updateBooklet,
  updateSection,
} from './booklet-api.ts';
import { BookletInfoForm } from './booklet-info-form.tsx';
import type { BookletDetail, SectionReading } from './types.ts';

/** Autosave waits this long after the last change. */
const SAVE_DELAY_MS = 1500;

const IDLE_TEXT = '小节将自动保存';

interface SectionFields {
  title: string;
  content: string;
  isFree: boolean;
}

function bookletState(booklet: BookletDetail): string {
  if (!booklet.isDraft) return '已上架';
  return booklet.submittedAt ? '审核中' : '未提交审核';
}

/**
 * Writing a booklet: its sections down the side (order, publish state, new, move, delete), the
 * chosen section's title, free mark and Markdown with autosave and a preview of the last save,
 * the booklet's information, and submission for review.
 */
export function BookletEditor({
  booklet,
  section,
  view,
  Editor,
}: {
  booklet: BookletDetail;
  section: SectionReading['section'] | null;
  view: 'section' | 'info';
  /** The Markdown source pane the route hands in (the editor feature's CodeMirror). */
  Editor: ComponentType<MarkdownSourceProps>;
}) {
  const alerts = useAlerts();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const base = `/editor/book/${booklet.id}/section`;
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);

  const run = async (action: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await action();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(false);
    }
  };

  const editorRef = useRef<{ flush: () => Promise<void> } | null>(null);
  const flush = async () => editorRef.current?.flush();

  const addSection = () =>
    run(async () => {
      await flush();
      const created = await createSection(booklet.id, { title: `第 ${booklet.sections.length + 1} 节` });
      navigate(`${base}?sectionId=${created.section.id}`);
    });

  const move = (sectionId: string, position: number) =>
    run(async () => {
      await moveSection(sectionId, position);
      revalidator.revalidate();
    });

  const submit = () =>
    run(async () => {
      await flush();
      await submitBooklet(booklet.id);
      alerts.push({ type: 'success', message: '已提交审核，管理员通过后上架' });
      revalidator.revalidate();
    });

  return (
    <div className="grid h-[calc(100dvh-60px)] grid-cols-1 bg-card md:grid-cols-[260px_minmax(0,1fr)]">
      <aside aria-label="小节" className="flex min-h-0 flex-col border-line md:border-r">
        <div className="border-line border-b px-4 py-3">
          <Link to={`/book/${booklet.id}`} className="line-clamp-2 font-semibold text-fg hover:text-brand">
            {booklet.title}
          </Link>
          <p className="mt-1 text-[12px] text-fg-3" data-testid="booklet-state">
            {bookletState(booklet)} · {booklet.sections.filter((s) => !s.isDraft).length} 节已发布
          </p>
        </div>
        <nav className="min-h-0 flex-1 overflow-y-auto py-1">
          <Link
            to={`${base}?tab=info`}
            aria-current={view === 'info' ? 'page' : undefined}
            onClick={() => void flush()}
            className={`flex items-center gap-2 px-4 py-2 text-[14px] ${view === 'info' ? 'bg-brand-tint text-brand' : 'text-fg hover:bg-page/60'}`}
          >
            <Settings aria-hidden size={16} />
            小册信息
          </Link>
          <ol>
            {booklet.sections.map((s, index) => {
              const current = view === 'section' && s.id === section?.id;
              return (
                <li
                  key={s.id}
                  className={`group flex items-center gap-1 pr-2 ${current ? 'bg-brand-tint' : 'hover:bg-page/60'}`}
                >
                  <Link
                    to={`${base}?sectionId=${s.id}`}
                    aria-current={current ? 'page' : undefined}
                    onClick={() => void flush()}
                    className={`flex min-w-0 flex-1 items-center gap-2 py-2 pl-4 text-[14px] ${current ? 'text-brand' : 'text-fg'}`}
                  >
                    <span className="w-5 shrink-0 text-right text-fg-3 tabular-nums">{index + 1}</span>
                    <span className="truncate">{s.title}</span>
                    {s.isDraft && <span className="shrink-0 text-[12px] text-fg-3">草稿</span>}
                    {s.isFree && <span className="shrink-0 text-[12px] text-brand">试读</span>}
                  </Link>
                  <button
                    type="button"
                    aria-label={`上移 ${s.title}`}
                    title="上移"
                    disabled={busy || index === 0}
                    className={iconButtonClass('size-7 disabled:opacity-30')}
                    onClick={() => move(s.id, index - 1)}
                  >
                    <ArrowUp aria-hidden size={14} />
                  </button>
                  <button
                    type="button"
                    aria-label={`下移 ${s.title}`}
                    title="下移"
                    disabled={busy || index === booklet.sections.length - 1}
                    className={iconButtonClass('size-7 disabled:opacity-30')}
                    onClick={() => move(s.id, index + 1)}
                  >
                    <ChevronDown aria-hidden size={14} />
                  </button>
                </li>
              );
            })}
          </ol>
        </nav>
        <div className="flex flex-col gap-2 border-line border-t p-3">
          <Button
            variant="secondary"
            disabled={busy || booklet.sections.length >= BOOKLET_LIMITS.sectionsMax}
            onClick={addSection}
          >
            <Plus aria-hidden size={16} />
            新建小节
          </Button>
          {booklet.isDraft && !booklet.submittedAt && (
            <Button disabled={busy} onClick={submit}>
              提交审核
            </Button>
          )}
        </div>
      </aside>
      <main className="flex min-h-0 min-w-0 flex-col">
        {view === 'info' ? (
          <div className="overflow-y-auto px-5 py-6 sm:px-8">
            <h1 className="mb-4 font-semibold text-[20px] text-fg">小册信息</h1>
            <BookletInfoForm
              initial={{
                title: booklet.title,
                summary: booklet.summary,
                description: booklet.description,
                img: booklet.img,
                category: booklet.category,
                price: booklet.price,
                isFinished: booklet.isFinished,
              }}
              submitLabel="保存"
              onSubmit={async (fields) => {
                await updateBooklet(booklet.id, fields);
                alerts.push({ type: 'success', message: '已保存' });
                revalidator.revalidate();
              }}
            />
          </div>
        ) : section ? (
          <SectionEditor
            key={section.id}
            section={section}
            Editor={Editor}
            handle={editorRef}
            onPublished={() => revalidator.revalidate()}
            onDelete={() => setConfirmDelete(true)}
          />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 text-fg-3">
            <FileText aria-hidden size={32} />
            <p>还没有小节，先写第一节吧</p>
            <Button disabled={busy} onClick={addSection}>
              新建小节
            </Button>
          </div>
        )}
      </main>
      {section && (
        <ConfirmDialog
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="删除小节"
          description={`确定删除「${section.title}」吗？删除后不能恢复。`}
          confirmLabel="删除"
          danger
          busy={busy}
          onConfirm={() =>
            run(async () => {
              await deleteSection(section.id);
              setConfirmDelete(false);
              navigate(base);
            })
          }
        />
      )}
    </div>
  );
}

function SectionEditor({
  section,
  Editor,
  handle,
  onPublished,
  onDelete,
}: {
  section: SectionReading['section'];
  Editor: ComponentType<MarkdownSourceProps>;
  handle: React.RefObject<{ flush: () => Promise<void> } | null>;
  onPublished: () => void;
  onDelete: () => void;
}) {
  const alerts = useAlerts();
  const [fields, setFields] = useState<SectionFields>({
    title: section.title,
    content: section.content ?? '',
    isFree: section.isFree,
  });
  const [isDraft, setIsDraft] = useState(section.isDraft);
  const [html, setHtml] = useState(section.contentHtml);
  const [status, setStatus] = useState<SaveStatus>('saved');
  const [publishing, setPublishing] = useState(false);
  const saved = useRef<SectionFields>(fields);
  const current = useRef(fields);
  current.current = fields;
  const queue = useRef<Promise<void>>(Promise.resolve());

  const saveNow = useCallback((): Promise<void> => {
    const next = queue.current.then(async () => {
      const snapshot = current.current;
      const changes: Partial<SectionFields> = {};
      if (snapshot.title !== saved.current.title) changes.title = snapshot.title;
      if (snapshot.content !== saved.current.content) changes.content = snapshot.content;
      if (snapshot.isFree !== saved.current.isFree) changes.isFree = snapshot.isFree;
      if (Object.keys(changes).length === 0) return;
      if (changes.title !== undefined && !changes.title.trim()) {
        setStatus('error');
        throw new Error('章节标题不能为空');
      }
      setStatus('saving');
      try {
        const result = await updateSection(section.id, changes);
        saved.current = snapshot;
        setHtml(result.section.contentHtml);
        setStatus(current.current === snapshot ? 'saved' : 'saving');
      } catch (error) {
        setStatus('error');
        throw error;
      }
    });
    queue.current = next.catch(() => {});
    return next;
  }, [section.id]);

  useEffect(() => {
    handle.current = { flush: () => saveNow().catch((error) => alerts.pushError(error)) };
    return () => {
      handle.current = null;
    };
  }, [handle, saveNow, alerts]);

  useEffect(() => {
    if (fields === saved.current) return;
    const timer = window.setTimeout(() => void saveNow().catch(() => {}), SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [fields, saveNow]);

  const update = (changes: Partial<SectionFields>) => setFields((f) => ({ ...f, ...changes }));
  const onContent = useCallback((content: string) => setFields((f) => ({ ...f, content })), []);

  const insertImages = useCallback(
    async (files: File[], view: EditorView, position: number) => {
      let at = position;
      for (const file of files) {
        try {
          const { url } = await uploadImage(file, 'entry');
          const text = `![${file.name.replace(/[[\]]/g, '')}](${url})\n`;
          view.dispatch({ changes: { from: at, insert: text } });
          at += text.length;
        } catch (error) {
          alerts.pushError(error);
        }
      }
    },
    [alerts],
  );
  const onImageFiles = useCallback(
    (files: File[], view: EditorView, position: number) => void insertImages(files, view, position),
    [insertImages],
  );

  async function togglePublish() {
    setPublishing(true);
    try {
      await saveNow();
      const result = await publishSection(section.id, isDraft);
      setIsDraft(result.section.isDraft);
      alerts.push({ type: 'success', message: result.section.isDraft ? '已撤回为草稿' : '已发布' });
      onPublished();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setPublishing(false);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-center gap-3 border-line border-b px-4 py-2">
        <label htmlFor="section-title" className="sr-only">
          小节标题
        </label>
        <input
          id="section-title"
          value={fields.title}
          onChange={(event) => update({ title: event.target.value })}
          maxLength={BOOKLET_LIMITS.sectionTitleMax}
          placeholder="小节标题"
          className="h-11 min-w-0 flex-1 bg-transparent font-semibold text-[20px] text-fg outline-none placeholder:text-fg-3"
        />
        <span role="status" className={`text-[13px] ${status === 'error' ? 'text-danger' : 'text-fg-3'}`}>
          {saveStatusText(status, IDLE_TEXT)}
        </span>
        <label className="flex items-center gap-1 text-[13px] text-fg-2">
          <input
            type="checkbox"
            checked={fields.isFree}
            onChange={(event) => update({ isFree: event.target.checked })}
          />
          免费试读
        </label>
        <button type="button" aria-label="删除小节" title="删除小节" className={iconButtonClass()} onClick={onDelete}>
          <Trash2 aria-hidden size={16} />
        </button>
        <Button variant={isDraft ? 'primary' : 'secondary'} disabled={publishing} onClick={togglePublish}>
          {isDraft ? '发布本节' : '撤回为草稿'}
        </Button>
      </div>
      <MarkdownWorkspace
        Source={Editor}
        content={fields.content}
        onContent={onContent}
        onImageFiles={onImageFiles}
        html={html}
        note={<span className="mr-auto ml-2 text-[12px] text-fg-3">{isDraft ? '草稿：发布后读者可见' : '已发布'}</span>}
      />
    </>
  );
}
