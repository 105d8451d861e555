import { bookletCategoryTitle, formatPrice } from '@core/booklets.ts';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApiAction } from '~/lib/use-api-action.ts';
import { Button } from '~/ui/button.tsx';
import { AdminTable } from '~/ui/admin-table.tsx';
import { approveBooklet, setBookletFlag } from './booklet-api.ts';
import { BookletCover } from './booklet-cover.tsx';
import type { BookletCard } from './types.ts';

function state(booklet: BookletCard): string {
  if (!booklet.isDraft) return '已上架';
  return booklet.submittedAt ? '待审核' : '草稿';
}

/** The console's booklet table: approve submitted ones, set hot and top, open any. */
export function AdminBookletTable({ list }: { list: BookletCard[] }) {
  const action = useApiAction();
  /** The row whose call is running: only its buttons wait. */
  const [acting, setActing] = useState<string | null>(null);
  const busy = action.busy ? acting : null;

  const run = (id: string, call: () => Promise<unknown>, success: string) => {
    setActing(id);
    return action.run(call, { success });
  };

  return (
    <AdminTable
      label="小册"
      rows={list}
      rowKey={(b) => b.id}
      empty="没有小册"
      columns={[
        {
          header: '小册',
          cell: (b) => (
            <Link to={`/book/${b.id}`} className="flex items-center gap-2 hover:text-brand">
              <BookletCover booklet={b} width={30} />
              <span>
                <span className="block font-medium">{b.title}</span>
                <span className="text-[12px] text-fg-3">{bookletCategoryTitle(b.category)}</span>
              </span>
            </Link>
          ),
        },
        { header: '作者', cell: (b) => b.user.username },
        {
          header: '状态',
          cell: (b) => (
            <>
              {state(b)}
              {b.isHot && <span className="ml-1 text-danger">热门</span>}
              {b.isTop && <span className="ml-1 text-brand">置顶</span>}
            </>
          ),
        },
        { header: '价格', cell: (b) => formatPrice(b.price) },
        { header: '小节 / 购买', cell: (b) => `${b.sectionCount} / ${b.buyCount}` },
        {
          header: '操作',
          cell: (b) => (
            <span className="flex flex-wrap gap-2">
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
            </span>
          ),
        },
      ]}
    />
  );
}
