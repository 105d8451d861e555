import { type ReactNode, useEffect, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { type UnreadCounts, useUnreadCount } from '~/lib/unread-count.ts';
import { Button } from '~/ui/button.tsx';
import { useLiveRefresh } from './use-live-refresh.ts';
import { LoadMoreButton } from '~/ui/load-more-button.tsx';

export interface NotificationListProps<T extends { id: string }> {
  kind: 'user' | 'system';
  label: string;
  emptyText: string;
  initial: { list: T[]; pointer: string | null };
  isUnread(item: T): boolean;
  markRead(item: T): T;
  fetchMore(pointer: string): Promise<{ list: T[]; pointer: string | null }>;
  readAll(): Promise<UnreadCounts>;
  renderItem(item: T): ReactNode;
  /** Shown between the toolbar and the list (the admins' send form). */
  header?: ReactNode;
}

/**
 * One notification list (the user groups or the system notices): read-all, more by cursor, and
 * a reload when the live unread count of this list grows.
 */
export function NotificationList<T extends { id: string }>(props: NotificationListProps<T>) {
  const alerts = useAlerts();
  const { counts, setCounts } = useUnreadCount();
  const [list, setList] = useState(props.initial.list);
  const [pointer, setPointer] = useState(props.initial.pointer);
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    setList(props.initial.list);
    setPointer(props.initial.pointer);
  }, [props.initial]);
  useLiveRefresh(props.kind);

  const hasUnread = list.some(props.isUnread) || (counts?.[props.kind] ?? 0) > 0;

  async function more() {
    if (!pointer) return;
    setLoading(true);
    try {
      const page = await props.fetchMore(pointer);
      setList((current) => [...current, ...page.list]);
      setPointer(page.pointer);
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setLoading(false);
    }
  }

  async function readAll() {
    try {
      setCounts(await props.readAll());
      setList((current) => current.map(props.markRead));
    } catch (error) {
      alerts.pushError(error);
    }
  }

  return (
    <section aria-label={props.label} className="rounded-b bg-card">
      <div className="flex justify-end border-line border-b px-4 py-2 sm:px-5">
        <Button variant="text" disabled={!hasUnread} onClick={() => void readAll()}>
          全部标为已读
        </Button>
      </div>
      {props.header}
      {list.length === 0 ? (
        <p className="px-4 py-16 text-center text-fg-3">{props.emptyText}</p>
      ) : (
        <ul>{list.map(props.renderItem)}</ul>
      )}
      {pointer && (
        <div className="flex justify-center border-line border-t py-3">
          <LoadMoreButton variant="secondary" loading={loading} onClick={() => void more()} />
        </div>
      )}
    </section>
  );
}
