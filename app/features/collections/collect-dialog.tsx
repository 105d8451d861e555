import { FolderPlus, Plus } from '~/ui/icons.tsx';
import { Dialog } from 'radix-ui';
import { type FormEvent, useEffect, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { Button } from '~/ui/button.tsx';
import { ModalDialog } from '~/ui/modal-dialog.tsx';
import { TITLE_MAX } from './collection-form-dialog.tsx';
import { createCollection, myCollectionsFor, setCollected } from './collections-api.ts';
import type { CollectionWithIsIn } from './types.ts';

/** 收藏's dialog, loaded the first time it opens (collect-button.tsx). */
export default function CollectDialog({
  entryId,
  open,
  onOpenChange,
  onCollected,
}: {
  entryId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCollected: (collected: boolean) => void;
}) {
  return (
    <ModalDialog open={open} onOpenChange={onOpenChange} widthClass="w-[400px]">
      <CollectPanel entryId={entryId} onCollected={onCollected} />
    </ModalDialog>
  );
}

/** The viewer's collections with isIn for the entry; toggles, and a new collection inline. */
function CollectPanel({ entryId, onCollected }: { entryId: string; onCollected: (collected: boolean) => void }) {
  const alerts = useAlerts();
  const [list, setList] = useState<CollectionWithIsIn[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [title, setTitle] = useState('');

  useEffect(() => {
    let live = true;
    myCollectionsFor(entryId)
      .then((page) => live && setList(page.collectionSets))
      .catch((error: unknown) => {
        if (!live) return;
        setList([]);
        alerts.pushError(error);
      });
    return () => {
      live = false;
    };
  }, [entryId, alerts]);

  async function toggle(collection: CollectionWithIsIn) {
    setBusy(collection.id);
    try {
      const result = await setCollected(collection.id, entryId, !collection.isIn);
      // Local state changes only after the call succeeded (SPEC §4).
      setList((current) =>
        (current ?? []).map((c) =>
          c.id === collection.id ? { ...c, isIn: result.isIn, entryCount: result.entryCount } : c,
        ),
      );
      onCollected(result.collected);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(null);
    }
  }

  async function onCreate(event: FormEvent) {
    event.preventDefault();
    if (!title.trim()) {
      alerts.push({ type: 'error', message: '请输入收藏集名称' });
      return;
    }
    setBusy('new');
    try {
      const created = await createCollection({ title: title.trim(), description: '', bgImgUrl: '' });
      const result = await setCollected(created.id, entryId, true);
      setList((current) => [{ ...created, isIn: true, entryCount: result.entryCount }, ...(current ?? [])]);
      onCollected(result.collected);
      setTitle('');
      setCreating(false);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="p-6">
      <Dialog.Title className="font-semibold text-lg">添加到收藏集</Dialog.Title>
      <ul aria-label="我的收藏集" className="mt-4 max-h-72 space-y-1 overflow-y-auto">
        {list === null && <li className="py-6 text-center text-fg-3">加载中…</li>}
        {list?.length === 0 && <li className="py-6 text-center text-fg-3">还没有收藏集，新建一个吧</li>}
        {list?.map((collection) => (
          <li key={collection.id}>
            <label className="flex w-full cursor-pointer items-center gap-3 rounded px-3 py-2 hover:bg-page has-[:disabled]:opacity-60">
              <input
                type="checkbox"
                checked={collection.isIn}
                disabled={busy !== null}
                onChange={() => void toggle(collection)}
                className="size-4 shrink-0 accent-[var(--brand)]"
              />
              <span className="min-w-0 flex-1 truncate">{collection.title}</span>
              <span className="shrink-0 text-[13px] text-fg-3">{collection.entryCount} 篇</span>
            </label>
          </li>
        ))}
      </ul>
      {creating ? (
        <form onSubmit={onCreate} className="mt-4 flex gap-2">
          <input
            // biome-ignore lint/a11y/noAutofocus: the field the person just asked for
            autoFocus
            aria-label="新收藏集名称"
            value={title}
            maxLength={TITLE_MAX}
            onChange={(e) => setTitle(e.target.value)}
            placeholder="收藏集名称"
            className="h-9 min-w-0 flex-1 rounded border border-line bg-card px-3 outline-none focus:border-brand"
          />
          <Button type="submit" size="md" disabled={busy !== null}>
            <Plus aria-hidden size={16} />
            创建并收藏
          </Button>
        </form>
      ) : (
        <Button variant="text" className="mt-3" onClick={() => setCreating(true)}>
          <FolderPlus aria-hidden size={16} strokeWidth={1.75} />
          新建收藏集
        </Button>
      )}
    </div>
  );
}
