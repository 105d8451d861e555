import type { AppLoadContext } from 'react-router';

/** Each document request's HTML kept by its loaders, by request context (app/lib/document-html.ts). */
const kept = new WeakMap<AppLoadContext, Map<string, string>>();

/** Keeps `html` for this document's render under `key` (loaders of document requests only). */
export function keepForDocument(context: AppLoadContext, key: string, html: string): void {
  let map = kept.get(context);
  if (!map) {
    map = new Map();
    kept.set(context, map);
  }
  map.set(key, html);
}

/** What this document's loaders kept (app/entry.server.tsx). */
export function documentHtmlOf(context: AppLoadContext): ReadonlyMap<string, string> | null {
  return kept.get(context) ?? null;
}
