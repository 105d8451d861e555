import { WELCOME_DEFAULT_SORT, WelcomeFeed } from '~/features/entries/welcome-feed.tsx';
import { loadAsideBanners, loadCategoryFeed } from '~/lib/entries.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { redirectSignedIn } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/welcome';

export async function loader({ request, params, context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const [feed, banners] = await Promise.all([
    loadCategoryFeed(context, {
      url: new URL(request.url),
      category: params.category,
      defaultSort: WELCOME_DEFAULT_SORT,
    }),
    loadAsideBanners(context),
  ]);
  return { ...feed, banners };
}

export const meta: Route.MetaFunction = ({ matches, data }) => pageMeta(matches, data?.category?.title ?? null);

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { sort, categories, category, banners, ...feed } = loaderData;
  return <WelcomeFeed feed={feed} sort={sort} categories={categories} category={category} banners={banners} />;
}
