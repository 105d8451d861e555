import { FileText, PenLine, Trash2 } from '~/ui/icons.tsx';
import { useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '~/ui/relative-time.tsx';
import { useAlerts } from '~/lib/alerts.ts';
import { buttonClass, iconButtonClass } from '~/ui/button.tsx';
import { ConfirmDialog } from '~/ui/confirm-dialog.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import { type DraftListItem, type DraftPage, deleteDraft, listDrafts } from './editor-api.ts';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';
import { usePointerPages } from '~/lib/use-pointer-pages.ts';

/** The draft list (/editor/drafts): title or 无标题, last edit, open, delete after confirming. */
export function DraftList({ initial }: { initial: DraftPage }) {
  const alerts = useAlerts();
  const pages = usePointerPages(initial, listDrafts);
  const [confirming, setConfirming] = useState<DraftListItem | null>(null);

  const remove = async (draft: DraftListItem) => {
    try {
      await deleteDraft(draft.id);
      pages.remove(draft.id);
      alerts.push({ type: 'success', message: '草稿已删除' });
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setConfirming(null);
    }
  };

  return (
    <PageContainer className="max-w-[820px]">
      <div className="rounded-lg bg-card">
        <div className="flex items-center justify-between border-line border-b px-5 py-3">
          <h1 className="font-semibold text-base">草稿箱</h1>
          <Link to="/editor/drafts/new" className={buttonClass('primary', 'sm')}>
            <PenLine aria-hidden size={16} strokeWidth={1.75} />
            写文章
          </Link>
        </div>
        {pages.items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-5 py-16 text-fg-3">
            <FileText aria-hidden size={32} strokeWidth={1.5} />
            <p>还没有草稿，去写第一篇</p>
            <Link to="/editor/drafts/new" className={buttonClass('secondary', 'sm')}>
              写文章
            </Link>
          </div>
        ) : (
          <ul aria-label="草稿列表" className="divide-y divide-line">
            {pages.items.map((draft) => (
              <li key={draft.id} className="flex items-start gap-3 px-5 py-4">
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/editor/drafts/${draft.id}`}
                    className={`line-clamp-1 font-semibold text-base hover:text-brand ${draft.title ? '' : 'text-fg-3'}`}
                  >
                    {draft.title || '无标题'}
                  </Link>
                  {draft.excerpt && <p className="mt-1 line-clamp-1 text-fg-2 text-sm">{draft.excerpt}</p>}
                  <p className="mt-1 text-[13px] text-fg-3">
                    {draft.entryId ? '修改已发布的文章 · ' : ''}
                    <RelativeTime value={draft.updatedAt} />
                    编辑
                  </p>
                </div>
                <button
                  type="button"
                  aria-label={`删除草稿 ${draft.title || '无标题'}`}
                  className={iconButtonClass('hover:text-danger')}
                  onClick={() => setConfirming(draft)}
                >
                  <Trash2 aria-hidden size={16} strokeWidth={1.75} />
                </button>
              </li>
            ))}
          </ul>
        )}
        {pages.pointer && (
          <div className="border-line border-t px-5 py-3 text-center">
            <LoadMoreButton loading={pages.loading} onClick={pages.more} />
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="删除草稿"
        description={`删除后不可恢复，确定删除「${confirming?.title || '无标题'}」吗？`}
        confirmLabel="删除"
        danger
        onConfirm={() => {
          if (confirming) void remove(confirming);
        }}
      />
    </PageContainer>
  );
}
