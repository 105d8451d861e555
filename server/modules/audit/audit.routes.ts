import { createRoute } from '@hono/zod-openapi';
import { limitSchema, pointerSchema } from '@core/inputs.ts';
import { PAGE_SIZE } from '@core/constants.ts';
import { createAdminRoute } from '../../http/admin-route.ts';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';

const auditRecordSchema = z
  .object({
    id: z.string(),
    actorId: z.string(),
    actorName: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string(),
    target: z
      .object({ title: z.string(), href: z.string().nullable() })
      .describe('The target’s name now (or as recorded when it is gone) and its page; href null when it has none'),
    reason: z.string(),
    detail: z.record(z.string(), z.unknown()),
    createdAt: z.string(),
  })
  .openapi('AuditRecord');

export const auditPageSchema = z.object({ list: z.array(auditRecordSchema), pointer: z.string().nullable() });

export const getAuditLog = createAdminRoute({
  method: 'get',
  path: '/audit',
  summary: 'The audit log of administrator actions, newest first (append-only)',
  request: {
    query: z.object({
      pointer: pointerSchema,
      limit: limitSchema(PAGE_SIZE.feed),
      action: z.string().max(32).optional(),
      targetType: z.string().max(16).optional(),
      targetId: z.string().max(64).optional(),
    }),
  },
  responses: { ...okResponse(auditPageSchema), ...errorResponses(400, 401, 403) },
});

const publicRecordSchema = z
  .object({ id: z.string(), action: z.string(), targetType: z.string(), reason: z.string(), createdAt: z.string() })
  .openapi('PublicModerationRecord');

export const publicLogSchema = z.object({ list: z.array(publicRecordSchema), pointer: z.string().nullable() });

export const getModerationLog = createRoute({
  method: 'get',
  path: '/log',
  tags: ['moderation'],
  summary:
    'The public moderation log: hidden and restored content, the reason, the type and the date; no personal data',
  request: { query: z.object({ pointer: pointerSchema, limit: limitSchema(PAGE_SIZE.feed) }) },
  responses: { ...okResponse(publicLogSchema), ...errorResponses(400) },
});
