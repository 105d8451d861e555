import type { EditorView } from '@codemirror/view';
import { type ComponentType, type ReactNode, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { ArticleBody } from './article-body.tsx';
import { buttonClass, iconButtonClass } from './button.tsx';
import { Eye, ImagePlus, PenLine } from './icons.tsx';
import { syncScroll } from './scroll-sync.ts';
import { useDarkTheme } from './use-dark-theme.ts';

/** The props of the Markdown source pane (the editor feature's CodeMirror, loaded lazily). */
export interface MarkdownSourceProps {
  value: string;
  onChange: (value: string) => void;
  /** Image files pasted or dropped at a document position. */
  onImageFiles: (files: File[], view: EditorView, position: number) => void;
  onReady: (view: EditorView) => void;
  dark: boolean;
}

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'error';

/** The autosave status in words; `idle` (nothing saved yet) is each editor's own sentence. */
export function saveStatusText(status: SaveStatus, idle: string): string {
  if (status === 'idle') return idle;
  return status === 'saving' ? '保存中...' : status === 'saved' ? '已保存' : '保存失败';
}

/** Until CodeMirror arrives (and on the server), the source as plain text in the same place. */
function SourceFallback({ content }: { content: string }) {
  return (
    <pre
      aria-busy="true"
      className="h-full overflow-hidden whitespace-pre-wrap px-5 py-4 font-mono text-[15px] text-fg-2 leading-[1.7]"
    >
      {content}
    </pre>
  );
}

/**
 * The writing area both editors share (articles and booklet sections): a toolbar with the image
 * button (the files go to `onImageFiles` at the cursor), the caller's `note` and, below 1024 px,
 * the 编辑/预览 switch; under it the Markdown source beside the preview of `html`. `syncScroll`
 * keeps the two panes in step.
 */
export function MarkdownWorkspace({
  Source,
  content,
  onContent,
  onImageFiles,
  html,
  note,
  syncScroll: sync = false,
}: {
  Source: ComponentType<MarkdownSourceProps>;
  content: string;
  onContent: (content: string) => void;
  onImageFiles: (files: File[], view: EditorView, position: number) => void;
  html: string;
  /** Shown in the toolbar after the image button. */
  note?: ReactNode;
  syncScroll?: boolean;
}) {
  const dark = useDarkTheme();
  const [showPreview, setShowPreview] = useState(false);
  const [mounted, setMounted] = useState(false);
  const viewRef = useRef<EditorView | null>(null);
  const previewRef = useRef<HTMLElement>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const [scroller, setScroller] = useState<HTMLElement | null>(null);

  useEffect(() => setMounted(true), []);

  const onReady = useCallback((view: EditorView) => {
    viewRef.current = view;
    setScroller(view.scrollDOM);
  }, []);

  useEffect(() => {
    const preview = previewRef.current;
    if (!sync || !scroller || !preview) return;
    return syncScroll(scroller, preview);
  }, [sync, scroller]);

  const pickImages = (list: FileList | null) => {
    const view = viewRef.current;
    const files = Array.from(list ?? []);
    if (imageInput.current) imageInput.current.value = '';
    if (!view || files.length === 0) return;
    onImageFiles(files, view, view.state.selection.main.head);
  };

  return (
    <>
      <div className="flex items-center gap-1 border-line border-b px-3 py-1">
        <button
          type="button"
          aria-label="上传图片"
          title="上传图片（也可粘贴或拖入）"
          className={iconButtonClass()}
          onClick={() => imageInput.current?.click()}
        >
          <ImagePlus aria-hidden size={18} />
        </button>
        <input
          ref={imageInput}
          type="file"
          accept="image/*"
          multiple
          aria-label="选择图片"
          className="hidden"
          onChange={(event) => pickImages(event.target.files)}
        />
        {note}
        <button
          type="button"
          className={`${buttonClass('text', 'sm')} lg:hidden`}
          aria-pressed={showPreview}
          onClick={() => setShowPreview((v) => !v)}
        >
          {showPreview ? <PenLine aria-hidden size={16} /> : <Eye aria-hidden size={16} />}
          {showPreview ? '编辑' : '预览'}
        </button>
      </div>
      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-2">
        <div className={`min-h-0 min-w-0 lg:border-line lg:border-r ${showPreview ? 'hidden lg:block' : ''}`}>
          {mounted ? (
            <Suspense fallback={<SourceFallback content={content} />}>
              <Source value={content} onChange={onContent} onImageFiles={onImageFiles} onReady={onReady} dark={dark} />
            </Suspense>
          ) : (
            <SourceFallback content={content} />
          )}
        </div>
        <section
          ref={previewRef}
          aria-label="预览"
          className={`min-h-0 min-w-0 overflow-y-auto bg-page/40 px-6 py-4 ${showPreview ? '' : 'hidden lg:block'}`}
        >
          <ArticleBody className="mx-auto" html={html} />
        </section>
      </div>
    </>
  );
}
