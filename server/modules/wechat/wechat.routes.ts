import { createRoute } from '@hono/zod-openapi';
import { errorResponses, okResponse, z } from '../../http/openapi.ts';

export const wechatAuthRoute = createRoute({
  method: 'get',
  path: '/auth',
  tags: ['wechat'],
  summary: "WeChat JS-SDK configuration for one of this site's pages (appId, timestamp, nonceStr, signature)",
  request: { query: z.object({ url: z.string().max(2048) }) },
  responses: {
    ...okResponse(z.object({ appId: z.string(), timestamp: z.number(), nonceStr: z.string(), signature: z.string() })),
    ...errorResponses(400, 404),
  },
});
