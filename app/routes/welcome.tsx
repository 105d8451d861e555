import { WELCOME_DEFAULT_SORT, WelcomeFeed } from '~/features/entries/welcome-feed.tsx';
import { loadAsideBanners, loadCategoryFeed } from '~/features/entries/entries.server.ts';
import { seoMeta } from '~/lib/seo.ts';
import { pageSeo } from '~/lib/seo.server.ts';
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
  const path = feed.category ? `/welcome/${feed.category.name}` : '/welcome';
  const feedTitle = `${feed.category ? `${feed.category.title}最新文章` : '最新文章'} - ${context.env.SITE_NAME}`;
  return {
    ...feed,
    banners,
    seo: pageSeo(context, path, {
      description: feed.category ? `${context.env.SITE_NAME}上${feed.category.title}分类的技术文章与分享。` : undefined,
      feeds: [{ title: feedTitle, href: feed.category ? `/feed/${feed.category.name}` : '/feed' }],
    }),
  };
}

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(matches, data?.category?.title ?? null, data?.seo);

export default function Welcome({ loaderData }: Route.ComponentProps) {
  const { sort, categories, category, banners, seo: _seo, ...feed } = loaderData;
  return <WelcomeFeed feed={feed} sort={sort} categories={categories} category={category} banners={banners} />;
}
