import { ShareForm, EMPTY_SHARE } from '~/features/share/share-form.tsx';
import { loadShareNew } from '~/features/share/share.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/share-entry';

/** /new-entry (route name shareEntry): share a link; signed-in only (SPEC §2.2). */
export async function loader({ context }: Route.LoaderArgs) {
  return loadShareNew(context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '分享链接');

export default function ShareEntry({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer className="max-w-[860px]">
      <h1 className="mb-4 font-semibold text-xl">分享链接</h1>
      <ShareForm categories={loaderData.categories} initial={EMPTY_SHARE} />
    </PageContainer>
  );
}
