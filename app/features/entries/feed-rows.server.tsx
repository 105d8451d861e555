import { renderToStaticMarkup } from 'react-dom/server';
import type { EntryView, ViewerMarks } from '@server/modules/entries/entries.service.ts';
import type { AppLoadContext } from 'react-router';
import { keepForDocument } from '~/lib/document-html.server.ts';
import { type EntryRowView, toEntryRow } from '~/lib/entry-rows.ts';
import { FEED_ROWS_KEY } from './entry-feed.tsx';
import { StaticEntryRow } from './entry-row.tsx';
import type { FeedRows } from './types.ts';

interface RowHtml {
  plain: string;
  /** The row as a viewer who liked it sees it, made the first time one asks. */
  liked?: string;
}

/**
 * The rows of each shared feed page (listSharedEntries: one object for every viewer while it is
 * fresh) as HTML, so the page's rows are rendered once and not for every request; they go with the
 * page they were made from, so they are as fresh as the shared feed (the change bus).
 */
const sharedRows = new WeakMap<object, RowHtml[]>();

function rowHtml(entry: EntryView, liked: boolean): string {
  return renderToStaticMarkup(<StaticEntryRow entry={toEntryRow({ ...entry, liked })} />);
}

function rowsOf(page: { entrylist: EntryView[] }): RowHtml[] {
  let rows = sharedRows.get(page);
  if (!rows) {
    rows = page.entrylist.map((entry) => ({ plain: rowHtml(entry, false) }));
    sharedRows.set(page, rows);
  }
  return rows;
}

/** The HTML of a feed page's rows with the viewer's likes (a shared page's rows are rendered once). */
function rowsHtml(result: SharedResult): string[] {
  const { entrylist } = result.page;
  if (!result.shared) return entrylist.map((entry) => rowHtml(entry, entry.liked));
  const rows = rowsOf(result.page);
  const liked = result.marks?.liked;
  return rows.map((row, i) => {
    if (!liked?.has(entrylist[i].id)) return row.plain;
    row.liked ??= rowHtml(entrylist[i], true);
    return row.liked;
  });
}

type SharedResult = { page: { entrylist: EntryView[] }; shared?: boolean; marks?: ViewerMarks | null };

/** A shared page's rows joined, as every viewer who liked none of them sees them. */
const plainJoined = new WeakMap<object, string>();

/** The rows of a shared feed page as one viewer sees them: what fills a template's `rows` slot. */
export function viewerRowsHtml(result: SharedResult): string {
  const liked = result.marks?.liked;
  if (!result.shared || result.page.entrylist.some((entry) => liked?.has(entry.id))) return rowsHtml(result).join('');
  let joined = plainJoined.get(result.page);
  if (joined === undefined) {
    joined = rowsHtml(result).join('');
    plainJoined.set(result.page, joined);
  }
  return joined;
}

/**
 * A feed page's rows for the list (entry-feed.tsx): their HTML with the viewer's likes — in the
 * loader data for a data request (with their ids), beside the request for a document, so the
 * rows' text is in the page once, not also in its hydration data. `shared` pages (the answer every
 * viewer gets, with the viewer's `marks` apart) reuse the rows rendered for the first request;
 * any other page (the viewer's own: mutes, a recent writer, 我关注的, a tag) is rendered for this
 * request. A template render (server/http/viewer-pages.ts) leaves a slot that each viewer's rows fill.
 */
export function feedRows(context: AppLoadContext, result: SharedResult): FeedRows {
  const ids = result.page.entrylist.map((entry) => entry.id);
  const template = context.template;
  if (template && !context.dataRequest) {
    if (result.shared) {
      template.source = result.page;
      keepForDocument(context, FEED_ROWS_KEY, template.slot('rows'));
      return { count: ids.length, ids: null, html: null };
    }
    template.personal = true;
  }
  return sentOnce(context, ids, rowsHtml(result));
}

/** Rows' HTML in the loader data for a data request (with their ids), else beside the request for the document only. */
function sentOnce(context: AppLoadContext, ids: string[], html: string[]): FeedRows {
  if (context.dataRequest) return { count: ids.length, ids, html };
  keepForDocument(context, FEED_ROWS_KEY, html.join(''));
  return { count: ids.length, ids: null, html: null };
}

/**
 * A list's rows (search results with the words marked, a profile's entries, a collection's) as the
 * feed rows are sent (feedRows): their HTML once in the document and not again in its hydration
 * data; in the loader data for a data request.
 */
export function listRows(context: AppLoadContext, entries: EntryRowView[], terms: readonly string[] = []): FeedRows {
  const html = entries.map((entry) => renderToStaticMarkup(<StaticEntryRow entry={entry} terms={terms} />));
  return sentOnce(
    context,
    entries.map((entry) => entry.id),
    html,
  );
}
