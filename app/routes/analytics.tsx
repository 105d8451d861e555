import { AnalyticsPage } from '~/features/tracking/analytics-page.tsx';
import { loadAnalytics } from '~/features/tracking/analytics.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import type { Route } from './+types/analytics';

/** /analytics: the signed-in author's numbers per day for the last 30 or 90 days, and per article. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAnalytics(context, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '创作数据');

export default function Analytics({ loaderData }: Route.ComponentProps) {
  return <AnalyticsPage data={loaderData} />;
}
