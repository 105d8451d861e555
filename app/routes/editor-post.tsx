import { EditorPage } from '~/features/editor/editor-page.tsx';
import { loadPostForEditing } from '~/features/editor/editor.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { requireIdParam } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/editor-post';

/** /editor/posts/{id}: edit a published article for its author (or an admin); publishing updates it. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadPostForEditing(context, requireIdParam(params.id));
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data ? `编辑 - ${data.initial.title}` : '编辑文章');

export default function EditPost({ loaderData }: Route.ComponentProps) {
  return (
    <EditorPage
      key={`${loaderData.entryId}:${loaderData.draftId ?? ''}`}
      draftId={loaderData.draftId}
      entryId={loaderData.entryId}
      initial={loaderData.initial}
      initialTags={loaderData.tags}
      initialHtml={loaderData.html}
      categories={loaderData.categories}
    />
  );
}
