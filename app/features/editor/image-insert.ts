import type { EditorView } from '@codemirror/view';

/**
 * While an image uploads, a placeholder stands where it will go: `![上传中… N]()`, which the
 * renderer drops (an image without a source), so the preview shows nothing broken meanwhile.
 */
let counter = 0;

export function placeholderText(token: string): string {
  return `![上传中… ${token}]()`;
}

/** Inserts a placeholder on its own line at `position`; returns its token. */
export function insertPlaceholder(view: EditorView, position: number): string {
  counter += 1;
  const token = String(counter);
  const doc = view.state.doc;
  const line = doc.lineAt(Math.min(position, doc.length));
  const before = position > line.from ? '\n' : '';
  const after = position < line.to ? '\n' : '';
  const insert = `${before}${placeholderText(token)}${after}`;
  view.dispatch({ changes: { from: position, insert }, selection: { anchor: position + insert.length } });
  return token;
}

/** Replaces the placeholder (wherever editing has moved it) with the image, or removes it. */
export function resolvePlaceholder(view: EditorView, token: string, url: string | null): void {
  const text = placeholderText(token);
  const from = view.state.doc.toString().indexOf(text);
  if (from < 0) return;
  view.dispatch({ changes: { from, to: from + text.length, insert: url ? `![](${url})` : '' } });
}

/** The toolbar's image: at the cursor. */
export function cursorOf(view: EditorView): number {
  return view.state.selection.main.head;
}
