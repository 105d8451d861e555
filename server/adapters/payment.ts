import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  createSign,
  createVerify,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * Payment providers behind one small interface (docs/decisions/013-payments-and-wallet.md):
 * WeChat Pay v3 Native (a QR the buyer scans) and a sandbox that really works on this machine
 * (its QR opens a local confirmation page that sends a correctly signed callback).
 */

export type PaymentProviderName = 'wxpay' | 'sandbox';

export interface NativeOrderRequest {
  /** Our order id, the provider's out_trade_no. */
  orderId: string;
  /** Fen. */
  amount: number;
  description: string;
}

/** A verified payment callback. */
export interface PaymentNotice {
  orderId: string;
  /** The provider's transaction id. */
  providerRef: string;
  /** Fen actually paid. */
  amount: number;
  /** trade_state SUCCESS. */
  paid: boolean;
}

/** The few headers a callback's signature lives in (a Headers object or a plain lookup). */
export type HeaderLookup = (name: string) => string | undefined | null;

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Places a Native order: the text its QR code encodes. */
  createNativeOrder(order: NativeOrderRequest): Promise<{ codeUrl: string }>;
  /** Closes an unpaid order at the provider (best effort). */
  closeOrder(orderId: string): Promise<void>;
  /** Verifies a callback's signature and reads it; a forged or stale one throws PaymentSignatureError. */
  parseNotification(header: HeaderLookup, rawBody: string): PaymentNotice;
}

/** A callback whose signature, timestamp or content does not check out. */
export class PaymentSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentSignatureError';
  }
}

/** A provider call that failed (network, or the provider refused). */
export class PaymentProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PaymentProviderError';
  }
}

/** Callbacks older (or newer) than this are refused: a captured callback cannot be replayed later. */
export const NOTIFY_MAX_SKEW_SECONDS = 300;

function freshTimestamp(value: string | undefined | null, now: number): number {
  const seconds = Number(value);
  if (!value || !Number.isInteger(seconds)) throw new PaymentSignatureError('missing timestamp');
  if (Math.abs(now / 1000 - seconds) > NOTIFY_MAX_SKEW_SECONDS) throw new PaymentSignatureError('stale timestamp');
  return seconds;
}

/** The transaction resource both providers' callbacks carry (WeChat Pay v3's field names). */
interface TransactionResource {
  out_trade_no?: unknown;
  transaction_id?: unknown;
  trade_state?: unknown;
  amount?: { total?: unknown; payer_total?: unknown };
}

function readTransaction(resource: TransactionResource): PaymentNotice {
  const orderId = resource.out_trade_no;
  const providerRef = resource.transaction_id;
  const amount = resource.amount?.total;
  if (typeof orderId !== 'string' || typeof providerRef !== 'string' || !Number.isInteger(amount)) {
    throw new PaymentSignatureError('malformed transaction');
  }
  return { orderId, providerRef, amount: amount as number, paid: resource.trade_state === 'SUCCESS' };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new PaymentSignatureError('malformed body');
  }
}

// ---------------------------------------------------------------------------------------------
// Sandbox

export const SANDBOX_HEADERS = {
  timestamp: 'sandboxpay-timestamp',
  nonce: 'sandboxpay-nonce',
  signature: 'sandboxpay-signature',
} as const;

export interface SandboxProvider extends PaymentProvider {
  readonly name: 'sandbox';
  /** The confirmation page's signature: only whoever saw the QR can open that order's page. */
  pageSignature(orderId: string): string;
  verifyPageSignature(orderId: string, signature: string): boolean;
  /** The callback the sandbox "bank" sends once the buyer confirms: headers and raw body, signed. */
  signNotification(notice: PaymentNotice, now?: number): { headers: Record<string, string>; body: string };
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * The sandbox: orders are "paid" on a local confirmation page (/pay/sandbox/{orderId}). Its
 * callbacks are signed with HMAC-SHA256 over `timestamp\nnonce\nbody\n` (the message WeChat Pay
 * v3 signs), under a key derived from the server's secret.
 */
export function createSandboxProvider(options: { secret: string; siteUrl: string }): SandboxProvider {
  const key = createHash('sha256').update(`jinsha-payment-sandbox:${options.secret}`).digest();
  const hmac = (text: string) => createHmac('sha256', key).update(text).digest('base64url');
  const site = options.siteUrl.replace(/\/$/, '');
  const provider: SandboxProvider = {
    name: 'sandbox',
    pageSignature: (orderId) => hmac(`page:${orderId}`).slice(0, 32),
    verifyPageSignature: (orderId, signature) => safeEqual(provider.pageSignature(orderId), signature),
    async createNativeOrder(order) {
      return { codeUrl: `${site}/pay/sandbox/${order.orderId}?sig=${provider.pageSignature(order.orderId)}` };
    },
    async closeOrder() {},
    signNotification(notice, now = Date.now()) {
      const timestamp = String(Math.floor(now / 1000));
      const nonce = randomBytes(16).toString('hex');
      const body = JSON.stringify({
        id: `sandbox-${nonce}`,
        event_type: notice.paid ? 'TRANSACTION.SUCCESS' : 'TRANSACTION.CLOSED',
        resource: {
          out_trade_no: notice.orderId,
          transaction_id: notice.providerRef,
          trade_state: notice.paid ? 'SUCCESS' : 'CLOSED',
          amount: { total: notice.amount, payer_total: notice.amount, currency: 'CNY' },
        },
      });
      return {
        headers: {
          [SANDBOX_HEADERS.timestamp]: timestamp,
          [SANDBOX_HEADERS.nonce]: nonce,
          [SANDBOX_HEADERS.signature]: hmac(`${timestamp}\n${nonce}\n${body}\n`),
          'content-type': 'application/json',
        },
        body,
      };
    },
    parseNotification(header, rawBody) {
      const timestamp = header(SANDBOX_HEADERS.timestamp);
      const nonce = header(SANDBOX_HEADERS.nonce);
      const signature = header(SANDBOX_HEADERS.signature);
      freshTimestamp(timestamp, Date.now());
      if (!nonce || !signature) throw new PaymentSignatureError('missing signature');
      if (!safeEqual(hmac(`${timestamp}\n${nonce}\n${rawBody}\n`), signature)) {
        throw new PaymentSignatureError('bad signature');
      }
      const body = parseJson(rawBody) as { resource?: TransactionResource };
      return readTransaction(body.resource ?? {});
    },
  };
  return provider;
}

// ---------------------------------------------------------------------------------------------
// WeChat Pay v3 (Native)

export interface WechatPayConfig {
  /** 商户号 */
  mchId: string;
  appId: string;
  /** The merchant API certificate's serial number. */
  serialNo: string;
  /** The merchant API private key (PEM). */
  privateKey: string;
  /** APIv3 key: 32 characters, decrypts callback resources. */
  apiV3Key: string;
  /** WeChat Pay's public key (PEM) that signs responses and callbacks, and its id (Wechatpay-Serial). */
  platformPublicKey: string;
  platformSerial: string;
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com, or a local stand-in in tests. */
  apiBase: string;
  fetch?: typeof fetch;
}

export const WECHAT_HEADERS = {
  timestamp: 'wechatpay-timestamp',
  nonce: 'wechatpay-nonce',
  signature: 'wechatpay-signature',
  serial: 'wechatpay-serial',
} as const;

/** The Authorization header of a WeChat Pay v3 request (WECHATPAY2-SHA256-RSA2048). */
export function wechatAuthorization(
  config: Pick<WechatPayConfig, 'mchId' | 'serialNo' | 'privateKey'>,
  request: { method: string; pathWithQuery: string; body: string },
  now = Date.now(),
  nonce = randomBytes(16).toString('hex'),
): string {
  const timestamp = String(Math.floor(now / 1000));
  const message = `${request.method}\n${request.pathWithQuery}\n${timestamp}\n${nonce}\n${request.body}\n`;
  const signature = createSign('RSA-SHA256').update(message).sign(config.privateKey, 'base64');
  return `WECHATPAY2-SHA256-RSA2048 mchid="${config.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${config.serialNo}"`;
}

/** Verifies WeChat Pay's signature on a response or callback: `timestamp\nnonce\nbody\n`, RSA-SHA256. */
export function verifyWechatSignature(
  config: Pick<WechatPayConfig, 'platformPublicKey' | 'platformSerial'>,
  header: HeaderLookup,
  body: string,
  now = Date.now(),
): void {
  const timestamp = header(WECHAT_HEADERS.timestamp);
  const nonce = header(WECHAT_HEADERS.nonce);
  const signature = header(WECHAT_HEADERS.signature);
  const serial = header(WECHAT_HEADERS.serial);
  freshTimestamp(timestamp, now);
  if (!nonce || !signature) throw new PaymentSignatureError('missing signature');
  if (serial !== config.platformSerial) throw new PaymentSignatureError('unknown serial');
  let valid = false;
  try {
    valid = createVerify('RSA-SHA256')
      .update(`${timestamp}\n${nonce}\n${body}\n`)
      .verify(config.platformPublicKey, signature, 'base64');
  } catch {
    valid = false;
  }
  if (!valid) throw new PaymentSignatureError('bad signature');
}

/** AEAD_AES_256_GCM, as WeChat Pay v3 encrypts callback resources (the tag is the last 16 bytes). */
export function decryptWechatResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new PaymentSignatureError('malformed resource');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  try {
    return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
  } catch {
    throw new PaymentSignatureError('resource does not decrypt');
  }
}

/** The inverse of decryptWechatResource (tests and the sandbox stand-in build callbacks with it). */
export function encryptWechatResource(apiV3Key: string, plaintext: string, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  return {
    algorithm: 'AEAD_AES_256_GCM',
    ciphertext: data.toString('base64'),
    nonce,
    associated_data: associatedData,
    original_type: associatedData,
  };
}

export function createWechatPayProvider(config: WechatPayConfig): PaymentProvider {
  const doFetch = config.fetch ?? fetch;
  const base = config.apiBase.replace(/\/$/, '');

  async function call(method: 'POST' | 'GET', pathWithQuery: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    let response: Response;
    try {
      response = await doFetch(`${base}${pathWithQuery}`, {
        method,
        headers: {
          Authorization: wechatAuthorization(config, { method, pathWithQuery, body }),
          Accept: 'application/json',
          'Content-Type': 'application/json',
          'User-Agent': 'jinsha-wxpay/1',
        },
        body: method === 'GET' ? undefined : body,
        signal: AbortSignal.timeout(10_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`wxpay unreachable: ${(error as Error).message}`);
    }
    const text = await response.text();
    if (!response.ok) throw new PaymentProviderError(`wxpay ${response.status}: ${text.slice(0, 200)}`);
    // Answers with a body are signed by WeChat Pay: an unsigned or forged answer is not trusted.
    if (text) verifyWechatSignature(config, (name) => response.headers.get(name), text);
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  return {
    name: 'wxpay',
    async createNativeOrder(order) {
      const answer = await call('POST', '/v3/pay/transactions/native', {
        appid: config.appId,
        mchid: config.mchId,
        description: order.description.slice(0, 127),
        out_trade_no: order.orderId,
        notify_url: config.notifyUrl,
        amount: { total: order.amount, currency: 'CNY' },
      });
      if (typeof answer.code_url !== 'string') throw new PaymentProviderError('wxpay answered without code_url');
      return { codeUrl: answer.code_url };
    },
    async closeOrder(orderId) {
      await call('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderId)}/close`, {
        mchid: config.mchId,
      });
    },
    parseNotification(header, rawBody) {
      verifyWechatSignature(config, header, rawBody);
      const body = parseJson(rawBody) as {
        resource?: { ciphertext?: unknown; nonce?: unknown; associated_data?: unknown };
      };
      const resource = body.resource;
      if (!resource || typeof resource.ciphertext !== 'string' || typeof resource.nonce !== 'string') {
        throw new PaymentSignatureError('malformed resource');
      }
      const plain = decryptWechatResource(config.apiV3Key, {
        ciphertext: resource.ciphertext,
        nonce: resource.nonce,
        associated_data: typeof resource.associated_data === 'string' ? resource.associated_data : '',
      });
      const transaction = parseJson(plain) as TransactionResource & { mchid?: unknown; appid?: unknown };
      if (transaction.mchid !== undefined && transaction.mchid !== config.mchId) {
        throw new PaymentSignatureError('another merchant');
      }
      return readTransaction(transaction);
    },
  };
}

/** PEM values in environment variables often arrive with literal \n: restore the line breaks. */
export function pemFromEnv(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}
