import { EditorPage } from '~/features/editor/editor-page.tsx';
import { loadDraft } from '~/features/editor/editor.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { requireIdParam } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/editor-draft';

/** /editor/drafts/{id}: the owner's draft (admin passes); others get 403. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadDraft(context, requireIdParam(params.id));
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.initial.title ? `${data.initial.title} - 草稿` : '写文章');

export default function Draft({ loaderData }: Route.ComponentProps) {
  return (
    <EditorPage
      key={loaderData.draftId}
      draftId={loaderData.draftId}
      entryId={loaderData.entryId ?? undefined}
      initial={loaderData.initial}
      initialTags={loaderData.tags}
      initialHtml={loaderData.html}
      categories={loaderData.categories}
    />
  );
}
