import { createRoute } from '@hono/zod-openapi';
import { PAYMENT_MESSAGES } from '@core/pricing.ts';
import { errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';

const orderTags = ['order'];
const discountTags = ['discount'];

const codeSchema = z.string().trim().max(32, PAYMENT_MESSAGES.codeNotFound);

export const orderViewSchema = z
  .object({
    orderId: z.string().nullable(),
    bookletId: z.string(),
    status: z.enum(['none', 'pending', 'paid', 'closed']),
    bought: z.boolean(),
    price: z.number().int().describe('List price in fen'),
    amount: z.number().int().describe('What this order charges, in fen'),
    discountCode: z.string().nullable(),
    provider: z.enum(['wxpay', 'sandbox', 'free']).nullable(),
    codeUrl: z.string().nullable().describe('What the QR encodes (WeChat code_url or the sandbox page)'),
    qrcode: z.string().nullable().describe('The QR code as an SVG data URL'),
  })
  .openapi('BookletOrder');

export const discountQuoteSchema = z
  .object({
    code: z.string(),
    percentOff: z.number().int(),
    price: z.number().int(),
    amount: z.number().int(),
  })
  .openapi('DiscountQuote');

export const buy = createRoute({
  method: 'post',
  path: '/buy',
  tags: orderTags,
  summary: 'Buy a booklet (id, code, type wxpay): opens or reuses the one pending order and answers its QR code',
  request: {
    body: jsonBody(
      z.object({
        id: idSchema,
        code: codeSchema.optional(),
        type: z.enum(['wxpay'], { error: PAYMENT_MESSAGES.payType }).default('wxpay'),
      }),
    ),
  },
  responses: { ...okResponse(orderViewSchema), ...errorResponses(400, 401, 404) },
});

export const check = createRoute({
  method: 'get',
  path: '/check',
  tags: orderTags,
  summary: "The reader's order for a booklet (metaId is the booklet id): polled until bought",
  request: { query: z.object({ metaId: idSchema }) },
  responses: { ...okResponse(orderViewSchema), ...errorResponses(400, 401, 404) },
});

export const freeDiscount = createRoute({
  method: 'post',
  path: '/freeDiscount',
  tags: orderTags,
  summary: 'A free order: a free booklet, or a discount code that takes 100% off (id, code)',
  request: {
    body: jsonBody(z.object({ id: idSchema, code: codeSchema.optional() })),
  },
  responses: { ...okResponse(orderViewSchema), ...errorResponses(400, 401, 404) },
});

export const notify = createRoute({
  method: 'post',
  path: '/notify/{provider}',
  tags: orderTags,
  summary: 'Payment callback of a provider (wxpay: WeChat Pay v3 signed and encrypted; sandbox: HMAC-signed)',
  description:
    'The raw JSON body is verified against the provider signature headers (Wechatpay-Timestamp/-Nonce/-Signature/-Serial, or Sandboxpay-…) before anything is read. A forged or stale callback answers 401 and changes nothing; a replayed one answers ok and changes nothing.',
  request: { params: z.object({ provider: z.enum(['wxpay', 'sandbox']) }) },
  responses: {
    ...okResponse(z.object({ orderId: z.string(), applied: z.boolean() })),
    ...errorResponses(400, 401, 404),
  },
});

const sandboxQuery = z.object({ orderId: idSchema, sig: z.string().min(1).max(64) });

export const sandboxOrderSchema = z
  .object({
    orderId: z.string(),
    bookletId: z.string(),
    bookletTitle: z.string(),
    amount: z.number().int(),
    status: z.enum(['pending', 'paid', 'closed']),
  })
  .openapi('SandboxOrder');

export const sandboxOrder = createRoute({
  method: 'get',
  path: '/sandbox/order',
  tags: orderTags,
  summary: "The sandbox confirmation page's order (orderId and the QR's sig); only with the sandbox provider",
  request: { query: sandboxQuery },
  responses: { ...okResponse(sandboxOrderSchema), ...errorResponses(400, 403, 404) },
});

export const sandboxPay = createRoute({
  method: 'post',
  path: '/sandbox/pay',
  tags: orderTags,
  summary: 'Sandbox: confirm the payment; the sandbox sends its signed callback (orderId, sig)',
  request: { body: jsonBody(sandboxQuery) },
  responses: { ...okResponse(sandboxOrderSchema), ...errorResponses(400, 403, 404) },
});

export const checkDiscount = createRoute({
  method: 'get',
  path: '/check',
  tags: discountTags,
  summary: 'What a booklet costs with a discount code (metaId is the booklet id, code)',
  request: { query: z.object({ metaId: idSchema, code: codeSchema.min(1, PAYMENT_MESSAGES.codeRequired) }) },
  responses: { ...okResponse(discountQuoteSchema), ...errorResponses(400, 401, 404) },
});
