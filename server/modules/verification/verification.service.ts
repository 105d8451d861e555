import type { Ctx } from '../../http/context.ts';
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import type { LimitRule } from '../../adapters/rate-limit.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import * as queries from './verification.queries.ts';

/** SPEC §8 register table, also answered where settings meet the same conflict. 10017 covers the image captcha and SMS codes alike. */
export const WRONG_CODE = { s: 10017, m: '验证码错误' } as const;
export const USERNAME_TAKEN = { s: 10013, m: '该用户名已被占用' } as const;
export const PHONE_TAKEN = { s: 10014, m: '该手机号已注册' } as const;
export const EMAIL_TAKEN = { s: 10019, m: '该邮箱已注册' } as const;

export const CAPTCHA_TTL_MS = 5 * 60_000;
export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_CODE_MAX_ATTEMPTS = 5;
export const MAIL_TOKEN_TTL_MS = 24 * 3_600_000;

export const SMS_USE_TYPES = ['signup', 'restpwd'] as const;
export type SmsUseType = (typeof SMS_USE_TYPES)[number];
/** What an SMS code is for: the public use types, and binding a number to a signed-in account. */
export type SmsPurpose = SmsUseType | 'bind';
export type MailTokenPurpose = 'mail-verify' | 'mail-resetpwd' | 'mail-bind';

/** Rate limits of the verification calls (ctx.adapters.limits; shared through Redis when configured). */
export const LIMIT_RULES = {
  captchaPerIp: { name: 'captcha-ip', points: 60, durationSeconds: 60 },
  smsPerPhoneMinute: { name: 'sms-phone-minute', points: 1, durationSeconds: 60 },
  smsPerPhoneDay: { name: 'sms-phone-day', points: 10, durationSeconds: 86_400 },
  smsPerIpHour: { name: 'sms-ip-hour', points: 30, durationSeconds: 3600 },
} satisfies Record<string, LimitRule>;

export const TOO_FREQUENT = '操作过于频繁，请稍后再试';

/**
 * Secrets are stored as an HMAC keyed with SESSION_SECRET over purpose, target and secret: a
 * leaked table neither reveals them nor lets a short code be brute-forced offline.
 */
export function secretHash(key: string, purpose: string, target: string, secret: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${target}\n${secret}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export async function consumeLimit(ctx: Pick<Ctx, 'adapters'>, { rule, key }: { rule: LimitRule; key: string }) {
  const { allowed } = await ctx.adapters.limits.consume(rule, key);
  if (!allowed) throw new AppError(429, TOO_FREQUENT);
}

/** Now and then, expired secrets are swept (there is no background job). */
async function sweepExpired(db: Db) {
  if (Math.random() < 0.02) await queries.deleteExpiredTokens(db, new Date(Date.now() - 86_400_000));
}

export interface Captcha {
  imageStr: string;
  imageToken: string;
  /** Only with CAPTCHA_TEST_ANSWERS outside real deployments: what the browser journeys type. */
  answer?: string;
}

/** GET getRandCode: a 4-character SVG captcha and the single-use token it is checked against. */
export async function issueCaptcha(ctx: Pick<Ctx, 'db' | 'env' | 'adapters' | 'logger'>, ip: string): Promise<Captcha> {
  if (ip) await consumeLimit(ctx, { rule: LIMIT_RULES.captchaPerIp, key: ip });
  // svg-captcha (and its font, opentype.js) loads with the first captcha, not at boot.
  const { default: svgCaptcha } = await import('svg-captcha');
  const { text, data } = svgCaptcha.create({
    size: 4,
    noise: 2,
    ignoreChars: '0oO1iIlL',
    width: 100,
    height: 36,
    fontSize: 40,
    background: '#f4f5f5',
  });
  const imageToken = randomBytes(16).toString('hex');
  const answer = text.toLowerCase();
  await queries.insertToken(ctx.db, {
    id: newId(),
    purpose: 'captcha',
    target: imageToken,
    secretHash: secretHash(ctx.env.SESSION_SECRET, 'captcha', imageToken, answer),
    expiresAt: new Date(Date.now() + CAPTCHA_TTL_MS),
  });
  await sweepExpired(ctx.db);
  const captcha: Captcha = {
    imageStr: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
    imageToken,
  };
  if (ctx.env.CAPTCHA_TEST_ANSWERS) captcha.answer = answer;
  return captcha;
}

/** Checks an image captcha; any try spends it (single-use), a wrong or stale one answers 验证码错误. */
export async function checkCaptcha(
  ctx: Pick<Ctx, 'db' | 'env'>,
  { imageToken, imageCode }: { imageToken: string; imageCode: string },
) {
  const row = await queries.takeLiveToken(ctx.db, 'captcha', imageToken, new Date());
  const expected = secretHash(ctx.env.SESSION_SECRET, 'captcha', imageToken, imageCode.trim().toLowerCase());
  if (!row || !sameHash(row.secretHash, expected)) throw badRequest(WRONG_CODE.m, WRONG_CODE.s);
}

/**
 * POST /v2/sendSmsCodeToUser: captcha first, then the phone's state for the use (signup needs a
 * new number, restpwd a known one), then the rate limits; a fresh 6-digit code replaces older ones.
 */
export async function sendSmsCode(
  ctx: Pick<Ctx, 'db' | 'env' | 'adapters' | 'logger'>,
  options: { phone: string; imageToken: string; imageCode: string; useType: SmsUseType; ip: string },
): Promise<void> {
  const { phone, useType } = options;
  await checkCaptcha(ctx, { imageToken: options.imageToken, imageCode: options.imageCode });
  const userId = await queries.findUserIdByPhone(ctx.db, phone);
  if (useType === 'signup' && userId) throw badRequest(PHONE_TAKEN.m, PHONE_TAKEN.s);
  if (useType === 'restpwd' && !userId) throw notFound('手机号不存在');

  await issueSmsCode(ctx, { phone, purpose: useType, userId, ip: options.ip });
}

/**
 * Sends a fresh 6-digit code for the purpose (older live ones end), within the per-phone and
 * per-IP limits. Callers check what the purpose requires of the phone first.
 */
export async function issueSmsCode(
  ctx: Pick<Ctx, 'db' | 'env' | 'adapters' | 'logger'>,
  options: { phone: string; purpose: SmsPurpose; userId: string | null; ip: string },
): Promise<void> {
  const { phone } = options;
  await consumeLimit(ctx, { rule: LIMIT_RULES.smsPerPhoneMinute, key: `${options.purpose}:${phone}` });
  await consumeLimit(ctx, { rule: LIMIT_RULES.smsPerPhoneDay, key: phone });
  if (options.ip) await consumeLimit(ctx, { rule: LIMIT_RULES.smsPerIpHour, key: options.ip });

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const purpose = `sms-${options.purpose}`;
  const now = new Date();
  const id = newId();
  await ctx.db.transaction(async (tx) => {
    await queries.burnLiveTokens(tx, purpose, phone, now);
    await queries.insertToken(tx, {
      id,
      purpose,
      target: phone,
      secretHash: secretHash(ctx.env.SESSION_SECRET, purpose, phone, code),
      userId: options.userId,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    });
  });
  try {
    await ctx.adapters.sms.send({ phone, code, purpose: options.purpose });
  } catch (error) {
    await queries.markTokenUsed(ctx.db, id, new Date());
    ctx.logger.error({ err: error, channel: ctx.adapters.sms.kind }, 'sms send failed');
    throw new AppError(502, '短信发送失败，请稍后重试');
  }
}

/**
 * Checks an SMS code inside the caller's transaction. A right code is spent; a wrong one counts
 * an attempt (the code is spent after SMS_CODE_MAX_ATTEMPTS). The caller must let the transaction
 * commit on 'wrong' (so the attempt counts) and then answer 验证码错误.
 */
export async function verifySmsCode(
  ctx: Pick<Ctx, 'db'>,
  { key, options }: { key: string; options: { phone: string; useType: SmsPurpose; code: string } },
): Promise<{ ok: true; userId: string | null } | { ok: false }> {
  const { db: tx } = ctx;
  const purpose = `sms-${options.useType}`;
  const now = new Date();
  const row = await queries.findLiveToken(tx, purpose, options.phone, now);
  if (!row) return { ok: false };
  if (sameHash(row.secretHash, secretHash(key, purpose, options.phone, options.code.trim()))) {
    await queries.markTokenUsed(tx, row.id, now);
    return { ok: true, userId: row.userId };
  }
  await queries.addFailedAttempt(tx, row.id, row.attempts + 1 >= SMS_CODE_MAX_ATTEMPTS, now);
  return { ok: false };
}

/**
 * A single-use mail token (verification, password reset): `<row id>.<secret>`, so the row is
 * found by its key and the secret compared by hash. Earlier live tokens of the purpose end.
 */
export async function issueMailToken(
  ctx: Pick<Ctx, 'db'>,
  { key, options }: { key: string; options: { purpose: MailTokenPurpose; email: string; userId: string } },
): Promise<string> {
  const { db: tx } = ctx;
  const now = new Date();
  const id = newId();
  const secret = randomBytes(24).toString('base64url');
  await queries.burnLiveTokens(tx, options.purpose, options.email, now);
  await queries.insertToken(tx, {
    id,
    purpose: options.purpose,
    target: options.email,
    secretHash: secretHash(key, options.purpose, options.email, secret),
    userId: options.userId,
    expiresAt: new Date(now.getTime() + MAIL_TOKEN_TTL_MS),
  });
  return `${id}.${secret}`;
}

/** Spends a mail token of the purpose; null when it is unknown, wrong, used or expired. */
export async function takeMailToken(
  ctx: Pick<Ctx, 'db'>,
  { key, purpose, token }: { key: string; purpose: MailTokenPurpose; token: string },
): Promise<{ email: string; userId: string } | null> {
  const { db: tx } = ctx;
  const [id, secret] = token.split('.');
  if (!id || !secret || !/^[0-9a-f]{24}$/.test(id)) return null;
  const row = await queries.findTokenById(tx, id);
  const now = new Date();
  if (!row || row.purpose !== purpose || row.usedAt || row.expiresAt <= now || !row.userId) return null;
  if (!sameHash(row.secretHash, secretHash(key, purpose, row.target, secret))) return null;
  await queries.markTokenUsed(tx, row.id, now);
  return { email: row.target, userId: row.userId };
}
