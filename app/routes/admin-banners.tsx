import { BANNER_POSITION_LABELS } from '@core/banners.ts';
import { formatDateTime } from '@core/format.ts';
import { useState } from 'react';
import { AdminPanel, ConfirmRemoveDialog, EditRemoveButtons, NextPageLink } from '~/features/admin/admin-layout.tsx';
import { loadBanners } from '~/features/admin/admin.server.ts';
import { type AdminBannerRow, BannerFormDialog } from '~/features/admin/banner-form.tsx';
import { apiFetch } from '~/lib/api-client.ts';
import { pageMeta } from '~/lib/meta.ts';
import { useApiAction } from '~/lib/use-api-action.ts';
import { AdminTable } from '~/ui/admin-table.tsx';
import { Button } from '~/ui/button.tsx';
import type { Route } from './+types/admin-banners';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/** /admin/banners: every banner (running, coming, ended); create, edit, delete. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadBanners(context, new URL(request.url));
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '横幅 - 管理后台');

function windowState(b: AdminBannerRow, now: number): string {
  if (Date.parse(b.startedAt) > now) return '未开始';
  return Date.parse(b.endedAt) > now ? '展示中' : '已结束';
}

export default function AdminBanners({ loaderData }: Route.ComponentProps) {
  const { list, pointer, now } = loaderData;
  const { busy, run } = useApiAction();
  const [editing, setEditing] = useState<AdminBannerRow | 'new' | null>(null);
  const [removing, setRemoving] = useState<AdminBannerRow | null>(null);

  async function remove() {
    if (!removing) return;
    await run(() => apiFetch('/api/banner/admin/delete', { json: { id: removing.id } }), {
      success: '横幅已删除',
      done: () => setRemoving(null),
    });
  }

  return (
    <AdminPanel title="横幅" tools={<Button onClick={() => setEditing('new')}>新建横幅</Button>}>
      <AdminTable
        label="横幅"
        rows={list as AdminBannerRow[]}
        rowKey={(b) => b.id}
        rowProps={(b) => ({ 'data-banner-id': b.id })}
        empty="还没有横幅"
        columns={[
          {
            header: '文字',
            className: 'min-w-[160px]',
            cell: (b) => (
              <>
                <a href={b.url} className="font-medium hover:text-brand">
                  {b.textList[0]}
                </a>
                {b.textList.slice(1).map((line) => (
                  <p key={line} className="text-fg-3 text-xs">
                    {line}
                  </p>
                ))}
              </>
            ),
          },
          { header: '位置', className: 'whitespace-nowrap', cell: (b) => BANNER_POSITION_LABELS[b.position] },
          {
            header: '时间（北京时间）',
            className: 'whitespace-nowrap text-fg-2',
            cell: (b) => (
              <>
                {formatDateTime(b.startedAt)}
                <br />
                {formatDateTime(b.endedAt)}
              </>
            ),
          },
          { header: '状态', className: 'whitespace-nowrap', cell: (b) => windowState(b, now) },
          {
            header: '操作',
            className: 'whitespace-nowrap',
            cell: (b) => (
              <EditRemoveButtons name={b.textList[0]} onEdit={() => setEditing(b)} onRemove={() => setRemoving(b)} />
            ),
          },
        ]}
      />
      <NextPageLink pointer={pointer} />
      {editing !== null && (
        <BannerFormDialog banner={editing === 'new' ? undefined : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmRemoveDialog
        what="横幅"
        name={removing?.textList[0]}
        onCancel={() => setRemoving(null)}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </AdminPanel>
  );
}
