import type { Ctx } from '../../http/context.ts';
import { hash } from '@node-rs/argon2';
import { audit } from '../audit/audit.service.ts';
import { newId } from '@core/ids.ts';
import type { LimitRule } from '../../adapters/rate-limit.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { requireRole, requireViewer } from '../auth/auth.policy.ts';
import {
  EMAIL_TAKEN,
  PHONE_TAKEN,
  USERNAME_TAKEN,
  WRONG_CODE,
  checkCaptcha,
  consumeLimit,
  issueMailToken,
  takeMailToken,
  verifySmsCode,
} from '../verification/verification.service.ts';
import { insertUser } from '../users/users.service.ts';
import { acceptInvitation } from '../account/account.service.ts';
import * as queries from './registration.queries.ts';
import { publishChange } from '../../adapters/changes.ts';

/** SPEC §8 register table. */
export const REGISTER_FAILED = '注册时出现错误';
export const INVALID_LINK = '链接无效或已过期';

export const REGISTRATION_LIMITS = {
  verifyMailPerUser: { name: 'verify-mail-user', points: 1, durationSeconds: 60 },
  resetMailPerEmail: { name: 'reset-mail-email', points: 1, durationSeconds: 60 },
  resetMailPerIp: { name: 'reset-mail-ip', points: 20, durationSeconds: 3600 },
} satisfies Record<string, LimitRule>;

/** What registration's use cases need besides the viewer (most act for someone signed out). */
type MailCtx = Pick<Ctx, 'db' | 'env' | 'adapters' | 'logger'>;

/** Passwords are stored as Argon2id hashes (@node-rs/argon2's default algorithm). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

function link(ctx: MailCtx, path: string, params: Record<string, string>): string {
  return `${new URL(path, ctx.env.SITE_URL)}?${new URLSearchParams(params)}`;
}

/** Sends a mail after the transaction that made its token; a failure is logged, not shown. */
async function sendMailQuietly(ctx: MailCtx, message: { to: string; subject: string; text: string }) {
  try {
    await ctx.adapters.mailer.send(message);
    return true;
  } catch (error) {
    ctx.logger.error({ err: error, mailer: ctx.adapters.mailer.kind }, 'mail send failed');
    return false;
  }
}

function verificationMail(ctx: MailCtx, to: string, username: string, token: string) {
  const url = link(ctx, '/verify-email', { mail_token: token });
  return {
    to,
    subject: `验证你在${ctx.env.SITE_NAME}的邮箱`,
    text: `${username}，你好：\n\n请打开下面的链接，验证你在${ctx.env.SITE_NAME}注册的邮箱（24 小时内有效）：\n\n${url}\n\n如果不是你本人注册，请忽略这封邮件。`,
  };
}

/** The unique index a racing insert tripped over, mapped to the spec's register error. */
function registerConflict(error: unknown): AppError | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current; depth++) {
    const candidate = current as { code?: string; constraint?: string; message?: string; cause?: unknown };
    if (candidate.code === '23505') {
      const where = `${candidate.constraint ?? ''} ${candidate.message ?? ''}`;
      if (where.includes('users_username_lower_uq')) return badRequest(USERNAME_TAKEN.m, USERNAME_TAKEN.s);
      if (where.includes('users_email_lower_uq')) return badRequest(EMAIL_TAKEN.m, EMAIL_TAKEN.s);
      if (where.includes('users_phone_uq')) return badRequest(PHONE_TAKEN.m, PHONE_TAKEN.s);
      return null;
    }
    current = candidate.cause;
  }
  return null;
}

export interface RegisterInput {
  username: string;
  password: string;
  email?: string;
  mobilePhoneNumber?: string;
  smsCode?: string;
  imageToken?: string;
  imageCode?: string;
  /** The invitation link's token (the invitation page keeps it in a cookie): links the account to its inviter. */
  inviteToken?: string;
}

/**
 * POST /v1/createUser: one transaction checks the name, e-mail and phone, spends the SMS code,
 * creates the user and, for an e-mail, its verification token; the mail goes out after commit.
 * The caller starts the session (registration signs the person in).
 */
export async function registerUser(
  ctx: MailCtx,
  { input, ip }: { input: RegisterInput; ip: string },
): Promise<{ userId: string }> {
  if (ip) {
    const perIp = { name: 'register-ip', points: ctx.env.REGISTER_MAX_PER_IP_HOUR, durationSeconds: 3600 };
    await consumeLimit(ctx, { rule: perIp, key: ip });
  }
  const phone = input.mobilePhoneNumber;
  const email = phone ? undefined : input.email;
  if (email && (input.imageToken || input.imageCode)) {
    await checkCaptcha(ctx, { imageToken: input.imageToken ?? '', imageCode: input.imageCode ?? '' });
  }
  const passwordHash = await hashPassword(input.password);
  const userId = newId();

  let outcome: { wrongCode: true } | { wrongCode: false; mailToken: string | null };
  try {
    outcome = await ctx.db.transaction(async (tx) => {
      const taken = await queries.findTakenIdentifiers(tx, { username: input.username, email, phone });
      if (taken.username) throw badRequest(USERNAME_TAKEN.m, USERNAME_TAKEN.s);
      if (taken.phone) throw badRequest(PHONE_TAKEN.m, PHONE_TAKEN.s);
      if (taken.email) throw badRequest(EMAIL_TAKEN.m, EMAIL_TAKEN.s);
      if (phone) {
        const check = await verifySmsCode(
          { db: tx },
          {
            key: ctx.env.SESSION_SECRET,
            options: {
              phone,
              useType: 'signup',
              code: input.smsCode ?? '',
            },
          },
        );
        // Commit the counted attempt, then answer 验证码错误.
        if (!check.ok) return { wrongCode: true as const };
      }
      await insertUser(
        { db: tx },
        {
          id: userId,
          username: input.username,
          passwordHash,
          email: email ?? null,
          emailVerified: false,
          mobilePhoneNumber: phone ?? null,
          mobilePhoneVerified: Boolean(phone),
        },
      );
      if (input.inviteToken) await acceptInvitation({ db: tx }, { token: input.inviteToken, userId });
      const mailToken = email
        ? await issueMailToken(
            { db: tx },
            { key: ctx.env.SESSION_SECRET, options: { purpose: 'mail-verify', email, userId } },
          )
        : null;
      return { wrongCode: false as const, mailToken };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const conflict = registerConflict(error);
    if (conflict) throw conflict;
    ctx.logger.error({ err: error }, 'registration failed');
    throw badRequest(REGISTER_FAILED);
  }
  if (outcome.wrongCode) throw badRequest(WRONG_CODE.m, WRONG_CODE.s);
  if (email && outcome.mailToken) {
    await sendMailQuietly(ctx, verificationMail(ctx, email, input.username, outcome.mailToken));
  }
  return { userId };
}

/** POST /v1/sendEmailToUser (sendType verify): mails the signed-in person a new verification link. */
export async function resendVerificationMail(
  ctx: MailCtx & Pick<Ctx, 'viewer'>,
  options: { email?: string },
): Promise<void> {
  const viewer = requireViewer(ctx.viewer);
  const user = await queries.findUserContactById(ctx.db, viewer.id);
  if (!user?.email) throw badRequest('请先绑定邮箱');
  if (options.email && options.email.toLowerCase() !== user.email.toLowerCase()) throw badRequest('邮箱与账号不一致');
  if (user.emailVerified) throw badRequest('邮箱已验证');
  await consumeLimit(ctx, { rule: REGISTRATION_LIMITS.verifyMailPerUser, key: user.id });
  const email = user.email;
  const token = await ctx.db.transaction((tx) =>
    issueMailToken(
      { db: tx },
      { key: ctx.env.SESSION_SECRET, options: { purpose: 'mail-verify', email, userId: user.id } },
    ),
  );
  if (!(await sendMailQuietly(ctx, verificationMail(ctx, email, user.username, token)))) {
    throw new AppError(502, '邮件发送失败，请稍后重试');
  }
}

/** POST /v1/verifyUserEmail: spends the link's token and marks the account's e-mail verified. */
export async function verifyEmail(ctx: Pick<Ctx, 'db' | 'env'>, mailToken: string): Promise<{ email: string }> {
  const verified = await ctx.db.transaction(async (tx) => {
    const token = await takeMailToken(
      { db: tx },
      { key: ctx.env.SESSION_SECRET, purpose: 'mail-verify', token: mailToken },
    );
    if (!token) return null;
    const user = await queries.findUserContactById(tx, token.userId);
    // The address was changed since the mail went out: the link verifies nothing.
    if (!user?.email || user.email.toLowerCase() !== token.email.toLowerCase()) return null;
    await queries.setEmailVerified(tx, user.id);
    return { email: user.email };
  });
  if (!verified) throw badRequest(INVALID_LINK);
  return verified;
}

/** POST /v1/restPassword: a new password by SMS code (useType restpwd); every session ends. */
export async function resetPasswordByPhone(
  ctx: MailCtx,
  input: { mobilePhoneNumber: string; smsCode: string; newPassword: string },
): Promise<void> {
  const user = await queries.findUserContactByPhone(ctx.db, input.mobilePhoneNumber);
  if (!user) throw notFound('手机号不存在');
  const passwordHash = await hashPassword(input.newPassword);
  const done = await ctx.db.transaction(async (tx) => {
    const check = await verifySmsCode(
      { db: tx },
      {
        key: ctx.env.SESSION_SECRET,
        options: {
          phone: input.mobilePhoneNumber,
          useType: 'restpwd',
          code: input.smsCode,
        },
      },
    );
    if (!check.ok) return false;
    await queries.setPassword(tx, user.id, passwordHash);
    await queries.deleteUserSessions(tx, user.id);
    return true;
  });
  if (!done) throw badRequest(WRONG_CODE.m, WRONG_CODE.s);
  await publishChange(ctx.db, { kind: 'user', key: user.id });
}

/** POST /v1/restPwdByEmail: mails a single-use link to /set-new-password?mail_token=… (24 h). */
export async function sendResetMail(
  ctx: MailCtx,
  { input, ip }: { input: { email: string }; ip: string },
): Promise<void> {
  const user = await queries.findUserContactByEmail(ctx.db, input.email);
  if (!user?.email) throw notFound('邮箱不存在');
  await consumeLimit(ctx, { rule: REGISTRATION_LIMITS.resetMailPerEmail, key: user.email.toLowerCase() });
  if (ip) await consumeLimit(ctx, { rule: REGISTRATION_LIMITS.resetMailPerIp, key: ip });
  const email = user.email;
  const token = await ctx.db.transaction((tx) =>
    issueMailToken(
      { db: tx },
      { key: ctx.env.SESSION_SECRET, options: { purpose: 'mail-resetpwd', email, userId: user.id } },
    ),
  );
  // mail_token, not token: ?token= is the API's token form, which would stand in for the session cookie.
  const url = link(ctx, '/set-new-password', { mail_token: token });
  const sent = await sendMailQuietly(ctx, {
    to: email,
    subject: `重置你在${ctx.env.SITE_NAME}的密码`,
    text: `${user.username}，你好：\n\n请打开下面的链接设置新密码（24 小时内有效，只能使用一次）：\n\n${url}\n\n如果不是你本人操作，请忽略这封邮件，你的密码不会改变。`,
  });
  if (!sent) throw new AppError(502, '邮件发送失败，请稍后重试');
}

/** POST /v1/changePasswordByEmailToken: the mailed link's new password; every session ends. */
export async function resetPasswordByMailToken(
  ctx: Pick<Ctx, 'db' | 'env'>,
  input: { mailToken: string; newPassword: string },
): Promise<void> {
  const passwordHash = await hashPassword(input.newPassword);
  const done = await ctx.db.transaction(async (tx) => {
    const token = await takeMailToken(
      { db: tx },
      { key: ctx.env.SESSION_SECRET, purpose: 'mail-resetpwd', token: input.mailToken },
    );
    if (!token) return false;
    const user = await queries.findUserContactById(tx, token.userId);
    if (!user?.email || user.email.toLowerCase() !== token.email.toLowerCase()) return false;
    await queries.setPassword(tx, user.id, passwordHash);
    await queries.deleteUserSessions(tx, user.id);
    return user.id;
  });
  if (!done) throw badRequest(INVALID_LINK);
  await publishChange(ctx.db, { kind: 'user', key: done });
}

/**
 * An account made from the command line (npm run user:create): the same rules and messages as
 * registration, the e-mail counted as verified; `admin` gives the administrator role.
 */
export async function createAccount(
  ctx: Pick<Ctx, 'db'>,
  input: { email: string; username: string; password: string; admin: boolean },
): Promise<{ userId: string }> {
  const { db } = ctx;
  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  try {
    await db.transaction(async (tx) => {
      const taken = await queries.findTakenIdentifiers(tx, { username: input.username, email: input.email });
      if (taken.username) throw badRequest(USERNAME_TAKEN.m, USERNAME_TAKEN.s);
      if (taken.email) throw badRequest(EMAIL_TAKEN.m, EMAIL_TAKEN.s);
      await insertUser(
        { db: tx },
        {
          id: userId,
          username: input.username,
          email: input.email,
          emailVerified: true,
          passwordHash,
          role: input.admin ? 'admin' : 'user',
        },
      );
    });
  } catch (error) {
    throw registerConflict(error) ?? error;
  }
  return { userId };
}

/**
 * Beyond the spec: an administrator flags an account for a forced reset (a breach response). Its
 * sessions end and its next password login answers 410 until the password is reset.
 */
export async function requirePasswordReset(ctx: Pick<Ctx, 'db' | 'viewer'>, userId: string): Promise<void> {
  const viewer = requireRole(ctx.viewer, { roles: ['admin'] });
  const done = await ctx.db.transaction(async (tx) => {
    const user = await queries.findUserContactById(tx, userId);
    if (!user) return false;
    await queries.setMustResetPassword(tx, user.id);
    await queries.deleteUserSessions(tx, user.id);
    await audit({ db: tx }, { actor: viewer, action: 'force_password_reset', targetType: 'user', targetId: user.id });
    return true;
  });
  if (!done) throw notFound('此用户不存在');
}
