import { AUDIT_ACTION_LABELS, MODERATION_TARGETS, type ModerationTarget } from '@core/moderation.ts';
import { Link } from 'react-router';
import { listPublicModeration } from '@server/modules/audit/audit.service.ts';
import { fromService } from '~/lib/route-guards.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/moderation';

/** /moderation: the public moderation log (hidden and restored, the reason, the type, the date); no personal data. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const pointer = new URL(request.url).searchParams.get('pointer') ?? undefined;
  return fromService(listPublicModeration(context, { limit: 30, pointer }));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '社区管理记录');

export default function Moderation({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer className="max-w-[820px]">
      <section className="rounded bg-card p-5" aria-label="社区管理记录">
        <h1 className="font-semibold text-[18px] text-fg">社区管理记录</h1>
        <p className="mt-1 text-fg-3 text-sm">管理员隐藏与恢复内容的公开记录，不包含任何个人信息。</p>
        {loaderData.list.length === 0 ? (
          <EmptyState text="暂无记录" />
        ) : (
          <table className="mt-4 w-full text-left text-sm">
            <thead className="text-fg-3">
              <tr>
                <th className="py-2 pr-3 font-normal">日期</th>
                <th className="py-2 pr-3 font-normal">操作</th>
                <th className="py-2 pr-3 font-normal">内容类型</th>
                <th className="py-2 font-normal">原因</th>
              </tr>
            </thead>
            <tbody>
              {loaderData.list.map((row) => (
                <tr key={row.id} className="border-line border-t">
                  <td className="whitespace-nowrap py-2 pr-3 text-fg-2">{row.createdAt.slice(0, 10)}</td>
                  <td className="py-2 pr-3">{AUDIT_ACTION_LABELS[row.action] ?? row.action}</td>
                  <td className="py-2 pr-3">
                    {MODERATION_TARGETS[row.targetType as ModerationTarget] ?? row.targetType}
                  </td>
                  <td className="py-2 text-fg-2">{row.reason || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {loaderData.pointer && (
          <div className="mt-4 text-center">
            <Link to={`?pointer=${loaderData.pointer}`} className="btn btn-secondary btn-sm">
              更早的记录
            </Link>
          </div>
        )}
      </section>
    </PageContainer>
  );
}
