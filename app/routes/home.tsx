import { WELCOME_DEFAULT_SORT, WelcomeFeed } from '~/features/entries/welcome-feed.tsx';
import { loadAsideBanners, loadCategoryFeed } from '~/features/entries/entries.server.ts';
import { seoMeta } from '~/lib/seo.ts';
import { pageSeo } from '~/lib/seo.server.ts';
import { redirectSignedIn } from '~/lib/route-guards.server.ts';
import type { Route } from './+types/home';

/** The root path: the timeline when signed in, otherwise the welcome feed of every category (SPEC §2.1). */
export async function loader({ request, context }: Route.LoaderArgs) {
  redirectSignedIn(context);
  const [feed, banners] = await Promise.all([
    loadCategoryFeed(context, { url: new URL(request.url), category: undefined, defaultSort: WELCOME_DEFAULT_SORT }),
    loadAsideBanners(context),
  ]);
  return {
    ...feed,
    banners,
    seo: pageSeo(context, '/', { feeds: [{ title: `最新文章 - ${context.env.SITE_NAME}`, href: '/feed' }] }),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) => seoMeta(matches, null, data?.seo);

export default function Home({ loaderData }: Route.ComponentProps) {
  const { sort, categories, category, banners, seo: _seo, ...feed } = loaderData;
  return <WelcomeFeed feed={feed} sort={sort} categories={categories} category={category} banners={banners} />;
}
