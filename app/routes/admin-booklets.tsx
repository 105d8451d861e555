import { Link } from 'react-router';
import { AdminPanel } from '~/features/admin/admin-layout.tsx';
import { AdminBookletTable } from '~/features/booklets/admin-booklet-table.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireRoleIn } from '~/lib/route-guards.server.ts';
import { listBookletsForAdmin } from '@server/modules/booklets/booklets.service.ts';
import type { Route } from './+types/admin-booklets';

const VIEWS = { review: '待审核', live: '已上架', drafts: '草稿', all: '全部' } as const;
type View = keyof typeof VIEWS;

/** /admin/booklets: the review queue (oldest submission first) and every booklet by state, 20 a page. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireRoleIn(context, ['admin']);
  const url = new URL(request.url);
  const param = url.searchParams.get('view') ?? 'review';
  const view: View = param in VIEWS ? (param as View) : 'review';
  const pointer = url.searchParams.get('pointer') ?? undefined;
  const page = await fromService(
    listBookletsForAdmin(
      { db: context.db, viewer },
      {
        submitted: view === 'review',
        isDraft: view === 'live' ? false : view === 'drafts' ? true : undefined,
        before: pointer,
      },
    ),
  );
  return { view, ...page };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '小册管理 - 管理后台');

export default function AdminBooklets({ loaderData }: Route.ComponentProps) {
  const { view, list, pointer } = loaderData;
  return (
    <AdminPanel
      title="小册管理"
      tools={
        <nav aria-label="小册状态" className="flex gap-3 text-sm">
          {(Object.keys(VIEWS) as View[]).map((key) => (
            <Link
              key={key}
              to={`?view=${key}`}
              aria-current={key === view ? 'page' : undefined}
              className={key === view ? 'font-medium text-brand' : 'text-fg-2 hover:text-brand'}
            >
              {VIEWS[key]}
            </Link>
          ))}
        </nav>
      }
    >
      <AdminBookletTable list={list} />
      {pointer && (
        <div className="mt-4 text-center">
          <Link to={`?view=${view}&pointer=${encodeURIComponent(pointer)}`} className="btn btn-secondary btn-sm">
            下一页
          </Link>
        </div>
      )}
    </AdminPanel>
  );
}
