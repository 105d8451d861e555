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
} from './payments.service.ts';

export const orderApi = createApi()
  .openapi(routes.buy, async (c) => {
    return ok(c, await buyBooklet(c.get('ctx'), c.req.valid('json')));
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
    return ok(
      c,
      await handlePaymentNotification(c.get('ctx'), {
        providerName: provider,
        header: (name) => c.req.header(name),
        rawBody,
      }),
    );
  })
  .openapi(routes.sandboxOrder, async (c) => {
    return ok(c, await getSandboxOrder(c.get('ctx'), c.req.valid('query')));
  })
  .openapi(routes.sandboxPay, async (c) => {
    return ok(c, await confirmSandboxPayment(c.get('ctx'), c.req.valid('json')));
  });

export const discountApi = createApi().openapi(routes.checkDiscount, async (c) => {
  const ctx = c.get('ctx');
  return ok(c, await checkDiscount(ctx, c.req.valid('query')));
});
