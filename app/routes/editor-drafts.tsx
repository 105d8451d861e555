import { DraftList } from '~/features/editor/draft-list.tsx';
import { loadDraftList } from '~/features/editor/editor.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/editor-drafts';

/** /editor/drafts: the viewer's drafts, last edited first, with more pages on demand. */
export async function loader({ context }: Route.LoaderArgs) {
  return loadDraftList(context);
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '草稿箱');

export default function Drafts({ loaderData }: Route.ComponentProps) {
  return <DraftList initial={loaderData} />;
}
