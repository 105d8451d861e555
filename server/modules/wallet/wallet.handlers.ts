import { ok } from '../../http/envelope.ts';
import { createApi } from '../../http/openapi.ts';
import * as routes from './wallet.routes.ts';
import {
  applyWithdrawal,
  checkApplyRules,
  getAmount,
  getBills,
  haveWalletAccess,
  listOwnWithdrawals,
  listWithdrawals,
  settleWithdrawal,
} from './wallet.service.ts';

export const walletApi = createApi()
  .openapi(routes.haveWalletAccessRight, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await haveWalletAccess(ctx));
  })
  .openapi(routes.getAmount, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await getAmount(ctx));
  })
  .openapi(routes.getBill, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await getBills(ctx, c.req.valid('query').page));
  })
  .openapi(routes.checkApplyRules, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await checkApplyRules(ctx));
  })
  .openapi(routes.apply, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await applyWithdrawal(ctx, c.req.valid('query')));
  })
  .openapi(routes.myWithdrawals, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listOwnWithdrawals(ctx));
  })
  .openapi(routes.adminWithdrawals, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await listWithdrawals(ctx, c.req.valid('query')));
  })
  .openapi(routes.adminApprove, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await settleWithdrawal(ctx, { ...c.req.valid('json'), approve: true }));
  })
  .openapi(routes.adminReject, async (c) => {
    const ctx = c.get('ctx');
    return ok(c, await settleWithdrawal(ctx, { ...c.req.valid('json'), approve: false }));
  });
