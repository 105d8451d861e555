import { FileText, PenLine, Trash2 } from 'lucide-react';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { Link } from 'react-router';
import { RelativeTime } from '~/features/entries/relative-time.tsx';
import { useAlerts } from '~/lib/alerts.ts';
import { Button, buttonClass, iconButtonClass } from '~/ui/button.tsx';
import { dialogContentClass, dialogOverlayClass } from '~/ui/dialog.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import { type DraftListItem, type DraftPage, deleteDraft, listDrafts } from './editor-api.ts';

/** The draft list (/editor/drafts): title or 无标题, last edit, open, delete after confirming. */
export function DraftList({ initial }: { initial: DraftPage }) {
  const alerts = useAlerts();
  const [items, setItems] = useState<DraftListItem[]>(initial.list);
  const [pointer, setPointer] = useState(initial.pointer);
  const [loading, setLoading] = useState(false);
  const [confirming, setConfirming] = useState<DraftListItem | null>(null);

  const loadMore = async () => {
    if (!pointer) return;
    setLoading(true);
    try {
      const page = await listDrafts(pointer);
      setItems((current) => [...current, ...page.list.filter((d) => !current.some((c) => c.id === d.id))]);
      setPointer(page.pointer);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(false);
    }
  };

  const remove = async (draft: DraftListItem) => {
    try {
      await deleteDraft(draft.id);
      setItems((current) => current.filter((d) => d.id !== draft.id));
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
        {items.length === 0 ? (
          <div className="flex flex-col items-center gap-3 px-5 py-16 text-fg-3">
            <FileText aria-hidden size={32} strokeWidth={1.5} />
            <p>还没有草稿，去写第一篇</p>
            <Link to="/editor/drafts/new" className={buttonClass('secondary', 'sm')}>
              写文章
            </Link>
          </div>
        ) : (
          <ul aria-label="草稿列表" className="divide-y divide-line">
            {items.map((draft) => (
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
        {pointer && (
          <div className="border-line border-t px-5 py-3 text-center">
            <Button variant="text" disabled={loading} onClick={loadMore}>
              {loading ? '加载中...' : '加载更多'}
            </Button>
          </div>
        )}
      </div>
      <AlertDialog.Root open={confirming !== null} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialog.Portal>
          <AlertDialog.Overlay className={dialogOverlayClass} />
          <AlertDialog.Content className={dialogContentClass('w-[360px] p-5')}>
            <AlertDialog.Title className="font-semibold text-base">删除草稿</AlertDialog.Title>
            <AlertDialog.Description className="mt-2 text-fg-2 text-sm">
              删除后不可恢复，确定删除「{confirming?.title || '无标题'}」吗？
            </AlertDialog.Description>
            <div className="mt-5 flex justify-end gap-3">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary">取消</Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action asChild>
                <Button
                  className="bg-danger hover:bg-danger/90"
                  onClick={(event) => {
                    event.preventDefault();
                    if (confirming) void remove(confirming);
                  }}
                >
                  删除
                </Button>
              </AlertDialog.Action>
            </div>
          </AlertDialog.Content>
        </AlertDialog.Portal>
      </AlertDialog.Root>
    </PageContainer>
  );
}
