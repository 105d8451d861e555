import type { Ctx, RequestContext, TxCtx } from '../../http/context.ts';
import { hash } from '@node-rs/argon2';
import { createHash, randomBytes } from 'node:crypto';
import {
  LAST_SIGN_IN_METHOD_MESSAGE,
  MAIL_TYPES,
  type MailType,
  OAUTH_PROVIDERS,
  OAUTH_PROVIDER_LABELS,
  type OAuthProvider,
  PROFILE_FIELDS,
  type ProfileField,
  emailProblem,
  newPasswordProblem,
  phoneProblem,
  profileValueProblem,
  BLOG_ADDRESS_MESSAGE,
} from '@core/account-settings.ts';
import { isSiteOrWebLink } from '@core/user-urls.ts';
import { newId } from '@core/ids.ts';
import type { Db } from '@db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { requireRole, requireViewer } from '../auth/auth.policy.ts';
import { checkCurrentPassword } from '../auth/auth.service.ts';
import {
  EMAIL_TAKEN,
  PHONE_TAKEN,
  USERNAME_TAKEN,
  WRONG_CODE,
  issueMailToken,
  issueSmsCode,
  takeMailToken,
  verifySmsCode,
} from '../verification/verification.service.ts';
import * as queries from './account.queries.ts';
import { publishChange } from '../../adapters/changes.ts';
import { configuredProviders } from './oauth.providers.ts';

type AccountRow = NonNullable<Awaited<ReturnType<typeof queries.findAccount>>>;

function isUniqueViolation(error: unknown): boolean {
  for (let current = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if ((current as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

async function loadAccount(db: Db, userId: string): Promise<AccountRow> {
  const account = await queries.findAccount(db, userId);
  if (!account) throw notFound('此用户不存在');
  return account;
}

/** Ways the account can sign in: email or phone with a password, and each linked provider. */
export function signInMethodCount(
  account: Pick<AccountRow, 'passwordHash' | 'email' | 'mobilePhoneNumber'>,
  oauthCount: number,
): number {
  const withPassword = account.passwordHash
    ? Number(Boolean(account.email)) + Number(Boolean(account.mobilePhoneNumber))
    : 0;
  return withPassword + oauthCount;
}

// ——— settings overview ———

export interface AccountSettings {
  profile: {
    id: string;
    username: string;
    avatarLarge: string;
    jobTitle: string;
    company: string;
    blogAddress: string;
    selfDescription: string;
  };
  email: string | null;
  emailVerified: boolean;
  mobilePhoneNumber: string | null;
  hasPassword: boolean;
  /** Every provider that is configured, with the viewer's linked account if any. */
  thirdParty: Array<{ provider: OAuthProvider; label: string; bound: boolean; nickname: string }>;
}

export async function getAccountSettings(ctx: Pick<Ctx, 'db' | 'env' | 'viewer'>) {
  const { viewer } = ctx;
  const me = requireViewer(viewer);
  const account = await loadAccount(ctx.db, me.id);
  const linked = await queries.listOAuthAccounts(ctx.db, me.id);
  const configured = configuredProviders(ctx.env);
  const thirdParty = OAUTH_PROVIDERS.filter(
    (provider) => configured.has(provider) || linked.some((row) => row.provider === provider),
  ).map((provider) => {
    const row = linked.find((item) => item.provider === provider);
    return { provider, label: OAUTH_PROVIDER_LABELS[provider], bound: Boolean(row), nickname: row?.nickname ?? '' };
  });
  return {
    profile: {
      id: account.id,
      username: account.username,
      avatarLarge: account.avatarLarge,
      jobTitle: account.jobTitle,
      company: account.company,
      blogAddress: account.blogAddress,
      selfDescription: account.selfDescription,
    },
    email: account.email,
    emailVerified: account.emailVerified,
    mobilePhoneNumber: account.mobilePhoneNumber,
    hasPassword: Boolean(account.passwordHash),
    thirdParty,
  } satisfies AccountSettings;
}

// ——— profile ———

const PROFILE_FIELD_ALIASES: Record<string, ProfileField> = { avatar: 'avatarLarge' };

export async function updateUserInfo(ctx: Pick<Ctx, 'db' | 'viewer' | 'env'>, input: { field: string; value: string }) {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  const named = PROFILE_FIELD_ALIASES[input.field] ?? input.field;
  if (!(PROFILE_FIELDS as readonly string[]).includes(named)) throw badRequest('不支持修改该字段');
  const field = named as ProfileField;
  const value = field === 'username' || field === 'blogAddress' ? input.value.trim() : input.value;
  const problem = profileValueProblem(field, value);
  if (problem) throw badRequest(problem);
  // Only the server knows this site's origin: a link to its own /api would act as whoever follows it.
  if (field === 'blogAddress' && value && !isSiteOrWebLink(value, ctx.env.SITE_URL)) {
    throw badRequest(BLOG_ADDRESS_MESSAGE);
  }
  if (field === 'avatarLarge') {
    // Only an image this person uploaded as an avatar (POST /api/upload/image, purpose avatar).
    const upload = await queries.findOwnUpload(db, { url: value, userId: me.id, purpose: 'avatar' });
    if (!upload) throw badRequest('请上传头像');
  }
  if (field === 'username' && (await queries.usernameTaken(db, value, me.id))) {
    throw badRequest(USERNAME_TAKEN.m, USERNAME_TAKEN.s);
  }
  try {
    await queries.updateUser(db, me.id, { [field]: value });
  } catch (error) {
    if (field === 'username' && isUniqueViolation(error)) throw badRequest(USERNAME_TAKEN.m, USERNAME_TAKEN.s);
    throw error;
  }
  return { field, value };
}

// ——— password ———

/**
 * Changes the password. The current one is checked under the sign-in lockout (per person and per
 * address, checkCurrentPassword): a stolen session cannot guess it without limit.
 */
export async function changePassword(
  ctx: Pick<Ctx, 'db' | 'viewer' | 'env' | 'adapters'>,
  input: { oldPassword: string; newPassword: string; confirmPassword?: string; ip: string },
) {
  const { db } = ctx;
  const me = requireViewer(ctx.viewer);
  const account = await loadAccount(db, me.id);
  // An account made through third-party login has no password yet: it may set one directly.
  if (account.passwordHash) {
    if (!input.oldPassword) throw badRequest('当前密码不能为空');
    await checkCurrentPassword(ctx, {
      userId: me.id,
      passwordHash: account.passwordHash,
      password: input.oldPassword,
      ip: input.ip,
    });
  }
  const problem = newPasswordProblem(input.newPassword);
  if (problem) throw badRequest(problem);
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.newPassword) {
    throw badRequest('两次输入的密码不一致');
  }
  const passwordHash = await hash(input.newPassword);
  const ended = await db.transaction(async (tx) => {
    await queries.updateUser(tx, me.id, { passwordHash, mustResetPassword: false });
    // Everyone else holding this account's sessions must sign in again.
    return queries.deleteOtherSessions(tx, me.id, me.sessionId);
  });
  await publishChange(db, { kind: 'user', key: me.id });
  return { endedSessions: ended };
}

// ——— phone binding (codes and links through the verification module) ———

/** /v2/updateUserMobile: sends a 6-digit code to the number to be bound. */
export async function sendBindSmsCode(
  ctx: RequestContext,
  { input, ip }: { input: { mobilePhoneNumber: string }; ip: string },
) {
  const me = requireViewer(ctx.viewer);
  const phone = input.mobilePhoneNumber.trim();
  const problem = phoneProblem(phone);
  if (problem) throw badRequest(problem);
  if (await queries.phoneTaken(ctx.db, phone, me.id)) throw badRequest(PHONE_TAKEN.m, PHONE_TAKEN.s);
  await issueSmsCode(ctx, { phone, purpose: 'bind', userId: me.id, ip });
  return { mobilePhoneNumber: phone };
}

/** /v1/bindUserMobile: the code sent to the number binds it (replacing a bound one). */
export async function bindUserMobile(
  ctx: Pick<Ctx, 'db' | 'env' | 'viewer'>,
  input: { mobilePhoneNumber: string; smsCode: string },
) {
  const me = requireViewer(ctx.viewer);
  const phone = input.mobilePhoneNumber.trim();
  const problem = phoneProblem(phone);
  if (problem) throw badRequest(problem);
  if (!input.smsCode.trim()) throw badRequest('验证码不能为空');
  try {
    // A wrong code must still count its attempt, so the transaction commits before answering.
    const bound = await ctx.db.transaction(async (tx) => {
      const check = await verifySmsCode(
        { db: tx },
        { key: ctx.env.SESSION_SECRET, options: { phone, useType: 'bind', code: input.smsCode } },
      );
      if (!check.ok || check.userId !== me.id) return false;
      if (await queries.phoneTaken(tx, phone, me.id)) throw badRequest(PHONE_TAKEN.m, PHONE_TAKEN.s);
      await queries.updateUser(tx, me.id, { mobilePhoneNumber: phone, mobilePhoneVerified: true });
      return true;
    });
    if (!bound) throw badRequest(WRONG_CODE.m, WRONG_CODE.s);
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(PHONE_TAKEN.m, PHONE_TAKEN.s);
    throw error;
  }
  return { mobilePhoneNumber: phone };
}

// ——— e-mail binding ———

/** /v1/updateUserEmail: mails a link; the address is bound when the link is opened. */
export async function updateUserEmail(ctx: RequestContext, input: { email: string }) {
  const me = requireViewer(ctx.viewer);
  const email = input.email.trim();
  const problem = emailProblem(email);
  if (problem) throw badRequest(problem);
  if (await queries.emailTaken(ctx.db, email, me.id)) throw badRequest(EMAIL_TAKEN.m, EMAIL_TAKEN.s);
  const mailToken = await issueMailToken(ctx, {
    key: ctx.env.SESSION_SECRET,
    options: {
      purpose: 'mail-bind',
      email,
      userId: me.id,
    },
  });
  const link = new URL('/user/settings/account', ctx.env.SITE_URL);
  link.searchParams.set('mail_token', mailToken);
  const site = ctx.env.SITE_NAME;
  await ctx.adapters.mailer.send({
    to: email,
    subject: `【${site}】验证你的邮箱`,
    text: `${me.username}，你好：\n\n请打开下面的链接，把这个邮箱绑定到你的${site}账号（24 小时内有效）：\n${link.href}\n\n如非本人操作，请忽略这封邮件。`,
  });
  return { email };
}

/** Opens the mail link: binds the address to the account that asked for it. */
export async function confirmEmailBinding(ctx: Pick<Ctx, 'db' | 'env' | 'viewer'>, mailToken: string) {
  const { db, env, viewer } = ctx;
  const me = requireViewer(viewer);
  const expired = () => badRequest('链接已失效，请重新发送验证邮件');
  try {
    return await db.transaction(async (tx) => {
      const token = await takeMailToken(
        { db: tx },
        { key: env.SESSION_SECRET, purpose: 'mail-bind', token: mailToken },
      );
      // Another account's link is refused and, with the rollback, stays unspent.
      if (!token || token.userId !== me.id) throw expired();
      if (await queries.emailTaken(tx, token.email, me.id)) throw badRequest(EMAIL_TAKEN.m, EMAIL_TAKEN.s);
      await queries.updateUser(tx, me.id, { email: token.email, emailVerified: true });
      return { email: token.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw badRequest(EMAIL_TAKEN.m, EMAIL_TAKEN.s);
    throw error;
  }
}

// ——— unbinding ———

export type UnbindChannel = OAuthProvider | 'email' | 'phone';

/** /v1/unbind: a third-party account (isThird 1) or the e-mail/phone (isThird 0), never the last way in. */
export async function unbind(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { channel: string; isThird: boolean }) {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  const channel = input.channel;
  const third = (OAUTH_PROVIDERS as readonly string[]).includes(channel);
  if (input.isThird !== third || (!third && channel !== 'email' && channel !== 'phone')) {
    throw badRequest('不支持的解绑方式');
  }
  await db.transaction(async (tx) => {
    // The row lock makes two unbinds at once see each other's result.
    const account = await queries.findAccount(tx, me.id, { forUpdate: true });
    if (!account) throw notFound('此用户不存在');
    const linked = await queries.listOAuthAccounts(tx, me.id);
    if (third) {
      if (!linked.some((row) => row.provider === channel)) throw badRequest('尚未绑定该账号');
      if (signInMethodCount(account, linked.length - 1) < 1) throw badRequest(LAST_SIGN_IN_METHOD_MESSAGE);
      await queries.deleteOAuthAccount(tx, me.id, channel as OAuthProvider);
      return;
    }
    const field = channel === 'email' ? 'email' : 'mobilePhoneNumber';
    if (!account[field]) throw badRequest(channel === 'email' ? '尚未绑定邮箱' : '尚未绑定手机号');
    if (signInMethodCount({ ...account, [field]: null }, linked.length) < 1) {
      throw badRequest(LAST_SIGN_IN_METHOD_MESSAGE);
    }
    await queries.updateUser(
      tx,
      me.id,
      channel === 'email'
        ? { email: null, emailVerified: false }
        : { mobilePhoneNumber: null, mobilePhoneVerified: false },
    );
  });
  return { channel };
}

// ——— sessions ———

export async function listSessions(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  const rows = await queries.listSessions(db, me.id, new Date());
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === me.sessionId,
  }));
}

export async function endSession(ctx: Pick<Ctx, 'db' | 'viewer'>, sessionId: string) {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  if (sessionId === me.sessionId) throw badRequest('当前会话请通过登出结束');
  if (!(await queries.deleteSession(db, me.id, sessionId))) throw notFound('会话不存在');
  await publishChange(db, { kind: 'session', key: sessionId });
  return { id: sessionId };
}

export async function endOtherSessions(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  const ended = await queries.deleteOtherSessions(db, me.id, me.sessionId);
  await publishChange(db, { kind: 'user', key: me.id });
  return { ended };
}

// ——— mail subscriptions ———

export async function getMailStatus(ctx: Pick<Ctx, 'db' | 'viewer'>) {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  const rows = await queries.selectMailSubscriptions(db, me.id);
  // No row yet: subscribed (the column's default).
  return Object.fromEntries(
    MAIL_TYPES.map((type) => [type, rows.find((row) => row.type === type)?.subscribed ?? true]),
  ) as Record<MailType, boolean>;
}

export async function subscribeMail(ctx: Pick<Ctx, 'db' | 'viewer'>, input: { type: MailType; check: boolean }) {
  const { db, viewer } = ctx;
  const me = requireViewer(viewer);
  await setMailSubscription({ db }, { userId: me.id, type: input.type, subscribed: input.check });
  return { type: input.type, status: input.check, check: input.check };
}

/** Turns one mail subscription on or off (the settings toggle, and a mail's unsubscribe link). */
export async function setMailSubscription(
  ctx: Pick<Ctx, 'db'>,
  input: { userId: string; type: MailType; subscribed: boolean },
) {
  const { db } = ctx;
  await db.transaction(async (tx) => {
    await queries.upsertMailSubscription(tx, input.userId, input.type, input.subscribed);
    // The User fields of SPEC §3 mirror two of the toggles.
    if (input.type === 'week') await queries.updateUser(tx, input.userId, { weeklyEmail: input.subscribed });
    if (input.type === 'follow') await queries.updateUser(tx, input.userId, { allowNotification: input.subscribed });
  });
}

// ——— invitations ———

export async function getAvailableInviteCount(ctx: Pick<Ctx, 'db' | 'viewer'>, userId: string) {
  const { db, viewer } = ctx;
  // Only the sender (or an admin) sees the count.
  requireRole(viewer, { id: userId });
  const account = await loadAccount(db, userId);
  return { count: account.availableInviteCount };
}

/** Sends an invitation mail and records it, taking one from the allowance in the same transaction. */
export async function postInvite(
  ctx: Pick<Ctx, 'db' | 'env' | 'adapters' | 'viewer'>,
  { userId, input }: { userId: string; input: { receiverName: string; receiverEmail: string } },
) {
  requireRole(ctx.viewer, { id: userId });
  const receiverName = input.receiverName.trim();
  const receiverEmail = input.receiverEmail.trim();
  if (!receiverName) throw badRequest('请填写对方的称呼');
  if (Array.from(receiverName).length > 20) throw badRequest('称呼要在20个字符以内');
  const problem = emailProblem(receiverEmail);
  if (problem) throw badRequest(problem);
  const sender = await loadAccount(ctx.db, userId);
  const token = randomBytes(24).toString('base64url');
  const link = new URL('/invite', ctx.env.SITE_URL);
  link.searchParams.set('token', token);
  const site = ctx.env.SITE_NAME;
  const invitationId = newId();
  const left = await ctx.db.transaction(async (tx) => {
    const remaining = await queries.takeInvite(tx, userId);
    if (remaining === null) throw badRequest('邀请次数已用完');
    await queries.insertInvitation(tx, {
      id: invitationId,
      senderId: userId,
      receiverName,
      receiverEmail,
      tokenHash: createHash('sha256').update(token).digest('hex'),
    });
    return remaining;
  });
  try {
    // After the commit (the outbox mailer writes through the same database).
    await ctx.adapters.mailer.send({
      to: receiverEmail,
      subject: `${sender.username} 邀请你加入${site}`,
      text: `${receiverName}，你好：\n\n${sender.username} 邀请你加入${site}——一个面向开发者的中文技术社区。\n\n接受邀请：${link.href}\n`,
    });
  } catch (error) {
    // A mail that cannot go out gives the invitation back.
    await ctx.db.transaction((tx) => queries.returnInvite(tx, { invitationId, userId }));
    throw error;
  }
  return { count: left };
}

/** The invitation page keeps the link's token here for the registration call (/api/user/v1/createUser). */
export const INVITE_COOKIE = 'jinsha_invite';
export const INVITE_COOKIE_PATH = '/api/user';
export const INVITE_COOKIE_MAX_AGE = 30 * 86_400;

const inviteTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The invitation page (/invite?token=…): who invites, and whether the link is still unused. */
export async function findInvitation(ctx: Pick<Ctx, 'db'>, token: string) {
  const { db } = ctx;
  if (!token || token.length > 100) return null;
  const row = await queries.selectInvitationByToken(db, inviteTokenHash(token));
  return row && { senderName: row.senderName, receiverName: row.receiverName, accepted: row.acceptedBy !== null };
}

/**
 * Registration through an invitation link: links the new account to the invitation (in the
 * registration's transaction), once. An unknown or used token changes nothing.
 */
export async function acceptInvitation(
  ctx: TxCtx,
  { token, userId }: { token: string; userId: string },
): Promise<string | null> {
  const { db: tx } = ctx;
  if (!token || token.length > 100) return null;
  return queries.acceptInvitation(tx, inviteTokenHash(token), userId);
}

/** How many sent invitations /user/invitation shows. */
export const SENT_INVITATIONS_SHOWN = 50;

/** The sender's invitations and who joined through them (only the sender or an admin). */
export async function listSentInvitations(ctx: Pick<Ctx, 'db' | 'viewer'>, userId: string) {
  const { db, viewer } = ctx;
  requireRole(viewer, { id: userId });
  const rows = await queries.selectSentInvitations(db, userId, SENT_INVITATIONS_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    receiverName: row.receiverName,
    receiverEmail: row.receiverEmail,
    createdAt: row.createdAt.toISOString(),
    accepted: row.acceptedBy ? { id: row.acceptedBy, username: row.acceptedName ?? '' } : null,
  }));
}
