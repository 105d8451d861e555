import { createRoute } from '@hono/zod-openapi';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';

export const unsubscribeQuerySchema = z
  .object({ token: z.string().min(1, '退订链接无效').max(200, '退订链接无效') })
  .openapi('UnsubscribeQuery');

/**
 * RFC 8058 one-click unsubscribe: the List-Unsubscribe header of every subscription mail points
 * here, and mail clients POST `List-Unsubscribe=One-Click` (ignored: the signed token says it
 * all). The unsubscribe page's button calls it too. No session needed.
 */
export const unsubscribe = createRoute({
  method: 'post',
  path: '/unsubscribe',
  tags: ['mail'],
  summary: 'Turn off the mail subscription a mail’s signed token names (works signed out)',
  request: { query: unsubscribeQuerySchema },
  responses: { ...okResponse(z.object({ type: z.string(), status: z.boolean() })), ...errorResponses(400) },
});
