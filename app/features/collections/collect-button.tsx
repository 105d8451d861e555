import { Star } from '~/ui/icons.tsx';
import { lazy, useEffect, useState } from 'react';
import { useRequireLogin } from '~/lib/auth-modal.ts';
import { useViewer } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import { OpenedOnce } from '~/ui/opened-once.tsx';
import { collectToggle } from '~/ui/row-toggles.ts';

// The dialog (radix, the collection list and form) loads the first time a person collects.
const CollectDialog = lazy(() => import('./collect-dialog.tsx'));

/**
 * 收藏: opens the collect dialog for an entry (sign-in first, before any request). The icon is
 * filled while the entry sits in one of the viewer's collections, re-read from the server
 * after each change (SPEC §4).
 */
export function CollectButton({
  entryId,
  checkOnMount = false,
}: {
  entryId: string;
  /** Ask the server at once whether the entry is collected (one entry pages). */
  checkOnMount?: boolean;
}) {
  const requireLogin = useRequireLogin();
  const viewerId = useViewer()?.id;
  const [open, setOpen] = useState(false);
  const [collected, setCollectedState] = useState(false);

  useEffect(() => {
    if (!checkOnMount || !viewerId) return;
    let live = true;
    // The collections client loads with this check (one entry pages), not with every feed row.
    import('./collections-api.ts')
      .then((api) => api.isInMyCollections([entryId]))
      .then((map) => live && setCollectedState(map.get(entryId) ?? false))
      // Collect-state failures are only logged (SPEC §8).
      .catch((error: unknown) => console.warn('isInMyCollectionSet failed', error));
    return () => {
      live = false;
    };
  }, [checkOnMount, viewerId, entryId]);

  function onClick() {
    try {
      requireLogin();
    } catch {
      return;
    }
    setOpen(true);
  }

  const { label } = collectToggle(collected);
  return (
    <>
      <Button variant="secondary" onClick={onClick} aria-pressed={collected} className={collected ? 'text-brand' : ''}>
        <Star aria-hidden size={16} strokeWidth={1.75} fill={collected ? 'currentColor' : 'none'} />
        {label}
      </Button>
      <OpenedOnce open={open}>
        <CollectDialog entryId={entryId} open={open} onOpenChange={setOpen} onCollected={setCollectedState} />
      </OpenedOnce>
    </>
  );
}
