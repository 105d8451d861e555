import { ArticleView } from '~/features/entries/article-view.tsx';
import articleStyles from '~/features/entries/article.css?url';
import { loadEntryPage } from '~/lib/entries.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { requireIdParam } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/post';

/** /post/{id}: a column article, read-only. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadEntryPage(context, { id: requireIdParam(params.id), route: 'post' });
}

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: articleStyles }];

export const meta: Route.MetaFunction = ({ matches, data }) =>
  pageMeta(matches, data?.entry.title ?? null, data?.entry.abstract || undefined);

export default function Post({ loaderData }: Route.ComponentProps) {
  return <ArticleView key={loaderData.entry.id} {...loaderData} />;
}
