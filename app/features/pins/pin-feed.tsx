import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import { PinCard } from './pin-card.tsx';
import type { PinCardView, PinTab, PinView } from './types.ts';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';

export interface PinFeedProps {
  sort: PinTab;
  pins: PinCardView[];
  pointer: string | null;
  /** A person's pins only. */
  uid?: string;
  empty?: string;
}

/** Pins in one card, with the next keyset page on demand. */
export function PinFeed({ sort, pins: first, pointer: firstPointer, uid, empty = '这里还没有沸点' }: PinFeedProps) {
  const alerts = useAlerts();
  const [pins, setPins] = useState<PinCardView[]>(first);
  const [pointer, setPointer] = useState(firstPointer);
  const [loading, setLoading] = useState(false);

  async function more() {
    if (!pointer) return;
    setLoading(true);
    try {
      const params = new URLSearchParams({ sort, before: pointer });
      if (uid) params.set('uid', uid);
      const page = await apiFetch<{ pins: PinView[]; pointer: string | null }>(`/api/pin/list?${params}`);
      const known = new Set(pins.map((p) => p.id));
      setPins((current) => [...current, ...page.pins.filter((p) => !known.has(p.id))]);
      setPointer(page.pointer);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(false);
    }
  }

  return (
    <>
      {pins.length === 0 ? (
        <p className="rounded bg-card py-12 text-center text-fg-3 text-sm">{empty}</p>
      ) : (
        <ul className="divide-y divide-line rounded bg-card" aria-label="沸点列表">
          {pins.map((pin) => (
            <li key={pin.id}>
              <PinCard pin={pin} onDeleted={(id) => setPins((current) => current.filter((p) => p.id !== id))} />
            </li>
          ))}
        </ul>
      )}
      {pointer && (
        <div className="mt-4 text-center">
          <LoadMoreButton variant="secondary" loading={loading} onClick={more} />
        </div>
      )}
    </>
  );
}
