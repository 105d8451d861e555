import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './audit.routes.ts';
import { listAudit, listPublicModeration } from './audit.service.ts';

/** /api/admin/audit: the audit log (administrators). */
export const auditApi = createApi().openapi(routes.getAuditLog, async (c) =>
  ok(c, await listAudit(c.get('ctx'), c.req.valid('query'))),
);

/** /api/moderation/log: the public moderation log. */
export const moderationLogApi = createApi().openapi(routes.getModerationLog, async (c) =>
  ok(c, await listPublicModeration(c.get('ctx'), c.req.valid('query'))),
);
