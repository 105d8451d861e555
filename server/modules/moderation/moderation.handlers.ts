import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './moderation.routes.ts';
import {
  appealHidden,
  hideContent,
  listContent,
  listReports,
  reportTarget,
  resolveReport,
  restoreContent,
} from './moderation.service.ts';

/** /api/admin: hide, restore, the queue and the content list. */
export const moderationAdminApi = createApi()
  .openapi(routes.hide, async (c) => ok(c, await hideContent(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.restore, async (c) => ok(c, await restoreContent(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.listReports, async (c) => {
    const { type, ...query } = c.req.valid('query');
    return ok(c, await listReports(c.get('ctx'), { ...query, targetType: type }));
  })
  .openapi(routes.resolveReport, async (c) => ok(c, await resolveReport(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.listContent, async (c) => ok(c, await listContent(c.get('ctx'), c.req.valid('query'))));

/** /api/moderation: 举报 and appeals, for signed-in people. */
export const moderationApi = createApi()
  .openapi(routes.report, async (c) => ok(c, await reportTarget(c.get('ctx'), c.req.valid('json'))))
  .openapi(routes.appeal, async (c) => ok(c, await appealHidden(c.get('ctx'), c.req.valid('json'))));
