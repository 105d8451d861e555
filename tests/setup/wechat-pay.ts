import { createSign, generateKeyPairSync, randomBytes } from 'node:crypto';
import { WECHAT_HEADERS, type WechatPayConfig } from '../../server/adapters/payment.ts';

/**
 * WeChat Pay v3 test keys and signing, one home for the adapter's test and the purchase test:
 * the merchant's key pair (signs our requests), the platform's (signs WeChat's answers and
 * callbacks), a stranger's (forges them), the APIv3 key that encrypts callback resources.
 */
const keyPair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
export const merchant = keyPair();
export const platform = keyPair();
export const stranger = keyPair();
export const API_V3_KEY = 'abcdefghijklmnopqrstuvwxyz123456';
export const PLATFORM_SERIAL = 'PUB_KEY_ID_0001';

/** The provider's configuration over these keys; `notifyUrl`, `fetch` and the rest as the test needs. */
export function wxpayTestConfig(overrides: Partial<WechatPayConfig> = {}): WechatPayConfig {
  return {
    mchId: '1900000001',
    appId: 'wx0000000000000001',
    serialNo: 'MERCHANT-SERIAL-1',
    privateKey: merchant.privateKey,
    apiV3Key: API_V3_KEY,
    platformPublicKey: platform.publicKey,
    platformSerial: PLATFORM_SERIAL,
    notifyUrl: 'https://jinsha.example/api/order/notify/wxpay',
    apiBase: 'https://api.mch.weixin.qq.com',
    ...overrides,
  };
}

/** The headers WeChat Pay sends with `body`, signed by `key` (the platform's, unless forging). */
export function wechatSignedHeaders(
  body: string,
  { key = platform.privateKey, now = Date.now(), serial = PLATFORM_SERIAL } = {},
): Record<string, string> {
  const timestamp = String(Math.floor(now / 1000));
  const nonce = randomBytes(16).toString('hex');
  return {
    [WECHAT_HEADERS.timestamp]: timestamp,
    [WECHAT_HEADERS.nonce]: nonce,
    [WECHAT_HEADERS.signature]: createSign('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .sign(key, 'base64'),
    [WECHAT_HEADERS.serial]: serial,
  };
}
