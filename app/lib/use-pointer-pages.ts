import { useState } from 'react';
import { useAlerts } from './alerts.ts';

export interface PointerPage<T> {
  list: T[];
  pointer: string | null;
}

/**
 * A list that grows by keyset pages (更多): the rows so far, the next pointer, `loading` while a
 * page is on its way and `more` to fetch it. A row already shown is not shown twice; a failed
 * page shows its alert and leaves the list as it was; `remove` takes out a row deleted on the page.
 */
export function usePointerPages<T extends { id: string }>(
  first: PointerPage<T>,
  fetchPage: (pointer: string) => Promise<PointerPage<T>>,
) {
  const alerts = useAlerts();
  const [items, setItems] = useState(first.list);
  const [pointer, setPointer] = useState(first.pointer);
  const [loading, setLoading] = useState(false);

  async function more() {
    if (!pointer) return;
    setLoading(true);
    try {
      const next = await fetchPage(pointer);
      setItems((current) => [...current, ...next.list.filter((row) => !current.some((c) => c.id === row.id))]);
      setPointer(next.pointer);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(false);
    }
  }

  /** Takes a row out (deleted here). */
  function remove(id: string) {
    setItems((current) => current.filter((row) => row.id !== id));
  }

  return { items, pointer, loading, more, remove };
}
