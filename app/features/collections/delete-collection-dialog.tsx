import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { Button } from '~/ui/button.tsx';
import { dialogContentClass, dialogOverlayClass } from '~/ui/dialog.ts';
import { deleteCollection } from './collections-api.ts';

/** 删除 with a confirmation; `onDeleted` runs after the server removed it. */
export function DeleteCollectionButton({ csId, onDeleted }: { csId: string; onDeleted: () => void }) {
  const alerts = useAlerts();
  const [busy, setBusy] = useState(false);
  return (
    <AlertDialog.Root>
      <AlertDialog.Trigger asChild>
        <Button variant="secondary" size="md">
          删除
        </Button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={dialogContentClass('w-[360px]')}>
          <div className="space-y-3 p-6">
            <AlertDialog.Title className="font-semibold text-lg">删除收藏集</AlertDialog.Title>
            <AlertDialog.Description className="text-fg-2">
              删除后收藏集里的文章不会被删除，但收藏集和它的关注者都会消失。确定删除吗？
            </AlertDialog.Description>
            <div className="flex justify-end gap-2 pt-2">
              <AlertDialog.Cancel asChild>
                <Button variant="secondary" size="md">
                  取消
                </Button>
              </AlertDialog.Cancel>
              <Button
                size="md"
                disabled={busy}
                className="bg-danger hover:bg-danger/90"
                onClick={async () => {
                  setBusy(true);
                  try {
                    await deleteCollection(csId);
                    alerts.push({ type: 'success', message: '收藏集已删除' });
                    onDeleted();
                  } catch (error) {
                    alerts.pushError(error);
                    setBusy(false);
                  }
                }}
              >
                确定删除
              </Button>
            </div>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
