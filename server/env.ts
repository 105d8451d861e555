import { z } from 'zod';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

/** Every setting the server reads, validated once at boot (.env.example documents each). */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  SITE_NAME: z.string().min(1).default('金砂'),
  /** Public origin, used in mails and absolute links; defaults to http://localhost:PORT. */
  SITE_URL: z.string().url().optional(),
  /** postgres://… for PostgreSQL; otherwise a PGlite data directory. */
  DATABASE_URL: z.string().default('./data/pglite'),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  TEST_DATABASE_URL: z.string().optional(),
  REDIS_URL: z.string().optional(),
  /** Key for values the server signs (OAuth state, mail links); every instance needs the same one in production. */
  SESSION_SECRET: z.string().min(16, 'SESSION_SECRET must be at least 16 characters').optional(),
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  /** Seed demo content when the database has no users (npm start turns it on). */
  SEED_ON_EMPTY: booleanish,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Trust X-Forwarded-For from the load balancer in front. */
  TRUST_PROXY: booleanish,
  /** Compress responses in the app (brotli/gzip); false when a proxy in front compresses (deploy/nginx.conf). */
  APP_COMPRESSION: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  /** A name for this process, sent as the X-Instance response header (the cluster names its three). */
  INSTANCE_NAME: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,40}$/)
    .optional(),
  /** How long SIGTERM waits for in-flight requests before closing anyway. */
  /** Outgoing mail: smtp://user:pass@host:587 (or smtps://). Unset: mail goes to the outbox (/dev/outbox). */
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().optional(),
  /** Aliyun SMS (all four set): verification codes by SMS. Unset: codes go to the outbox. */
  ALIYUN_SMS_ACCESS_KEY_ID: z.string().optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().optional(),
  ALIYUN_SMS_SIGN_NAME: z.string().optional(),
  ALIYUN_SMS_TEMPLATE_CODE: z.string().optional(),
  /** Uploads on local disk (served at /uploads), unless S3_* selects an S3-compatible bucket. */
  UPLOADS_DIR: z.string().default('./data/uploads'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('auto'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PUBLIC_URL: z.string().url().optional(),
  /** The repo importer (npm run repos:import, the admin's import call): GitHub's REST API and a token (optional: 60 requests an hour without). */
  GITHUB_API_URL: z.string().url().default('https://api.github.com'),
  GITHUB_TOKEN: z.string().optional(),
  /** Refresh repos from GitHub every N minutes inside the server (0: off; or run `npm run repos:import -- --refresh` from cron). */
  REPOS_REFRESH_MINUTES: z.coerce.number().int().min(0).default(0),
  /** Third-party login (SPEC §2.4): a provider shows only when its id and secret are set. */
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  WEIBO_CLIENT_ID: z.string().optional(),
  WEIBO_CLIENT_SECRET: z.string().optional(),
  WECHAT_APP_ID: z.string().optional(),
  WECHAT_APP_SECRET: z.string().optional(),
  /** Endpoint overrides (tests point them at a local OAuth 2.0 server); unset = the provider's own. */
  OAUTH_GITHUB_AUTHORIZE_URL: z.string().url().optional(),
  OAUTH_GITHUB_TOKEN_URL: z.string().url().optional(),
  OAUTH_GITHUB_USERINFO_URL: z.string().url().optional(),
  OAUTH_WEIBO_AUTHORIZE_URL: z.string().url().optional(),
  OAUTH_WEIBO_TOKEN_URL: z.string().url().optional(),
  OAUTH_WEIBO_USERINFO_URL: z.string().url().optional(),
  /** WeChat Official Account (公众号) for the JS-SDK share signature (/api/wechat/auth); unset = the call answers 404. */
  WECHAT_MP_APP_ID: z.string().optional(),
  WECHAT_MP_APP_SECRET: z.string().optional(),
  /** The WeChat API origin (a local stand-in in tests). */
  WECHAT_API_BASE: z.string().url().default('https://api.weixin.qq.com'),
  /** The mobile app (/app): its URL scheme for open-in-app links, and its store pages (unset: not offered). */
  APP_SCHEME: z
    .string()
    .regex(/^[a-z][a-z0-9+.-]*$/)
    .default('jinsha'),
  APP_IOS_URL: z.string().url().optional(),
  APP_ANDROID_URL: z.string().url().optional(),
  OAUTH_WECHAT_AUTHORIZE_URL: z.string().url().optional(),
  OAUTH_WECHAT_TOKEN_URL: z.string().url().optional(),
  OAUTH_WECHAT_USERINFO_URL: z.string().url().optional(),
  /**
   * WeChat Pay v3 Native (all of WXPAY_MCH_ID … WXPAY_PLATFORM_SERIAL set): booklet purchases are paid by WeChat QR.
   * PEM values may use literal \n for line breaks. Unset: the sandbox provider (docs/decisions/013).
   */
  WXPAY_MCH_ID: z.string().optional(),
  WXPAY_APP_ID: z.string().optional(),
  WXPAY_SERIAL_NO: z.string().optional(),
  WXPAY_PRIVATE_KEY: z.string().optional(),
  WXPAY_API_V3_KEY: z.string().length(32, 'WXPAY_API_V3_KEY must be 32 characters').optional(),
  WXPAY_PLATFORM_PUBLIC_KEY: z.string().optional(),
  WXPAY_PLATFORM_SERIAL: z.string().optional(),
  /** Where WeChat Pay sends callbacks; defaults to SITE_URL/api/order/notify/wxpay. */
  WXPAY_NOTIFY_URL: z.string().url().optional(),
  WXPAY_API_BASE: z.string().url().default('https://api.mch.weixin.qq.com'),
  /**
   * The sandbox payment provider (a local confirmation page pays the order) when WeChat Pay is not configured:
   * always on outside production and in local production builds without SESSION_SECRET; a real deployment
   * must opt in with PAYMENT_SANDBOX=true (a staging site), otherwise buying answers 支付暂不可用.
   */
  PAYMENT_SANDBOX: booleanish,
  /** Sign-in lockout: failed logins allowed per account and per client address in the window (15 min). */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_IP: z.coerce.number().int().min(1).default(20),
  /** How long each process reuses a resolved session (0 = never); sign-outs and unread counts reach it at once (docs/decisions/005). */
  SESSION_CACHE_SECONDS: z.coerce.number().min(0).default(60),
  /** How long a cached shared page or feed may still be served after a change it does not show (docs/decisions/005). */
  CACHE_GRACE_MS: z.coerce.number().int().min(0).default(2000),
  /** Shared answers (a feed's page for everyone) each process keeps (0 = off; docs/decisions/005). */
  FEED_CACHE_ENTRIES: z.coerce.number().int().min(0).default(2000),
  /** Megabytes of heap those shared answers may hold, about (0 = off; a 20-row feed page is about 42 KB). */
  FEED_CACHE_MB: z.coerce.number().min(0).default(16),
  /** Megabytes of compressed anonymous pages each process keeps (0 = off; docs/decisions/005). */
  PAGE_CACHE_MB: z.coerce.number().min(0).default(32),
  /** Megabytes of signed-in page templates each process keeps (0 = off; server/http/viewer-pages.ts). */
  VIEWER_PAGES_MB: z.coerce.number().min(0).default(16),
  /** `verify`: every templated signed-in page is also rendered as usual and a difference is logged (journeys). */
  VIEWER_PAGES_VERIFY: booleanish,
  /** How long each instance reuses an anonymous search's result ids (0 = never); the page's public max-age is 30 s. */
  SEARCH_CACHE_SECONDS: z.coerce.number().min(0).default(30),
  /** Image uploads allowed per person and hour (each costs a decode). */
  UPLOAD_MAX_PER_USER_HOUR: z.coerce.number().int().min(1).default(120),
  /** New-account limits (docs/trust-levels.md; values in core/trust.ts): on unless set to false. */
  NEW_ACCOUNT_LIMITS: z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((v) => v !== 'false' && v !== '0'),
  /** Registrations allowed per client address and hour. */
  REGISTER_MAX_PER_IP_HOUR: z.coerce.number().int().min(1).default(20),
  /** Tracking events (page views, statistics, behaviour) accepted per visitor and minute (docs/tracking.md). */
  TRACKING_MAX_PER_VISITOR_MINUTE: z.coerce.number().int().min(1).default(120),
  /** Days raw tracking events are kept; older ones are rolled up, then deleted. */
  TRACKING_RAW_RETENTION_DAYS: z.coerce.number().int().min(2).max(366).default(30),
  /** Days the daily tracking rollup is kept. */
  TRACKING_DAILY_RETENTION_DAYS: z.coerce.number().int().min(30).max(3660).default(400),
  /** The /dev/outbox page in a local production build (always on outside production). */
  DEV_OUTBOX: booleanish,
  /** Browser journeys only: getRandCode also returns the captcha's answer. Never in a real deployment. */
  CAPTCHA_TEST_ANSWERS: booleanish,
  /** Tests only: the link preview (/api/post/page/info) may fetch loopback and private addresses. Refused in production. */
  LINK_PREVIEW_ALLOW_PRIVATE: booleanish,
  /**
   * Browser journeys only, which run a local production build against a local page server: the
   * same as LINK_PREVIEW_ALLOW_PRIVATE, honoured only without SESSION_SECRET (like DEV_OUTBOX).
   */
  E2E_LINK_PREVIEW_ALLOW_PRIVATE: booleanish,
  /** Where `npm run build` wrote the app (react-router.config.ts reads the same variable). */
  BUILD_DIR: z.string().default('build'),
  /** Run the background jobs (mails) in this process; false makes a web-only instance (docs/decisions/015). */
  JOBS_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  /** How often an idle job worker looks for work, in seconds. */
  JOBS_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  /** After SIGTERM, how long the server still accepts and answers (with Connection: close) before it stops listening. */
  SHUTDOWN_SETTLE_MS: z.coerce.number().int().min(0).max(60_000).default(500),
});

export type Env = z.infer<typeof envSchema> & { SITE_URL: string; SESSION_SECRET: string };

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration (see .env.example):\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === 'production' && !env.SESSION_SECRET && !source.JINSHA_ALLOW_DEV_SECRET) {
    // `npm start` on a fresh clone is a local production build: it passes JINSHA_ALLOW_DEV_SECRET.
    throw new Error('Invalid configuration (see .env.example):\n  SESSION_SECRET: required in production');
  }
  if (env.NODE_ENV === 'production' && env.SESSION_SECRET && (env.DEV_OUTBOX || env.CAPTCHA_TEST_ANSWERS)) {
    // A real deployment (it has its own secret) never shows codes: only local production builds may.
    throw new Error(
      'Invalid configuration (see .env.example):\n  DEV_OUTBOX, CAPTCHA_TEST_ANSWERS: not allowed in production',
    );
  }
  if (env.NODE_ENV === 'production' && env.LINK_PREVIEW_ALLOW_PRIVATE) {
    // The page reader must never reach loopback, private or metadata addresses in production.
    throw new Error(
      'Invalid configuration (see .env.example):\n  LINK_PREVIEW_ALLOW_PRIVATE: not allowed in production (journeys: E2E_LINK_PREVIEW_ALLOW_PRIVATE)',
    );
  }
  if (env.SESSION_SECRET && env.E2E_LINK_PREVIEW_ALLOW_PRIVATE) {
    throw new Error(
      'Invalid configuration (see .env.example):\n  E2E_LINK_PREVIEW_ALLOW_PRIVATE: only for local builds without SESSION_SECRET',
    );
  }
  return {
    ...env,
    LINK_PREVIEW_ALLOW_PRIVATE: env.LINK_PREVIEW_ALLOW_PRIVATE || env.E2E_LINK_PREVIEW_ALLOW_PRIVATE,
    SITE_URL: env.SITE_URL ?? `http://localhost:${env.PORT}`,
    PAYMENT_SANDBOX: env.PAYMENT_SANDBOX || env.NODE_ENV !== 'production' || !env.SESSION_SECRET,
    SESSION_SECRET: env.SESSION_SECRET ?? 'jinsha-development-secret-not-for-production',
  };
}
