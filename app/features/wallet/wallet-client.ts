import { type ApiFetchOptions, apiFetch } from '~/lib/api-client.ts';

/** SPEC §8: wallet results accept only status 1 or 2; any other status throws with that status. */
export const WALLET_OK_STATUSES = [1, 2] as const;

/** A call to /api/wallet/… from the browser. */
export function walletFetch<T>(path: string, options: Omit<ApiFetchOptions, 'okStatuses'> = {}): Promise<T> {
  return apiFetch<T>(`/api/wallet${path}`, { ...options, okStatuses: WALLET_OK_STATUSES });
}

export interface ApplyRules {
  canApply: boolean;
  reason: string | null;
  balance: number;
  minVolume: number;
  maxVolume: number;
}

/** /checkApplyRules, then /apply (a GET write: only a script on our page may send it). */
export async function applyForWithdrawal(input: { volume: number; alipayAccount: string; name: string }) {
  const rules = await walletFetch<ApplyRules>('/checkApplyRules');
  if (!rules.canApply) throw new Error(rules.reason ?? '暂时不能提现');
  const query = new URLSearchParams({
    volume: String(input.volume),
    alipayAccount: input.alipayAccount,
    name: input.name,
  });
  return walletFetch<{ id: string; volume: number; balance: number }>(`/apply?${query}`);
}
