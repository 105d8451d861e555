import { Link } from 'react-router';
import { formatDateTime } from '@core/format.ts';
import { AdminPanel, FilterButton, FilterSelect, NextPageLink } from '~/features/admin/admin-layout.tsx';
import { loadContent } from '~/features/admin/admin.server.ts';
import { ContentActions } from '~/features/admin/moderation-actions.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { AdminTable } from '~/ui/admin-table.tsx';
import type { Route } from './+types/admin-content';

/** /admin/content: entries, comments and pins; recommend, hide with a reason, restore; filters in the URL. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadContent(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '内容管理 - 管理后台');

const TYPES = { entry: '文章', comment: '评论', pin: '沸点' } as const;
const STATES = { all: '全部', visible: '正常', hidden: '已隐藏' } as const;
const field = 'h-8 rounded border border-line bg-page px-2 text-sm';

export default function AdminContent({ loaderData }: Route.ComponentProps) {
  const { filters } = loaderData;
  return (
    <AdminPanel title="内容管理">
      <form method="get" className="mb-4 flex flex-wrap items-end gap-2 text-sm" aria-label="筛选">
        <label className="flex flex-col gap-1">
          类型
          <FilterSelect name="type" defaultValue={filters.type} options={TYPES} className={field} />
        </label>
        <label className="flex flex-col gap-1">
          状态
          <FilterSelect name="state" defaultValue={filters.state} options={STATES} className={field} />
        </label>
        <label className="flex flex-col gap-1">
          作者
          <input name="author" defaultValue={filters.author ?? ''} placeholder="用户名或 id" className={field} />
        </label>
        <label className="flex flex-col gap-1">
          从
          <input type="date" name="from" defaultValue={filters.from ?? ''} className={field} />
        </label>
        <label className="flex flex-col gap-1">
          到
          <input type="date" name="to" defaultValue={filters.to ?? ''} className={field} />
        </label>
        <label className="flex flex-col gap-1">
          关键词
          <input name="q" defaultValue={filters.q ?? ''} className={field} />
        </label>
        <FilterButton />
      </form>
      <AdminTable
        label={TYPES[filters.type]}
        rows={loaderData.list}
        rowKey={(item) => item.id}
        rowProps={(item) => ({ 'data-content-id': item.id })}
        empty="没有符合条件的内容"
        columns={[
          {
            header: '内容',
            className: 'min-w-[200px]',
            cell: (item) => (
              <>
                <Link to={item.href} className="font-medium text-fg hover:text-brand">
                  {item.preview || '（无内容）'}
                </Link>
                {item.hot && <span className="ml-2 text-brand text-xs">已推荐</span>}
                {item.hidden && <p className="mt-1 text-red-600 text-xs">已隐藏：{item.hiddenReason}</p>}
              </>
            ),
          },
          { header: '作者', className: 'whitespace-nowrap', cell: (item) => item.authorName || '已注销用户' },
          { header: '时间', className: 'whitespace-nowrap text-fg-2', cell: (item) => formatDateTime(item.createdAt) },
          {
            header: '操作',
            cell: (item) => (
              <ContentActions
                type={filters.type}
                id={item.id}
                hidden={item.hidden}
                hot={item.hot}
                isAdmin={loaderData.isAdmin}
              />
            ),
          },
        ]}
      />
      <NextPageLink filters={filters} pointer={loaderData.pointer} />
    </AdminPanel>
  );
}
