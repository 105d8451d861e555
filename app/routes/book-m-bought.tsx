import { BoughtList } from '~/features/booklets/bought-list.tsx';
import { MobileBookShell } from '~/features/booklets/mobile-shell.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { listBoughtBooklets } from '@server/modules/booklets/booklets.service.ts';
import type { Route } from './+types/book-m-bought';

/** /book/m/bought (SPEC §2.3 bookWapBought): the signed-in reader's purchases, with where they left off. */
export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  return { page: await fromService(listBoughtBooklets({ db: context.db, viewer })) };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '已购小册');

export default function BookMobileBought({ loaderData }: Route.ComponentProps) {
  return (
    <MobileBookShell>
      <section aria-label="已购小册" className="bg-card">
        <BoughtList
          page={loaderData.page}
          sectionHref={(bookletId, sectionId) => `/book/m/${bookletId}/section${sectionId ? `/${sectionId}` : ''}`}
        />
      </section>
    </MobileBookShell>
  );
}
