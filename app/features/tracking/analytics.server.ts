import type { AppLoadContext } from 'react-router';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { ANALYTICS_RANGES, getAuthorAnalytics } from '@server/modules/analytics/analytics.service.ts';

/** /analytics?days=30|90&entry=<id>: the signed-in author's numbers (signed-in only). */
export async function loadAnalytics(context: AppLoadContext, url: URL) {
  const viewer = requireSignedIn(context);
  const asked = Number(url.searchParams.get('days') ?? 30);
  const days = ANALYTICS_RANGES.includes(asked as 30 | 90) ? asked : 30;
  const entryId = url.searchParams.get('entry') ?? undefined;
  return fromService(getAuthorAnalytics({ db: context.db, viewer }, { days, entryId }));
}
