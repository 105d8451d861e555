import { createHmac, randomUUID } from 'node:crypto';
import type { Db } from '@db/client.ts';
import { outbox } from '@db/schema/index.ts';
import { newId } from '@core/ids.ts';

export interface SmsMessage {
  /** Mainland mobile number, 11 digits. */
  phone: string;
  /** The verification code the template fills in. */
  code: string;
  /** What the code is for, e.g. signup or restpwd; picks the text. */
  purpose: string;
}

/** Sends SMS verification codes. Aliyun when ALIYUN_SMS_* is set; otherwise the database outbox. */
export interface SmsSender {
  readonly kind: 'aliyun' | 'outbox';
  send(message: SmsMessage): Promise<void>;
}

export function smsText(message: SmsMessage, siteName: string): string {
  return `【${siteName}】你的验证码是 ${message.code}，10 分钟内有效。如非本人操作，请忽略本短信。`;
}

export function createOutboxSms(db: Db, siteName: string): SmsSender {
  return {
    kind: 'outbox',
    async send(message) {
      await db.insert(outbox).values({
        id: newId(),
        channel: 'sms',
        recipient: message.phone,
        subject: message.purpose,
        body: smsText(message, siteName),
      });
    },
  };
}

export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  endpoint?: string;
  fetch?: typeof fetch;
}

/** RFC 3986 encoding as Aliyun's RPC signature (v1, HMAC-SHA1) requires. */
function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The signed query of Aliyun's SendSms RPC call (exported so a test can check the signature). */
export function aliyunSendSmsQuery(
  config: AliyunSmsConfig,
  message: SmsMessage,
  now = new Date(),
  nonce: string = randomUUID(),
): string {
  const params: Record<string, string> = {
    AccessKeyId: config.accessKeyId,
    Action: 'SendSms',
    Format: 'JSON',
    PhoneNumbers: message.phone,
    RegionId: 'cn-hangzhou',
    SignName: config.signName,
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: nonce,
    SignatureVersion: '1.0',
    TemplateCode: config.templateCode,
    TemplateParam: JSON.stringify({ code: message.code }),
    Timestamp: now.toISOString().replace(/\.\d{3}Z$/, 'Z'),
    Version: '2017-05-25',
  };
  return aliyunSignedQuery(params, config.accessKeySecret);
}

/** Aliyun's RPC signature v1: HMAC-SHA1 over GET&%2F&<encoded canonical query>, keyed `secret&`. */
export function aliyunSignedQuery(params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] as string)}`)
    .join('&');
  const toSign = `GET&${percentEncode('/')}&${percentEncode(canonical)}`;
  const signature = createHmac('sha1', `${accessKeySecret}&`).update(toSign).digest('base64');
  return `Signature=${percentEncode(signature)}&${canonical}`;
}

export function createAliyunSms(config: AliyunSmsConfig): SmsSender {
  const endpoint = config.endpoint ?? 'https://dysmsapi.aliyuncs.com/';
  const doFetch = config.fetch ?? fetch;
  return {
    kind: 'aliyun',
    async send(message) {
      const response = await doFetch(`${endpoint}?${aliyunSendSmsQuery(config, message)}`, {
        signal: AbortSignal.timeout(5000),
      });
      const body = (await response.json().catch(() => null)) as { Code?: string; Message?: string } | null;
      if (!response.ok || body?.Code !== 'OK') {
        throw new Error(`Aliyun SMS failed: ${body?.Code ?? response.status} ${body?.Message ?? ''}`.trim());
      }
    },
  };
}
