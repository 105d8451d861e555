import { createVerify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestEnv } from '../../tests/setup/test-app.ts';
import {
  API_V3_KEY,
  merchant,
  platform,
  stranger,
  wechatSignedHeaders,
  wxpayTestConfig,
} from '../../tests/setup/wechat-pay.ts';
import { createPaymentProvider } from './index.ts';
import {
  createSandboxProvider,
  createWechatPayProvider,
  decryptWechatResource,
  encryptWechatResource,
  PaymentSignatureError,
  verifyWechatSignature,
  WECHAT_HEADERS,
  wechatAuthorization,
} from './payment.ts';

const WXPAY_TEST_CONFIG = wxpayTestConfig();

/** Headers WeChat Pay would send with `body`, signed by `key` (the platform's, unless forging). */
const signedHeaders = (body: string, key?: string, now?: number, serial?: string) =>
  wechatSignedHeaders(body, { key, now, serial });

function callbackBody(transaction: Record<string, unknown>, key = API_V3_KEY) {
  return JSON.stringify({
    id: 'EV-2018022511223320873',
    create_time: '2026-11-24T10:00:00+08:00',
    resource_type: 'encrypt-resource',
    event_type: 'TRANSACTION.SUCCESS',
    resource: encryptWechatResource(key, JSON.stringify(transaction)),
  });
}

const lookup = (headers: Record<string, string>) => (name: string) => headers[name.toLowerCase()];

const PAID = {
  mchid: '1900000001',
  appid: 'wx0000000000000001',
  out_trade_no: 'a'.repeat(24),
  transaction_id: '4200000000000000001',
  trade_state: 'SUCCESS',
  amount: { total: 1990, payer_total: 1990, currency: 'CNY' },
};

describe('WeChat Pay v3 signatures', () => {
  it('signs requests with the merchant key (WECHATPAY2-SHA256-RSA2048)', () => {
    const header = wechatAuthorization(
      WXPAY_TEST_CONFIG,
      { method: 'POST', pathWithQuery: '/v3/pay/transactions/native', body: '{"a":1}' },
      1_700_000_000_000,
      'NONCE123',
    );
    const fields = Object.fromEntries(
      [...header.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]] as const),
    ) as Record<string, string>;
    expect(header.startsWith('WECHATPAY2-SHA256-RSA2048 ')).toBe(true);
    expect(fields).toMatchObject({
      mchid: '1900000001',
      nonce_str: 'NONCE123',
      timestamp: '1700000000',
      serial_no: 'MERCHANT-SERIAL-1',
    });
    const message = 'POST\n/v3/pay/transactions/native\n1700000000\nNONCE123\n{"a":1}\n';
    expect(createVerify('RSA-SHA256').update(message).verify(merchant.publicKey, fields.signature, 'base64')).toBe(
      true,
    );
    expect(
      createVerify('RSA-SHA256').update(`${message}x`).verify(merchant.publicKey, fields.signature, 'base64'),
    ).toBe(false);
  });

  it('accepts only callbacks signed by WeChat Pay, fresh, with its serial, untampered', () => {
    const body = '{"ok":true}';
    expect(() => verifyWechatSignature(WXPAY_TEST_CONFIG, lookup(signedHeaders(body)), body)).not.toThrow();
    const forged = signedHeaders(body, stranger.privateKey);
    expect(() => verifyWechatSignature(WXPAY_TEST_CONFIG, lookup(forged), body)).toThrow(PaymentSignatureError);
    expect(() => verifyWechatSignature(WXPAY_TEST_CONFIG, lookup(signedHeaders(body)), '{"ok":false}')).toThrow(
      PaymentSignatureError,
    );
    const stale = signedHeaders(body, platform.privateKey, Date.now() - 10 * 60_000);
    expect(() => verifyWechatSignature(WXPAY_TEST_CONFIG, lookup(stale), body)).toThrow('stale timestamp');
    const otherSerial = signedHeaders(body, platform.privateKey, Date.now(), 'PUB_KEY_ID_9999');
    expect(() => verifyWechatSignature(WXPAY_TEST_CONFIG, lookup(otherSerial), body)).toThrow('unknown serial');
    expect(() => verifyWechatSignature(WXPAY_TEST_CONFIG, lookup({}), body)).toThrow(PaymentSignatureError);
    const garbage = { ...signedHeaders(body), [WECHAT_HEADERS.signature]: 'not base64 at all' };
    expect(() => verifyWechatSignature(WXPAY_TEST_CONFIG, lookup(garbage), body)).toThrow(PaymentSignatureError);
  });

  it('decrypts the callback resource with the APIv3 key (AEAD_AES_256_GCM) and refuses another key', () => {
    const resource = encryptWechatResource(API_V3_KEY, '{"x":1}');
    expect(decryptWechatResource(API_V3_KEY, resource)).toBe('{"x":1}');
    expect(() => decryptWechatResource('0'.repeat(32), resource)).toThrow(PaymentSignatureError);
    expect(() => decryptWechatResource(API_V3_KEY, { ...resource, associated_data: 'other' })).toThrow(
      PaymentSignatureError,
    );
  });

  it('reads a verified payment callback into a notice', () => {
    const provider = createWechatPayProvider(WXPAY_TEST_CONFIG);
    const body = callbackBody(PAID);
    expect(provider.parseNotification(lookup(signedHeaders(body)), body)).toEqual({
      orderId: 'a'.repeat(24),
      providerRef: '4200000000000000001',
      amount: 1990,
      paid: true,
    });
    // Forged signature, or a resource sealed with another APIv3 key, or another merchant's payment.
    expect(() => provider.parseNotification(lookup(signedHeaders(body, stranger.privateKey)), body)).toThrow(
      PaymentSignatureError,
    );
    const wrongKey = callbackBody(PAID, '1'.repeat(32));
    expect(() => provider.parseNotification(lookup(signedHeaders(wrongKey)), wrongKey)).toThrow(PaymentSignatureError);
    const otherMerchant = callbackBody({ ...PAID, mchid: '1900000002' });
    expect(() => provider.parseNotification(lookup(signedHeaders(otherMerchant)), otherMerchant)).toThrow(
      'another merchant',
    );
    const notPaid = callbackBody({ ...PAID, trade_state: 'NOTPAY' });
    expect(provider.parseNotification(lookup(signedHeaders(notPaid)), notPaid).paid).toBe(false);
  });

  it('places a Native order with a signed request and trusts only a signed answer', async () => {
    const seen: Array<{ url: string; init: RequestInit }> = [];
    let signAnswer = true;
    const fakeFetch = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      const answer = JSON.stringify({ code_url: 'weixin://wxpay/bizpayurl?pr=abc123' });
      return new Response(answer, {
        status: 200,
        headers: signAnswer ? signedHeaders(answer) : signedHeaders(answer, stranger.privateKey),
      });
    }) as unknown as typeof fetch;
    const provider = createWechatPayProvider({ ...WXPAY_TEST_CONFIG, fetch: fakeFetch });
    await expect(
      provider.createNativeOrder({ orderId: 'b'.repeat(24), amount: 2990, description: '金砂小册《测试》' }),
    ).resolves.toEqual({ codeUrl: 'weixin://wxpay/bizpayurl?pr=abc123' });
    expect(seen[0].url).toBe('https://api.mch.weixin.qq.com/v3/pay/transactions/native');
    expect(JSON.parse(String(seen[0].init.body))).toEqual({
      appid: 'wx0000000000000001',
      mchid: '1900000001',
      description: '金砂小册《测试》',
      out_trade_no: 'b'.repeat(24),
      notify_url: 'https://jinsha.example/api/order/notify/wxpay',
      amount: { total: 2990, currency: 'CNY' },
    });
    const authorization = (seen[0].init.headers as Record<string, string>).Authorization;
    expect(authorization).toMatch(/^WECHATPAY2-SHA256-RSA2048 mchid="1900000001",nonce_str="\w+",signature="/);

    signAnswer = false;
    await expect(provider.createNativeOrder({ orderId: 'c'.repeat(24), amount: 1, description: 'x' })).rejects.toThrow(
      PaymentSignatureError,
    );
  });
});

describe('choosing the provider', () => {
  const wechat = {
    WXPAY_MCH_ID: '1900000001',
    WXPAY_APP_ID: 'wx1',
    WXPAY_SERIAL_NO: 'S',
    WXPAY_PRIVATE_KEY: merchant.privateKey.replace(/\n/g, '\\n'),
    WXPAY_API_V3_KEY: API_V3_KEY,
    WXPAY_PLATFORM_PUBLIC_KEY: platform.publicKey,
    WXPAY_PLATFORM_SERIAL: 'P',
  };

  it('is WeChat Pay when configured, else the sandbox where allowed, else none', () => {
    expect(createPaymentProvider(createTestEnv(wechat))?.name).toBe('wxpay');
    expect(createPaymentProvider(createTestEnv())?.name).toBe('sandbox');
    const deployment = { NODE_ENV: 'production', SESSION_SECRET: 'x'.repeat(32) };
    expect(createPaymentProvider(createTestEnv(deployment))).toBeNull();
    expect(createPaymentProvider(createTestEnv({ ...deployment, PAYMENT_SANDBOX: 'true' }))?.name).toBe('sandbox');
  });

  it('the sandbox page signature is bound to its order', () => {
    const sandbox = createSandboxProvider({ secret: 's'.repeat(20), siteUrl: 'http://localhost:3000/' });
    const sig = sandbox.pageSignature('a'.repeat(24));
    expect(sandbox.verifyPageSignature('a'.repeat(24), sig)).toBe(true);
    expect(sandbox.verifyPageSignature('b'.repeat(24), sig)).toBe(false);
    const other = createSandboxProvider({ secret: 't'.repeat(20), siteUrl: 'http://localhost:3000' });
    expect(other.verifyPageSignature('a'.repeat(24), sig)).toBe(false);
  });
});
