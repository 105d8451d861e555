import { Link } from 'react-router';
import { BookletRow } from '~/features/booklets/booklet-row.tsx';
import { MobileBookShell } from '~/features/booklets/mobile-shell.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { buttonClass } from '~/ui/button.tsx';
import { listBoughtIds, listMyBooklets } from '@server/modules/booklets/booklets.service.ts';
import type { Route } from './+types/book-m-me';

/** /book/m/me (SPEC §2.3 bookWapMe): the reader's corner: purchases count, and an author's own booklets. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  const [bought, mine] = await Promise.all([
    fromService(listBoughtIds({ db: context.db, viewer })),
    viewer.isXiaoceAuthor ? fromService(listMyBooklets({ db: context.db, viewer })) : Promise.resolve({ list: [] }),
  ]);
  return {
    me: { id: viewer.id, username: viewer.username, avatarLarge: viewer.avatarLarge },
    isAuthor: viewer.isXiaoceAuthor,
    boughtCount: bought.ids.length,
    mine: mine.list,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '我的小册');

export default function BookMobileMe({ loaderData }: Route.ComponentProps) {
  const { me, isAuthor, boughtCount, mine } = loaderData;
  return (
    <MobileBookShell>
      <section className="flex items-center gap-3 bg-card px-4 py-5">
        <Avatar user={me} size={56} />
        <div className="min-w-0 flex-1">
          <h1 className="truncate font-semibold text-[18px] text-fg">{me.username}</h1>
          <Link to="/book/m/bought" className="text-[13px] text-fg-2 hover:text-brand">
            已购 {boughtCount} 本小册
          </Link>
        </div>
        {isAuthor && (
          <Link to="/editor/book/new/section" className={buttonClass('primary', 'sm')}>
            写小册
          </Link>
        )}
      </section>
      {isAuthor && (
        <section aria-labelledby="my-booklets" className="mt-3 bg-card">
          <h2 id="my-booklets" className="border-line border-b px-4 py-3 font-semibold text-fg">
            我写的小册
          </h2>
          {mine.length === 0 ? (
            <p className="px-4 py-8 text-center text-fg-3 text-sm">还没有写过小册</p>
          ) : (
            <ul className="divide-y divide-line">
              {mine.map((booklet) => (
                <li key={booklet.id}>
                  <BookletRow
                    booklet={booklet}
                    extra={
                      <span className="mt-2 flex gap-3 text-[13px]">
                        <span className="text-fg-3">
                          {booklet.isDraft ? (booklet.submittedAt ? '审核中' : '草稿') : '已上架'}
                        </span>
                        <Link to={`/editor/book/${booklet.id}/section`} className="text-brand hover:underline">
                          编辑
                        </Link>
                      </span>
                    }
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      <p className="mt-4 text-center text-[13px]">
        <Link to="/books" className="text-fg-2 hover:text-brand">
          浏览全部小册
        </Link>
      </p>
    </MobileBookShell>
  );
}
