import { AdminPanel } from '~/features/admin/admin-layout.tsx';
import { WithdrawalReview } from '~/features/wallet/withdrawal-review.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireRoleIn } from '~/lib/route-guards.server.ts';
import { listWithdrawals } from '@server/modules/wallet/wallet.service.ts';
import type { Route } from './+types/admin-withdrawals';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

const STATUSES = ['pending', 'paid', 'rejected'] as const;

/** /admin/withdrawals: administrators approve or reject withdrawal applications (?status, ?page one-based). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const viewer = requireRoleIn(context, ['admin']);
  const params = new URL(request.url).searchParams;
  const status = STATUSES.find((s) => s === params.get('status')) ?? 'pending';
  const page = Math.min(Math.max(1, Math.trunc(Number(params.get('page')) || 1)), 10_000);
  const result = await fromService(listWithdrawals({ db: context.db, viewer }, { status, page: page - 1 }));
  return { status, page, hasMore: result.hasMore, applications: result.applications };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '提现审核 - 管理后台');

export default function AdminWithdrawals({ loaderData }: Route.ComponentProps) {
  return (
    <AdminPanel title="提现审核">
      <WithdrawalReview {...loaderData} />
    </AdminPanel>
  );
}
