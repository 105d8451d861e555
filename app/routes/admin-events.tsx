import { formatEventWindow } from '@core/events.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { AdminPanel, ConfirmRemoveDialog, EditRemoveButtons } from '~/features/admin/admin-layout.tsx';
import { type EditableEvent, EventFormDialog } from '~/features/events/event-form-dialog.tsx';
import { eventHref } from '~/features/events/event-links.ts';
import { loadAdminEvents } from '~/features/events/events.server.ts';
import { Pagination } from '~/features/entries/pagination.tsx';
import { apiFetch } from '~/lib/api-client.ts';
import { pageMeta } from '~/lib/meta.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { Button } from '~/ui/button.tsx';
import { AdminTable } from '~/ui/admin-table.tsx';
import type { Route } from './+types/admin-events';

/** /admin/events: administrators create, edit and delete events (the calls of /api/event). */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadAdminEvents(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '活动管理 - 管理后台');

export default function AdminEvents({ loaderData }: Route.ComponentProps) {
  const { tab, page, pageCount, total, events, cities } = loaderData;
  const { busy, run } = useApiAction();
  const [editing, setEditing] = useState<EditableEvent | 'new' | null>(null);
  const [removing, setRemoving] = useState<EditableEvent | null>(null);
  const hrefOf = (next: { tab?: 'coming' | 'past'; page?: number }) => {
    const query = new URLSearchParams();
    if ((next.tab ?? tab) === 'past') query.set('status', 'past');
    if (next.page && next.page > 1) query.set('page', String(next.page));
    const text = query.toString();
    return text ? `/admin/events?${text}` : '/admin/events';
  };

  async function remove() {
    if (!removing) return;
    await run(() => apiFetch('/api/event/delete', { method: 'POST', json: { eventId: removing.id } }), {
      success: '活动已删除',
      done: () => setRemoving(null),
    });
  }

  return (
    <AdminPanel title="活动管理" tools={<Button onClick={() => setEditing('new')}>新建活动</Button>}>
      <div className="mb-4 flex items-center gap-4 text-sm">
        {(['coming', 'past'] as const).map((t) => (
          <Link
            key={t}
            to={hrefOf({ tab: t })}
            aria-current={tab === t ? 'true' : undefined}
            className={tab === t ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
          >
            {t === 'coming' ? '即将开始' : '往期活动'}
          </Link>
        ))}
        <span className="text-[13px] text-fg-3">共 {total} 场</span>
      </div>
      <AdminTable
        label="活动"
        rows={events}
        rowKey={(event) => event.id}
        empty="还没有活动"
        columns={[
          {
            header: '活动',
            cell: (event) => (
              <>
                <a href={eventHref(event.url)} className="font-medium hover:text-brand">
                  {event.title}
                </a>
                <p className="text-[12px] text-fg-3">{event.address}</p>
              </>
            ),
          },
          {
            header: '时间（北京时间）',
            className: 'whitespace-nowrap text-fg-2',
            cell: (event) => formatEventWindow(event.startedAt, event.endedAt),
          },
          { header: '城市', cell: (event) => event.city },
          { header: '推荐位', cell: (event) => (event.showBanner ? '是' : '否') },
          {
            header: '操作',
            className: 'whitespace-nowrap',
            cell: (event) => (
              <EditRemoveButtons
                name={event.title}
                onEdit={() => setEditing(event)}
                onRemove={() => setRemoving(event)}
              />
            ),
          },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} hrefOf={(n) => hrefOf({ page: n })} />
      <EventFormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        event={editing === 'new' || editing === null ? undefined : editing}
        cities={cities}
      />
      <ConfirmRemoveDialog
        what="活动"
        name={removing?.title}
        onCancel={() => setRemoving(null)}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </AdminPanel>
  );
}
