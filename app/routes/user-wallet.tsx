import { data } from 'react-router';
import { WalletView } from '~/features/wallet/wallet-view.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { EmptyState } from '~/ui/empty-state.tsx';
import { PageContainer } from '~/ui/page-layout.tsx';
import {
  checkApplyRules,
  getAmount,
  getBills,
  haveWalletAccess,
  listOwnWithdrawals,
} from '@server/modules/wallet/wallet.service.ts';
import type { Route } from './+types/user-wallet';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/** /user/wallet (signed in only): balance, bills (?page, one-based) and withdrawals. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  const { access } = await fromService(haveWalletAccess({ db: context.db, viewer }));
  if (!access) return { access: false as const };
  const pageParam = new URL(request.url).searchParams.get('page') ?? '1';
  const page = Number(pageParam);
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw data({ message: '找不到页面' }, { status: 404 });
  const [amount, rules, bills, withdrawals] = await Promise.all([
    fromService(getAmount({ db: context.db, viewer })),
    fromService(checkApplyRules({ db: context.db, viewer })),
    fromService(getBills({ db: context.db, viewer }, page - 1)),
    fromService(listOwnWithdrawals({ db: context.db, viewer })),
  ]);
  return {
    access: true as const,
    amount: amount.amount,
    pending: amount.pending,
    rules,
    bills: bills.bills,
    page,
    hasMore: bills.hasMore,
    withdrawals: withdrawals.applications,
  };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': PRIVATE_NO_STORE });

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '我的钱包');

export default function UserWalletPage({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer className="max-w-[820px]">
      {loaderData.access ? (
        <WalletView {...loaderData} />
      ) : (
        <section className="rounded-lg bg-card">
          <h1 className="border-line border-b px-5 py-3 font-semibold text-base">我的钱包</h1>
          <EmptyState text="你还没有开通钱包：出售小册获得第一笔收入后自动开通" />
        </section>
      )}
    </PageContainer>
  );
}
