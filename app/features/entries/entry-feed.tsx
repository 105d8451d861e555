import { type MouseEvent, type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useDocumentHtml } from '~/lib/document-html.ts';
import { followLinkInApp } from '~/lib/follow-link.ts';
import { useFeatureSlots } from '~/lib/feature-slots.tsx';
import { trackEntryList } from '~/lib/track.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';
import { collectToggle, likeToggle } from '~/ui/row-toggles.ts';
import { EntryRowSkeleton } from './entry-row-skeleton.tsx';
import { ROW_THUMB } from './entry-thumb.tsx';
import { type LikeState, sendEntryLike } from './entry-like.ts';
import type { FeedRowsPage } from './types.ts';
import { useFeedPages, useListSource } from './use-entry-feed.ts';

/** Start loading the next page this far before the end of the list comes into view (SPEC §9). */
const PRELOAD_MARGIN = '300px';
const SKELETON_KEYS = ['skeleton-1', 'skeleton-2', 'skeleton-3'];

/** The key of the feed's rows among the HTML the document's loaders kept (feed-rows.server.tsx): one feed a page. */
export const FEED_ROWS_KEY = 'feed-rows';

/** The entry ids of rows in the list, from their title links (/entry/{id}, /post/{id}). */
function rowIds(list: Element): string[] {
  return Array.from(
    list.querySelectorAll<HTMLAnchorElement>('li.er > article > div > h2 > a'),
    (link) => link.pathname.split('/')[2],
  );
}

export interface EntryFeedProps {
  page: FeedRowsPage;
  /** The sort the next pages are asked for; none for feeds with one order. */
  sort?: string;
  empty?: ReactNode;
  /** Report the rows shown to the list statistics (GET /log); search results are not reported. */
  listStats?: boolean;
}

function paintLike(button: HTMLButtonElement, state: LikeState) {
  const view = likeToggle(state.like, state.likeCount);
  button.className = view.className;
  button.title = view.label;
  button.setAttribute('aria-pressed', String(state.like));
  button.setAttribute('aria-label', view.ariaLabel);
  if (button.firstElementChild) button.firstElementChild.textContent = view.count;
}

function paintCollect(button: HTMLButtonElement, collected: boolean) {
  const view = collectToggle(collected);
  button.className = view.className;
  button.textContent = view.label;
  button.setAttribute('aria-pressed', String(collected));
}

/** A thumbnail that failed to load is taken away instead of leaving a grey box with its alt text. */
function dropFailedThumb(image: Element) {
  if (image instanceof HTMLImageElement && image.matches(ROW_THUMB)) image.remove();
}

/**
 * An entry list that loads the next page when its end scrolls into view, with a 加载更多 button
 * for keyboard users and browsers without IntersectionObserver.
 *
 * The rows are the server's HTML (feed-rows.server.tsx: rendered once per shared feed page, with
 * the viewer's likes), not React components: the document brings them once (its hydration data
 * only their number; the ids are read from the rows' links); a client navigation brings them in
 * the loader data, and the next pages are added the same way. One handler on the list makes them
 * work: links navigate in the app, 点赞 likes (signed-out: the login modal), 收藏 opens the collect
 * dialog, a failed thumbnail goes away. Lists without a next page to load (search, a profile's tab,
 * a collection: pointer null) page by links.
 */
export function EntryFeed({ page, sort, empty, listStats = true }: EntryFeedProps) {
  const documentHtml = useDocumentHtml(FEED_ROWS_KEY);
  // At mount: the loader data's rows (a client navigation), the document's (server render), or
  // none while hydrating, when the list keeps the markup the document brought; never set again.
  const [html] = useState(() => page.rows.html?.join('') ?? documentHtml ?? '');
  const [list, setList] = useState<HTMLUListElement | null>(null);
  const [seen] = useState(() => new Set<string>());
  const [collecting, setCollecting] = useState<{ id: string; button: HTMLButtonElement; open: boolean } | null>(null);
  const { CollectDialog } = useFeatureSlots();
  const requireLogin = useRequireLogin();
  const alerts = useAlerts();
  const navigate = useNavigate();
  const src = useListSource();
  const sentinel = useRef<HTMLDivElement>(null);

  const append = useCallback(
    (next: FeedRowsPage) => {
      const nextIds = next.rows.ids ?? [];
      const fresh = nextIds.flatMap((id, i) => (seen.has(id) ? [] : [i]));
      const freshIds = fresh.map((i) => nextIds[i]);
      for (const id of freshIds) seen.add(id);
      const rows = next.rows.html;
      if (list && rows) list.insertAdjacentHTML('beforeend', fresh.map((i) => rows[i]).join(''));
      if (listStats) trackEntryList('log', freshIds, src);
      return fresh.length;
    },
    [seen, list, src, listStats],
  );
  const { hasMore, loading, loadMore } = useFeedPages(page, sort, append);

  // The first page's ids (the loader data's, or the document's rows'), reported once per mounted feed.
  const reported = useRef(false);
  useEffect(() => {
    if (!list || reported.current) return;
    reported.current = true;
    const ids = page.rows.ids ?? rowIds(list);
    for (const id of ids) seen.add(id);
    if (listStats) trackEntryList('log', ids, src);
  }, [list, page.rows.ids, seen, src, listStats]);

  async function like(button: HTMLButtonElement, id: string) {
    if (button.disabled) return;
    try {
      requireLogin();
      button.disabled = true;
      paintLike(button, await sendEntryLike(id, button.getAttribute('aria-pressed') !== 'true'));
    } catch (error) {
      alerts.pushError(error);
    } finally {
      button.disabled = false;
    }
  }

  // A React handler on the list (not a listener added after mount): a click while the page is still
  // hydrating is replayed once it is done, as a click on a hydrated button would be.
  function onClick(event: MouseEvent<HTMLUListElement>) {
    const target = event.target as Element;
    const row = target.closest('li.er');
    const id = row && rowIds(row)[0];
    if (!id) return;
    const button = target.closest('button');
    if (button?.classList.contains('like-inline')) {
      void like(button, id);
    } else if (button?.classList.contains('collect-inline')) {
      try {
        requireLogin();
      } catch {
        return;
      }
      setCollecting({ id, button, open: true });
    } else {
      followLinkInApp(event, navigate);
    }
  }

  useEffect(() => {
    if (!list) return;
    function onError(event: Event) {
      dropFailedThumb(event.target as Element);
    }
    // Load errors do not bubble: caught on the way down.
    list.addEventListener('error', onError, true);
    // Failed while the page was still static HTML, before this listened.
    for (const image of list.querySelectorAll<HTMLImageElement>(ROW_THUMB))
      if (image.complete && image.naturalWidth === 0 && image.currentSrc) dropFailedThumb(image);
    return () => list.removeEventListener('error', onError, true);
  }, [list]);

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (records) => {
        if (records.some((record) => record.isIntersecting)) loadMore();
      },
      { rootMargin: `0px 0px ${PRELOAD_MARGIN} 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  if (page.rows.count === 0) return <div aria-busy={loading}>{empty ?? <EmptyState />}</div>;
  return (
    <div aria-busy={loading}>
      {/* The rows are the server's markup, which React neither compares nor replaces (the HTML is set once). */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rows React rendered on the server (renderToStaticMarkup escapes the entries' text) */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the clicks handled are the rows' links' and buttons', which the keyboard activates itself */}
      <ul ref={setList} onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} suppressHydrationWarning />
      {list &&
        loading &&
        createPortal(
          SKELETON_KEYS.map((key) => <EntryRowSkeleton key={key} />),
          list,
        )}
      {hasMore && (
        <div ref={sentinel} className="flex justify-center border-line border-t px-4 py-3">
          <LoadMoreButton loading={loading} onClick={loadMore} />
        </div>
      )}
      {collecting && (
        <CollectDialog
          entryId={collecting.id}
          open={collecting.open}
          onOpenChange={(open) => setCollecting({ ...collecting, open })}
          onCollected={(collected) => paintCollect(collecting.button, collected)}
        />
      )}
    </div>
  );
}
