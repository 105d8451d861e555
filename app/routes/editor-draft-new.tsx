import { useLocation } from 'react-router';
import { EditorPage } from '~/features/editor/editor-page.tsx';
import { loadNewDraft } from '~/features/editor/editor.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/editor-draft-new';

/** /editor/drafts/new: signed-in only; the first autosave creates the draft and takes its address. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadNewDraft(context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '写文章');

export default function NewDraft({ loaderData }: Route.ComponentProps) {
  // Opening 写文章 again from here starts another new draft.
  const { key } = useLocation();
  return (
    <EditorPage
      key={key}
      draftId={null}
      initial={loaderData.initial}
      initialTags={loaderData.tags}
      initialHtml={loaderData.html}
      categories={loaderData.categories}
    />
  );
}
