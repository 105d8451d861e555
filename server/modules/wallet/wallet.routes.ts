import { createRoute } from '@hono/zod-openapi';
import { pageNumberSchema } from '@core/inputs.ts';
import { WALLET_MESSAGES, WITHDRAWAL_MAX_FEN, WITHDRAWAL_MIN_FEN } from '@core/pricing.ts';
import { createAdminRoute } from '../../http/admin-route.ts';
import { createGetWriteRoute, errorResponses, idSchema, okResponse, z, jsonBody } from '../../http/openapi.ts';
import { userBriefSchema } from '../users/users.schemas.ts';

const tags = ['wallet'];

export const billSchema = z
  .object({
    id: z.string(),
    amount: z.number().int().describe('Fen: income positive, withdrawals negative'),
    kind: z.enum(['booklet_income', 'withdrawal', 'refund']),
    description: z.string(),
    create_time: z.string(),
    update_time: z.string(),
  })
  .openapi('WalletBill');

export const withdrawalSchema = z
  .object({
    id: z.string(),
    volume: z.number().int(),
    alipayAccount: z.string(),
    name: z.string(),
    status: z.enum(['pending', 'paid', 'rejected']),
    note: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('WithdrawalApplication');

export const applyRulesSchema = z
  .object({
    canApply: z.boolean(),
    reason: z.string().nullable(),
    balance: z.number().int(),
    minVolume: z.number().int(),
    maxVolume: z.number().int(),
  })
  .openapi('WithdrawalRules');

export const haveWalletAccessRight = createRoute({
  method: 'get',
  path: '/haveWalletAccessRight',
  tags,
  summary: 'Whether the signed-in person has a wallet (the menu shows 我的钱包 only then)',
  responses: { ...okResponse(z.object({ access: z.boolean() })), ...errorResponses(401) },
});

export const getAmount = createRoute({
  method: 'get',
  path: '/getAmount',
  tags,
  summary: 'The wallet balance and the volume waiting in pending withdrawals, in fen',
  responses: {
    ...okResponse(z.object({ amount: z.number().int(), pending: z.number().int() })),
    ...errorResponses(401, 403),
  },
});

export const getBill = createRoute({
  method: 'get',
  path: '/getBill',
  tags,
  summary: 'Wallet bill rows, newest first, 20 a page (page is zero-based)',
  request: { query: z.object({ page: pageNumberSchema() }) },
  responses: {
    ...okResponse(z.object({ bills: z.array(billSchema), page: z.number().int(), hasMore: z.boolean() })),
    ...errorResponses(400, 401, 403),
  },
});

export const checkApplyRules = createRoute({
  method: 'get',
  path: '/checkApplyRules',
  tags,
  summary: 'What a withdrawal may ask for now (checked before /apply)',
  responses: { ...okResponse(applyRulesSchema), ...errorResponses(401, 403) },
});

export const apply = createGetWriteRoute({
  path: '/apply',
  tags,
  summary: 'Apply for a withdrawal to Alipay: volume (fen), alipayAccount, name',
  request: {
    query: z.object({
      volume: z.coerce
        .number({ error: WALLET_MESSAGES.volumeRequired })
        .int(WALLET_MESSAGES.volumeRequired)
        .min(WITHDRAWAL_MIN_FEN, WALLET_MESSAGES.volumeMin)
        .max(WITHDRAWAL_MAX_FEN, WALLET_MESSAGES.volumeMax),
      alipayAccount: z
        .string({ error: WALLET_MESSAGES.accountRequired })
        .trim()
        .min(1, WALLET_MESSAGES.accountRequired)
        .max(64, WALLET_MESSAGES.accountTooLong),
      name: z
        .string({ error: WALLET_MESSAGES.nameRequired })
        .trim()
        .min(1, WALLET_MESSAGES.nameRequired)
        .max(32, WALLET_MESSAGES.nameTooLong),
    }),
  },
  responses: {
    ...okResponse(
      z.object({ id: z.string(), volume: z.number().int(), status: z.literal('pending'), balance: z.number().int() }),
    ),
    ...errorResponses(400, 401, 403),
  },
});

export const myWithdrawals = createRoute({
  method: 'get',
  path: '/withdrawals',
  tags,
  summary: "The viewer's latest withdrawal applications (5)",
  responses: {
    ...okResponse(z.object({ applications: z.array(withdrawalSchema) })),
    ...errorResponses(401, 403),
  },
});

export const adminWithdrawals = createAdminRoute({
  method: 'get',
  path: '/admin/withdrawals',
  tags,
  summary: 'Administrators: withdrawal applications by status (pending oldest first), 20 a page',
  request: {
    query: z.object({ status: z.enum(['pending', 'paid', 'rejected']).default('pending'), page: pageNumberSchema() }),
  },
  responses: {
    ...okResponse(
      z.object({
        applications: z.array(withdrawalSchema.extend({ user: userBriefSchema })),
        page: z.number().int(),
        hasMore: z.boolean(),
      }),
    ),
    ...errorResponses(400, 401, 403),
  },
});

const settleBody = jsonBody(z.object({ id: idSchema, note: z.string().max(100, '备注不能超过100个字符').optional() }));

export const adminApprove = createAdminRoute({
  method: 'post',
  path: '/admin/approve',
  tags,
  summary: 'Administrators: approve a pending withdrawal (paid out to Alipay)',
  request: { body: settleBody },
  responses: { ...okResponse(withdrawalSchema), ...errorResponses(400, 401, 403, 404) },
});

export const adminReject = createAdminRoute({
  method: 'post',
  path: '/admin/reject',
  tags,
  summary: 'Administrators: reject a pending withdrawal; the volume goes back to the balance',
  request: { body: settleBody },
  responses: { ...okResponse(withdrawalSchema), ...errorResponses(400, 401, 403, 404) },
});
