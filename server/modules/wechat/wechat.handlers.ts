import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import { wechatAuthRoute } from './wechat.routes.ts';
import { signShareUrl } from './wechat.service.ts';

export const wechatApi = createApi().openapi(wechatAuthRoute, async (c) =>
  ok(c, await signShareUrl({ env: c.get('ctx').env }, c.req.valid('query').url)),
);
