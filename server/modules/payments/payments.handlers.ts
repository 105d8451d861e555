import type { Context } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './payments.routes.ts';
import {
  buyBooklet,
  checkDiscount,
  checkOrder,
  confirmSandboxPayment,
  freeDiscount,
  getSandboxOrder,
  handlePaymentNotification,
  type PaymentDeps,
} from './payments.service.ts';

function deps(c: Context<AppEnv>): PaymentDeps {
  const { db, adapters, logger } = c.get('ctx');
  return { db, payments: adapters.payments, logger };
}

export const orderApi = createApi()
  .openapi(routes.buy, async (c) => {
    return ok(c, await buyBooklet(deps(c), c.get('ctx').viewer, c.req.valid('json')));
  })
  .openapi(routes.check, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await checkOrder(ctx, c.req.valid('query').metaId));
  })
  .openapi(routes.freeDiscount, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await freeDiscount(ctx, c.req.valid('json')));
  })
  .openapi(routes.notify, async (c) => {
    // The signature covers the exact bytes: the body is read raw, never re-serialised.
    const rawBody = await c.req.text();
    const { provider } = c.req.valid('param');
    return ok(c, await handlePaymentNotification(deps(c), provider, (name) => c.req.header(name), rawBody));
  })
  .openapi(routes.sandboxOrder, async (c) => {
    return ok(c, await getSandboxOrder(deps(c), c.req.valid('query')));
  })
  .openapi(routes.sandboxPay, async (c) => {
    return ok(c, await confirmSandboxPayment(deps(c), c.req.valid('json')));
  });

export const discountApi = createApi().openapi(routes.checkDiscount, async (c) => {
  const ctx = c.get('ctx');
  return ok(c, await checkDiscount(ctx, c.req.valid('query')));
});
