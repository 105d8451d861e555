import { afterEach, describe, expect, it, vi } from 'vitest';
import { walletFetch } from './wallet-client.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('walletFetch (SPEC §8: wallet results accept only status 1 or 2)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('accepts status 1 and 2', async () => {
    vi.stubGlobal('fetch', async () => json({ s: 1, m: 'ok', d: { amount: 5 } }));
    await expect(walletFetch('/getAmount')).resolves.toEqual({ amount: 5 });
    vi.stubGlobal('fetch', async () => json({ s: 2, m: 'empty', d: { bills: [] } }));
    await expect(walletFetch('/getBill')).resolves.toEqual({ bills: [] });
  });

  it('throws any other status with that status', async () => {
    vi.stubGlobal('fetch', async () => json({ s: 3, m: '禁止访问', d: null }));
    await expect(walletFetch('/getAmount')).rejects.toMatchObject({ s: 3, m: '禁止访问' });
    vi.stubGlobal('fetch', async () => json({ s: 0, m: '出错了', d: null }));
    await expect(walletFetch('/getAmount')).rejects.toMatchObject({ s: 0 });
    vi.stubGlobal('fetch', async () => json({ s: 0, m: '你还没有开通钱包', d: null }, 403));
    await expect(walletFetch('/getAmount')).rejects.toMatchObject({ status: 403, m: '你还没有开通钱包' });
  });

  it('calls /api/wallet paths', async () => {
    const fetchMock = vi.fn(async () => json({ s: 1, m: 'ok', d: null }));
    vi.stubGlobal('fetch', fetchMock);
    await walletFetch('/haveWalletAccessRight');
    expect((fetchMock.mock.calls[0] as unknown as [string])[0]).toBe('/api/wallet/haveWalletAccessRight');
  });
});
