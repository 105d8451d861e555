import { AdminPanel, FilterButton, NextPageLink } from '~/features/admin/admin-layout.tsx';
import { loadPeople } from '~/features/admin/admin.server.ts';
import { PeopleTable } from '~/features/admin/people-table.tsx';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/admin-people';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/** /admin/people: find people; role, booklet-author flag, suspension and forced password reset. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return loadPeople(context, new URL(request.url));
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '用户管理 - 管理后台');

export default function AdminPeople({ loaderData }: Route.ComponentProps) {
  const { list, pointer, q, viewerId } = loaderData;
  return (
    <AdminPanel
      title="用户管理"
      tools={
        <form method="get" aria-label="搜索用户" className="flex items-center gap-2 text-sm">
          <input
            name="q"
            type="search"
            defaultValue={q}
            maxLength={64}
            aria-label="搜索用户"
            placeholder="用户名、手机号、邮箱或 id"
            className="h-8 w-56 max-w-full rounded border border-line bg-page px-2"
          />
          <FilterButton>搜索</FilterButton>
        </form>
      }
    >
      <PeopleTable list={list} viewerId={viewerId} />
      <NextPageLink filters={{ q }} pointer={pointer} />
    </AdminPanel>
  );
}
