import { ShareForm } from '~/features/share/share-form.tsx';
import { loadShareEdit } from '~/features/share/share.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/edit-entry';

/** /edit-entry/{id}: edit a shared link; its author or an admin (SPEC §2.2). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadShareEdit(context, params.id);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '编辑分享');

export default function EditEntry({ loaderData }: Route.ComponentProps) {
  return (
    <PageContainer className="max-w-[860px]">
      <h1 className="mb-4 font-semibold text-xl">编辑分享</h1>
      <ShareForm
        key={loaderData.entryId}
        categories={loaderData.categories}
        initial={loaderData.initial}
        entryId={loaderData.entryId}
      />
    </PageContainer>
  );
}
