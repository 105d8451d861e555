import { createContext, useContext } from 'react';

/**
 * HTML a loader rendered for the document being rendered, kept out of the loader data (which the
 * document carries again for hydration): app/lib/document-html.server.ts keeps it beside the
 * request, app/entry.server.tsx provides it here, and the component that shows it reads it by its
 * key. In the browser there is none: the component keeps the markup the document brought.
 */
export const DocumentHtmlContext = createContext<ReadonlyMap<string, string> | null>(null);

/** The HTML kept under `key` for this document (server render only). */
export function useDocumentHtml(key: string): string | undefined {
  return useContext(DocumentHtmlContext)?.get(key);
}
