/**
 * The Markdown source pane: CodeMirror 6 with Markdown and the languages of fenced code blocks.
 * Loaded lazily (React.lazy) by the editor page, so no other page carries CodeMirror.
 */
import { markdown, markdownLanguage } from '@codemirror/lang-markdown';
import { languages } from '@codemirror/language-data';
import CodeMirror, { EditorView } from '@uiw/react-codemirror';
import { useMemo } from 'react';
import type { MarkdownSourceProps } from '~/ui/markdown-workspace.tsx';

export function imageFilesOf(data: DataTransfer | null): File[] {
  if (!data) return [];
  return Array.from(data.files).filter((file) => file.type.startsWith('image/'));
}

const layout = EditorView.theme({
  '&': { height: '100%', fontSize: '15px', backgroundColor: 'transparent' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': {
    fontFamily: 'var(--font-mono)',
    lineHeight: '1.7',
    padding: '16px 0 40vh',
  },
  '.cm-content': { padding: '0 20px', caretColor: 'var(--brand)' },
  '.cm-gutters': { display: 'none' },
  '.cm-activeLine': { backgroundColor: 'transparent' },
});

export default function MarkdownEditor({ value, onChange, onImageFiles, onReady, dark }: MarkdownSourceProps) {
  const extensions = useMemo(
    () => [
      markdown({ base: markdownLanguage, codeLanguages: languages }),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': '正文（Markdown）' }),
      layout,
      EditorView.domEventHandlers({
        paste(event, view) {
          const files = imageFilesOf(event.clipboardData);
          if (files.length === 0) return false;
          event.preventDefault();
          onImageFiles(files, view, view.state.selection.main.head);
          return true;
        },
        drop(event, view) {
          const files = imageFilesOf(event.dataTransfer);
          if (files.length === 0) return false;
          event.preventDefault();
          const position = view.posAtCoords({ x: event.clientX, y: event.clientY }) ?? view.state.selection.main.head;
          onImageFiles(files, view, position);
          return true;
        },
      }),
    ],
    [onImageFiles],
  );
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      onCreateEditor={onReady}
      extensions={extensions}
      theme={dark ? 'dark' : 'light'}
      height="100%"
      // The card colour behind both themes, so the source pane matches the page.
      className="h-full [&_.cm-editor]:bg-transparent!"
      placeholder="开始写正文，支持 Markdown；可粘贴或拖入图片"
      basicSetup={{
        lineNumbers: false,
        foldGutter: false,
        highlightActiveLine: false,
        highlightActiveLineGutter: false,
      }}
    />
  );
}
