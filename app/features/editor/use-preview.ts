import { useEffect, useRef, useState } from 'react';
import { renderPreview } from './editor-api.ts';

/** The preview follows typing after this pause. */
const PREVIEW_DELAY_MS = 300;

/**
 * The live preview's HTML, rendered by the server's publishing renderer (POST /api/draft/preview),
 * so the preview shows exactly what publishing will store. Starts from the loader's rendering.
 */
export function usePreview(content: string, initialHtml: string): string {
  const [html, setHtml] = useState(initialHtml);
  const rendered = useRef(content);
  useEffect(() => {
    if (content === rendered.current) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      renderPreview(content, controller.signal)
        .then((result) => {
          rendered.current = content;
          setHtml(result.html);
        })
        .catch(() => {
          // The next keystroke tries again; the autosave status reports lost connections.
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [content]);
  return html;
}
