import { createRoute } from '@hono/zod-openapi';
import { pointerSchema, limitSchema } from '@core/inputs.ts';
import {
  HIDEABLE_TARGETS,
  MODERATION_LIMITS,
  MODERATION_MESSAGES,
  MODERATION_TARGET_KEYS,
  REPORT_REASON_KEYS,
} from '@core/moderation.ts';
import { createAdminRoute } from '../../http/admin-route.ts';
import { errorResponses, idSchema, okResponse, z, jsonRequest } from '../../http/openapi.ts';

const hideableSchema = z.enum(HIDEABLE_TARGETS);
const reasonSchema = z.string().max(MODERATION_LIMITS.reasonMax, MODERATION_MESSAGES.reasonTooLong);

export const hide = createAdminRoute({
  method: 'post',
  path: '/hide',
  alsoRoles: ['editor'],
  summary: 'Hide an entry, comment or pin with a reason (audited; the author and the reporters are told)',
  request: jsonRequest(z.object({ targetType: hideableSchema, targetId: idSchema, reason: reasonSchema })),
  responses: { ...okResponse(z.object({ hidden: z.literal(true) })), ...errorResponses(400, 401, 403, 404) },
});

export const restore = createAdminRoute({
  method: 'post',
  path: '/restore',
  summary: 'Restore hidden content (audited; open appeals close as restored; the author is told)',
  request: jsonRequest(z.object({ targetType: hideableSchema, targetId: idSchema, reason: reasonSchema.optional() })),
  responses: { ...okResponse(z.object({ hidden: z.literal(false) })), ...errorResponses(400, 401, 403, 404) },
});

const reportStatusSchema = z.enum(['open', 'hidden', 'dismissed', 'restored', 'upheld']);

export const reportViewSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['report', 'appeal']),
    targetType: z.enum(MODERATION_TARGET_KEYS),
    targetId: z.string(),
    targetHref: z.string(),
    preview: z.string(),
    hidden: z.boolean(),
    hiddenReason: z.string(),
    reason: z.string(),
    reasonLabel: z.string(),
    text: z.string(),
    status: reportStatusSchema,
    reporterId: z.string().nullable(),
    reporterName: z.string(),
    createdAt: z.string(),
  })
  .openapi('Report');

export const listReports = createAdminRoute({
  method: 'get',
  path: '/reports',
  summary: 'The report and appeal queue (every target type: entries, comments, pins, repos, people), newest first',
  request: {
    query: z.object({
      status: reportStatusSchema.default('open'),
      kind: z.enum(['report', 'appeal']).optional(),
      type: z.enum(MODERATION_TARGET_KEYS).optional().describe('Only reports on this target type'),
      pointer: pointerSchema,
      limit: limitSchema(20),
    }),
  },
  responses: {
    ...okResponse(z.object({ list: z.array(reportViewSchema), pointer: z.string().nullable() })),
    ...errorResponses(400, 401, 403),
  },
});

export const resolveReport = createAdminRoute({
  method: 'post',
  path: '/reports/resolve',
  summary:
    'Resolve a report (hide, dismiss, or uphold for repos and people) or an appeal (restore, uphold); the reporter is told by a system notification',
  request: jsonRequest(
    z.object({
      reportId: idSchema,
      action: z.enum(['hide', 'dismiss', 'restore', 'uphold']),
      reason: reasonSchema.optional(),
    }),
  ),
  responses: { ...okResponse(z.object({ status: reportStatusSchema })), ...errorResponses(400, 401, 403, 404) },
});

export const contentItemSchema = z
  .object({
    id: z.string(),
    preview: z.string(),
    href: z.string(),
    authorId: z.string().nullable(),
    authorName: z.string(),
    hidden: z.boolean(),
    hiddenReason: z.string(),
    hot: z.boolean(),
    createdAt: z.string(),
  })
  .openapi('ModeratedContent');

export const listContent = createAdminRoute({
  method: 'get',
  path: '/content',
  alsoRoles: ['editor'],
  summary:
    'Entries, comments or pins for moderation: filter by state, author (name or id), dates (YYYY-MM-DD, China time) and text',
  request: {
    query: z.object({
      type: hideableSchema.default('entry'),
      state: z.enum(['all', 'visible', 'hidden']).default('all'),
      author: z.string().max(24).optional(),
      from: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式有误')
        .optional(),
      to: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式有误')
        .optional(),
      q: z.string().max(50).optional(),
      pointer: pointerSchema,
      limit: limitSchema(20),
    }),
  },
  responses: {
    ...okResponse(z.object({ list: z.array(contentItemSchema), pointer: z.string().nullable() })),
    ...errorResponses(400, 401, 403),
  },
});

export const report = createRoute({
  method: 'post',
  path: '/report',
  tags: ['moderation'],
  summary: '举报 an entry, comment, pin, repo or person with a reason from the list and a text',
  request: jsonRequest(
    z.object({
      targetType: z.enum(MODERATION_TARGET_KEYS),
      targetId: idSchema,
      reason: z.enum(REPORT_REASON_KEYS, { error: MODERATION_MESSAGES.reportReasonRequired }),
      text: z.string().max(MODERATION_LIMITS.reportTextMax, MODERATION_MESSAGES.reportTextTooLong).optional(),
    }),
  ),
  responses: { ...okResponse(z.object({ reported: z.literal(true) })), ...errorResponses(400, 401, 403, 404) },
});

export const appeal = createRoute({
  method: 'post',
  path: '/appeal',
  tags: ['moderation'],
  summary: 'The author appeals hidden content, once per hiding; the appeal joins the queue',
  request: jsonRequest(
    z.object({
      targetType: hideableSchema,
      targetId: idSchema,
      text: z.string().max(MODERATION_LIMITS.appealTextMax, MODERATION_MESSAGES.appealTextTooLong),
    }),
  ),
  responses: { ...okResponse(z.object({ appealed: z.literal(true) })), ...errorResponses(400, 401, 403, 404) },
});
