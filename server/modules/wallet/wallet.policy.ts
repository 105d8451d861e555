import { isAdmin } from '@core/permissions.ts';

/** SPEC §6: the wallet is for people with wallet access (admin passes every check). */
export function canUseWallet(viewer: { id: string; role: string }, owner: { hasWallet: boolean } | undefined): boolean {
  return isAdmin(viewer) || Boolean(owner?.hasWallet);
}

/** Approving or rejecting withdrawals: administrators only. */
export function canSettleWithdrawals(viewer: { id: string; role: string } | null): boolean {
  return isAdmin(viewer);
}
