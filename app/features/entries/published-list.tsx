import { Pencil, Trash2 } from '~/ui/icons.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { NoEntriesYet } from '~/ui/empty-state.tsx';
import { DeleteEntryDialog } from './entry-actions.tsx';
import { editHref, entryHref } from '~/lib/links.ts';
import { EntryStats } from './entry-stats.tsx';
import { RelativeTime } from '~/ui/relative-time.tsx';
import type { EntryView, FeedPage } from './types.ts';
import { useEntryFeed } from './use-entry-feed.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';

const TYPE_LABELS: Record<string, string> = { article: '文章', post: '专栏', vote: '投票' };

function typeLabel(entry: EntryView): string {
  return entry.originalUrl && entry.type !== 'post' ? '分享' : (TYPE_LABELS[entry.type] ?? '文章');
}

/** /published: the viewer's entries, newest first, each with edit and delete (delete asks first). */
export function PublishedList({ first }: { first: FeedPage<EntryView> }) {
  const { entries, hasMore, loading, loadMore } = useEntryFeed(first, undefined);
  const alerts = useAlerts();
  const [removed, setRemoved] = useState<Set<string>>(() => new Set());
  const [confirming, setConfirming] = useState<EntryView | null>(null);
  const shown = entries.filter((e) => !removed.has(e.id));

  async function remove(entry: EntryView) {
    setConfirming(null);
    try {
      await apiFetch(`/api/post/entryDel?entryId=${entry.id}`);
      setRemoved((current) => new Set(current).add(entry.id));
      alerts.push({ type: 'success', message: '已删除' });
    } catch (error) {
      alerts.pushError(error);
    }
  }

  return (
    <PageContainer className="max-w-[860px]">
      <div className="rounded bg-card">
        <div className="flex items-center justify-between border-line border-b px-5 py-3">
          <h1 className="font-semibold text-base">已发布</h1>
          <span className="flex gap-2">
            <Link to="/analytics" className={buttonClass('text')}>
              创作数据
            </Link>
            <Link to="/new-entry" className={buttonClass('secondary')}>
              分享链接
            </Link>
            <Link to="/editor/drafts/new" className={buttonClass('primary')}>
              写文章
            </Link>
          </span>
        </div>
        {shown.length === 0 ? (
          <NoEntriesYet />
        ) : (
          <ul aria-label="已发布的文章">
            {shown.map((entry) => (
              <li key={entry.id} className="border-line border-b px-5 py-3.5 last:border-b-0">
                <div className="flex items-start gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="flex items-center gap-2 text-[13px] text-fg-3">
                      <span className="rounded bg-page px-1.5 py-0.5 text-fg-2">{typeLabel(entry)}</span>
                      <span>{entry.category.title}</span>
                      <span aria-hidden="true">·</span>
                      <RelativeTime value={entry.createdAt} />
                    </p>
                    <h2 className="mt-1 line-clamp-2 font-semibold text-base leading-snug">
                      <Link to={entryHref(entry)} className="hover:text-brand">
                        {entry.title}
                      </Link>
                    </h2>
                    <EntryStats entry={entry} className="mt-2" />
                  </div>
                  <span className="flex shrink-0 items-center gap-1">
                    <Link to={editHref(entry)} className={buttonClass('text')} aria-label={`编辑「${entry.title}」`}>
                      <Pencil size={16} strokeWidth={1.75} aria-hidden="true" />
                      编辑
                    </Link>
                    <Button variant="text" onClick={() => setConfirming(entry)} aria-label={`删除「${entry.title}」`}>
                      <Trash2 size={16} strokeWidth={1.75} aria-hidden="true" />
                      删除
                    </Button>
                  </span>
                </div>
              </li>
            ))}
          </ul>
        )}
        {hasMore && (
          <div className="border-line border-t px-5 py-3 text-center">
            <LoadMoreButton loading={loading} onClick={loadMore} />
          </div>
        )}
      </div>
      <DeleteEntryDialog
        open={confirming !== null}
        title={confirming?.title ?? ''}
        onOpenChange={(open) => !open && setConfirming(null)}
        onConfirm={() => confirming && void remove(confirming)}
      />
    </PageContainer>
  );
}
