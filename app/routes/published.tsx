import { PublishedList } from '~/features/entries/published-list.tsx';
import { loadPublished } from '~/features/share/share.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/published';

/** /published: the viewer's published entries (SPEC §2.2), signed-in only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadPublished(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '已发布');

export default function Published({ loaderData }: Route.ComponentProps) {
  return <PublishedList first={loaderData} />;
}
