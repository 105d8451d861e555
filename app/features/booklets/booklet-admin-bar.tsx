import { useApiAction } from '~/lib/use-api-action.ts';
import { Button } from '~/ui/button.tsx';
import { approveBooklet, setBookletFlag } from './booklet-api.ts';
import type { BookletDetail } from './types.ts';

/** What an administrator can do on a booklet's page: approve a submitted draft, set hot and top. */
export function BookletAdminBar({ booklet }: { booklet: BookletDetail }) {
  const action = useApiAction();
  const busy = action.busy;
  const run = (call: () => Promise<unknown>, success: string) => action.run(call, { success });

  return (
    <section
      aria-label="管理"
      className="flex flex-wrap items-center gap-3 rounded border border-brand/40 bg-card px-4 py-3 text-sm"
    >
      <span className="font-medium text-fg">管理员</span>
      {booklet.isDraft ? (
        booklet.submittedAt ? (
          <Button disabled={busy} onClick={() => run(() => approveBooklet(booklet.id), '已通过审核，小册已上架')}>
            通过审核
          </Button>
        ) : (
          <span className="text-fg-3">作者尚未提交审核</span>
        )
      ) : (
        <span className="text-success">已上架</span>
      )}
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => run(() => setBookletFlag(booklet.id, 'isHot', !booklet.isHot), '已更新')}
      >
        {booklet.isHot ? '取消热门' : '设为热门'}
      </Button>
      <Button
        variant="secondary"
        disabled={busy}
        onClick={() => run(() => setBookletFlag(booklet.id, 'isTop', !booklet.isTop), '已更新')}
      >
        {booklet.isTop ? '取消置顶' : '置顶'}
      </Button>
    </section>
  );
}
