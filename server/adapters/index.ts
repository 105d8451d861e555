import type { Db } from '@db/client.ts';
import type { Env } from '../env.ts';
import { type AnswerCache, createMemoryCache } from './cache.ts';
import { createJobQueue, type JobQueue } from '../jobs/queue.ts';
import { createOutboxMailer, createSmtpMailer, type Mailer } from './mail.ts';
import { createSandboxProvider, createWechatPayProvider, type PaymentProvider, pemFromEnv } from './payment.ts';
import { type CodeHost, createGithubClient } from './github.ts';
import { createRateLimits, type RateLimits } from './rate-limit.ts';
import { createAliyunSms, createOutboxSms, type SmsSender } from './sms.ts';
import { createLocalStorage, createS3Storage, type Storage } from './storage.ts';

/** The outside services, each behind a small interface, chosen by configuration (.env.example), and the process's answer cache. */
export interface Adapters {
  mailer: Mailer;
  sms: SmsSender;
  storage: Storage;
  limits: RateLimits;
  /** Booklet payments: WeChat Pay v3 Native, the sandbox, or none (a deployment without either). */
  payments: PaymentProvider | null;
  /** Background jobs (server/jobs): services queue them inside their transaction. */
  jobs: JobQueue;
  /** Recent answers of reads that are the same for everyone (this process only). */
  answers: AnswerCache;
  /** GitHub's REST API for the repo importer (GITHUB_API_URL, GITHUB_TOKEN). */
  github: CodeHost;
  close(): Promise<void>;
}

export function createAdapters(env: Env, db: Db, overrides: Partial<Omit<Adapters, 'close'>> = {}): Adapters {
  const mailer =
    overrides.mailer ??
    (env.SMTP_URL
      ? createSmtpMailer(env.SMTP_URL, env.MAIL_FROM ?? `${env.SITE_NAME} <noreply@jinsha.dev>`)
      : createOutboxMailer(db));
  const sms =
    overrides.sms ??
    (env.ALIYUN_SMS_ACCESS_KEY_ID &&
    env.ALIYUN_SMS_ACCESS_KEY_SECRET &&
    env.ALIYUN_SMS_SIGN_NAME &&
    env.ALIYUN_SMS_TEMPLATE_CODE
      ? createAliyunSms({
          accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID,
          accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET,
          signName: env.ALIYUN_SMS_SIGN_NAME,
          templateCode: env.ALIYUN_SMS_TEMPLATE_CODE,
        })
      : createOutboxSms(db, env.SITE_NAME));
  const storage =
    overrides.storage ??
    (env.S3_ENDPOINT && env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? createS3Storage({
          endpoint: env.S3_ENDPOINT,
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL,
        })
      : createLocalStorage(env.UPLOADS_DIR));
  const payments = overrides.payments !== undefined ? overrides.payments : createPaymentProvider(env);
  const limits = overrides.limits ?? createRateLimits(env.REDIS_URL);
  return {
    mailer,
    sms,
    storage,
    limits,
    payments,
    jobs: overrides.jobs ?? createJobQueue(db),
    answers: overrides.answers ?? createMemoryCache(),
    github: overrides.github ?? createGithubClient({ apiUrl: env.GITHUB_API_URL, token: env.GITHUB_TOKEN }),
    async close() {
      await Promise.all([mailer.close(), limits.close()]);
    },
  };
}

/** WeChat Pay when all its settings are present, else the sandbox where allowed (server/env.ts). */
export function createPaymentProvider(env: Env): PaymentProvider | null {
  if (
    env.WXPAY_MCH_ID &&
    env.WXPAY_APP_ID &&
    env.WXPAY_SERIAL_NO &&
    env.WXPAY_PRIVATE_KEY &&
    env.WXPAY_API_V3_KEY &&
    env.WXPAY_PLATFORM_PUBLIC_KEY &&
    env.WXPAY_PLATFORM_SERIAL
  ) {
    return createWechatPayProvider({
      mchId: env.WXPAY_MCH_ID,
      appId: env.WXPAY_APP_ID,
      serialNo: env.WXPAY_SERIAL_NO,
      privateKey: pemFromEnv(env.WXPAY_PRIVATE_KEY),
      apiV3Key: env.WXPAY_API_V3_KEY,
      platformPublicKey: pemFromEnv(env.WXPAY_PLATFORM_PUBLIC_KEY),
      platformSerial: env.WXPAY_PLATFORM_SERIAL,
      notifyUrl: env.WXPAY_NOTIFY_URL ?? `${env.SITE_URL.replace(/\/$/, '')}/api/order/notify/wxpay`,
      apiBase: env.WXPAY_API_BASE,
    });
  }
  if (env.PAYMENT_SANDBOX) return createSandboxProvider({ secret: env.SESSION_SECRET, siteUrl: env.SITE_URL });
  return null;
}
