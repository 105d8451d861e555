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
    const { db, viewer } = c.get('ctx');
    return ok(c, await haveWalletAccess(db, viewer));
  })
  .openapi(routes.getAmount, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await getAmount(db, viewer));
  })
  .openapi(routes.getBill, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await getBills(db, viewer, c.req.valid('query').page));
  })
  .openapi(routes.checkApplyRules, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await checkApplyRules(db, viewer));
  })
  .openapi(routes.apply, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await applyWithdrawal(db, viewer, c.req.valid('query')));
  })
  .openapi(routes.myWithdrawals, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await listOwnWithdrawals(db, viewer));
  })
  .openapi(routes.adminWithdrawals, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await listWithdrawals(db, viewer, c.req.valid('query')));
  })
  .openapi(routes.adminApprove, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await settleWithdrawal(db, viewer, { ...c.req.valid('json'), approve: true }));
  })
  .openapi(routes.adminReject, async (c) => {
    const { db, viewer } = c.get('ctx');
    return ok(c, await settleWithdrawal(db, viewer, { ...c.req.valid('json'), approve: false }));
  });
