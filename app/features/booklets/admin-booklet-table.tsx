import { bookletCategoryTitle, formatPrice } from '@core/booklets.ts';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { useAlerts } from '~/lib/alerts.ts';
import { Button } from '~/ui/button.tsx';
import { EmptyState } from '~/ui/empty-state.tsx';
import { approveBooklet, setBookletFlag } from './booklet-api.ts';
import { BookletCover } from './booklet-cover.tsx';
import type { BookletCard } from './types.ts';

function state(booklet: BookletCard): string {
  if (!booklet.isDraft) return '已上架';
  return booklet.submittedAt ? '待审核' : '草稿';
}

/** The console's booklet table: approve submitted ones, set hot and top, open any. */
export function AdminBookletTable({ list }: { list: BookletCard[] }) {
  const alerts = useAlerts();
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (id: string, action: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await action();
      alerts.push({ type: 'success', message: done });
      revalidator.revalidate();
    } catch (error) {
      alerts.pushError(error);
    } finally {
      setBusy(null);
    }
  };

  if (list.length === 0) return <EmptyState text="没有小册" />;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-fg-3">
          <tr>
            <th className="py-2 pr-3 font-normal">小册</th>
            <th className="py-2 pr-3 font-normal">作者</th>
            <th className="py-2 pr-3 font-normal">状态</th>
            <th className="py-2 pr-3 font-normal">价格</th>
            <th className="py-2 pr-3 font-normal">小节 / 购买</th>
            <th className="py-2 font-normal">操作</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {list.map((b) => (
            <tr key={b.id}>
              <td className="py-2 pr-3">
                <Link to={`/book/${b.id}`} className="flex items-center gap-2 hover:text-brand">
                  <BookletCover booklet={b} width={30} />
                  <span>
                    <span className="block font-medium">{b.title}</span>
                    <span className="text-[12px] text-fg-3">{bookletCategoryTitle(b.category)}</span>
                  </span>
                </Link>
              </td>
              <td className="py-2 pr-3">{b.user.username}</td>
              <td className="py-2 pr-3">
                {state(b)}
                {b.isHot && <span className="ml-1 text-danger">热门</span>}
                {b.isTop && <span className="ml-1 text-brand">置顶</span>}
              </td>
              <td className="py-2 pr-3">{formatPrice(b.price)}</td>
              <td className="py-2 pr-3">
                {b.sectionCount} / {b.buyCount}
              </td>
              <td className="flex flex-wrap gap-2 py-2">
                {b.isDraft && b.submittedAt && (
                  <Button
                    disabled={busy === b.id}
                    onClick={() => run(b.id, () => approveBooklet(b.id), `《${b.title}》已上架`)}
                  >
                    通过审核
                  </Button>
                )}
                <Button
                  variant="secondary"
                  disabled={busy === b.id}
                  onClick={() => run(b.id, () => setBookletFlag(b.id, 'isHot', !b.isHot), '已更新')}
                >
                  {b.isHot ? '取消热门' : '设为热门'}
                </Button>
                <Button
                  variant="secondary"
                  disabled={busy === b.id}
                  onClick={() => run(b.id, () => setBookletFlag(b.id, 'isTop', !b.isTop), '已更新')}
                >
                  {b.isTop ? '取消置顶' : '置顶'}
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
