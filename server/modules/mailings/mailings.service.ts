import { createHmac, timingSafeEqual } from 'node:crypto';
import { MAIL_TYPE_LABELS, type MailType } from '@core/account-settings.ts';
import type { Db } from '@db/client.ts';
import type { MailMessage, Mailer } from '../../adapters/mail.ts';
import type { Env } from '../../env.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import { badRequest } from '../../http/errors.ts';
import { setMailSubscription } from '../account/account.service.ts';
import * as queries from './mailings.queries.ts';
import { CHINA_OFFSET_MS } from '@core/format.ts';

/** What the mail jobs need: the database, the site's address and secret, and the mail adapter. */
export interface MailJobContext {
  db: Db;
  env: Pick<Env, 'SITE_URL' | 'SITE_NAME' | 'SESSION_SECRET'>;
  mailer: Mailer;
}

/** Delivery records older than this are dropped by the daily cleanup job (docs/decisions/015). */
export const DELIVERY_RETENTION_DAYS = 90;

// ——— unsubscribe links ———

const TOKEN_PATTERN = /^([0-9a-z]{24})\.(follow|article|week)\.([A-Za-z0-9_-]{43})$/;

function signature(secret: string, userId: string, type: MailType) {
  return createHmac('sha256', secret).update(`unsubscribe\n${userId}\n${type}`).digest('base64url');
}

/** A signed token naming the person and the subscription; it never expires (an old mail's link keeps working). */
export function unsubscribeToken(secret: string, userId: string, type: MailType): string {
  return `${userId}.${type}.${signature(secret, userId, type)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; type: MailType } | null {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [, userId, type, given] = match as unknown as [string, string, MailType, string];
  const expected = Buffer.from(signature(secret, userId, type));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !timingSafeEqual(expected, received)) return null;
  return { userId, type };
}

export function unsubscribeLinks(
  ctx: Pick<MailJobContext, 'env'>,
  { userId, type }: { userId: string; type: MailType },
) {
  const { env } = ctx;
  const token = unsubscribeToken(env.SESSION_SECRET, userId, type);
  const page = new URL('/unsubscribe', env.SITE_URL);
  page.searchParams.set('token', token);
  const oneClick = new URL('/api/mail/unsubscribe', env.SITE_URL);
  oneClick.searchParams.set('token', token);
  return { page: page.href, oneClick: oneClick.href };
}

/** Which subscription a link would end (the unsubscribe page, before the button). */
export async function describeUnsubscribe(ctx: { db: Db; env: MailJobContext['env'] }, token: string) {
  const found = readUnsubscribeToken(ctx.env.SESSION_SECRET, token);
  const recipient = found && (await queries.selectRecipient(ctx.db, found.userId, found.type));
  if (!found || !recipient) throw badRequest('退订链接无效');
  return { type: found.type, title: MAIL_TYPE_LABELS[found.type].title, subscribed: recipient.subscribed };
}

/**
 * The one-click unsubscribe of RFC 8058 (the List-Unsubscribe POST of mail clients) and the
 * unsubscribe page's button: the signed token is the authority, so it works signed out.
 */
export async function unsubscribeByToken(ctx: { db: Db; env: MailJobContext['env'] }, token: string) {
  const found = readUnsubscribeToken(ctx.env.SESSION_SECRET, token);
  if (!found || !(await queries.selectUserName(ctx.db, found.userId))) throw badRequest('退订链接无效');
  await setMailSubscription(ctx, { userId: found.userId, type: found.type, subscribed: false });
  return { type: found.type, status: false };
}

// ——— sending ———

/** Adds the unsubscribe footer and the RFC 8058 headers to a subscription mail. */
function subscriptionMail(
  ctx: MailJobContext,
  recipient: { id: string; email: string },
  type: MailType,
  mail: { subject: string; text: string },
): MailMessage {
  const links = unsubscribeLinks(ctx, { userId: recipient.id, type });
  const settings = new URL('/user/settings/mail', ctx.env.SITE_URL).href;
  return {
    to: recipient.email,
    subject: mail.subject,
    text: `${mail.text}\n——\n你收到这封邮件，是因为你在${ctx.env.SITE_NAME}开启了「${MAIL_TYPE_LABELS[type].title}」。\n一键退订：${links.page}\n管理邮件订阅：${settings}\n`,
    headers: {
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

type Recipient = NonNullable<Awaited<ReturnType<typeof queries.selectRecipient>>>;

/** Subscription mails go only to verified addresses whose subscription is on. */
function canReceive(recipient: Recipient | null): recipient is Recipient & { email: string } {
  return Boolean(recipient?.email && recipient.emailVerified && recipient.subscribed);
}

/**
 * Claims the delivery, sends, and gives the claim back if the mail could not go out (the job then
 * fails and runs again). A crash between claim and send loses that one mail rather than sending it twice.
 */
async function deliverOnce(
  ctx: MailJobContext,
  delivery: { kind: MailType; userId: string; key: string },
  message: MailMessage,
): Promise<boolean> {
  if (!(await queries.claimDelivery(ctx.db, delivery))) return false;
  try {
    await ctx.mailer.send(message);
  } catch (error) {
    await queries.releaseDelivery(ctx.db, delivery);
    throw error;
  }
  return true;
}

/** mail-follow: "X 关注了你" to the followee, once per follower, if the follow still stands. */
export async function sendFollowMail(ctx: MailJobContext, input: { followerId: string; followeeId: string }) {
  const recipient = await queries.selectRecipient(ctx.db, input.followeeId, 'follow');
  if (!canReceive(recipient)) return false;
  const follower = await queries.selectUserName(ctx.db, input.followerId);
  if (!follower || !(await queries.followExists(ctx.db, input.followerId, input.followeeId))) return false;
  const profile = new URL(`/user/${follower.id}`, ctx.env.SITE_URL).href;
  return deliverOnce(
    ctx,
    { kind: 'follow', userId: recipient.id, key: follower.id },
    subscriptionMail(ctx, recipient, 'follow', {
      subject: `${follower.username} 关注了你`,
      text: `${recipient.username}，你好：\n\n${follower.username} 在${ctx.env.SITE_NAME}关注了你。\n\n看看 TA 的主页：${profile}\n`,
    }),
  );
}

/** Followers mailed per query page by an article job. */
const ARTICLE_RECIPIENTS_PAGE = 200;

/**
 * mail-article: tells the author's followers who take article mails about a new article, each
 * once (a retried job skips those already mailed). Returns how many mails went out.
 */
export async function sendArticleMails(ctx: MailJobContext, input: { entryId: string }) {
  const article = await queries.selectArticle(ctx.db, input.entryId);
  if (article?.type !== 'article' || article.hiddenAt || !article.userId) return 0;
  const authorId = article.userId;
  const link = new URL(`/post/${article.id}`, ctx.env.SITE_URL).href;
  const author = article.authorName ?? '';
  let sent = 0;
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page = await queries.selectArticleRecipients(ctx.db, { authorId, after, limit: ARTICLE_RECIPIENTS_PAGE });
    for (const recipient of page) {
      if (!recipient.email) continue;
      const message = subscriptionMail(ctx, { id: recipient.id, email: recipient.email }, 'article', {
        subject: `${author} 发布了新文章：${article.title}`,
        text: `${recipient.username}，你好：\n\n你关注的 ${author} 在${ctx.env.SITE_NAME}发布了新文章：\n\n《${article.title}》\n${article.abstract ? `${article.abstract}\n` : ''}\n阅读全文：${link}\n`,
      });
      if (await deliverOnce(ctx, { kind: 'article', userId: recipient.id, key: article.id }, message)) sent++;
    }
    if (page.length < ARTICLE_RECIPIENTS_PAGE) return sent;
    const last = page[page.length - 1]!;
    after = { createdAt: last.followedAt, id: last.id };
  }
}

// ——— the weekly digest ———

/** Entries in one digest. */
export const DIGEST_SIZE = 10;
const WEEK_MS = 7 * 86_400_000;
// The digest's weeks run Monday to Monday in China time (CHINA_OFFSET_MS).

/** The Monday (YYYY-MM-DD, China time) of the last full week before `now`. */
export function previousWeek(now = new Date()): string {
  const china = new Date(now.getTime() + CHINA_OFFSET_MS);
  const sinceMonday = (china.getUTCDay() + 6) % 7;
  const monday = Date.UTC(china.getUTCFullYear(), china.getUTCMonth(), china.getUTCDate() - sinceMonday - 7);
  return new Date(monday).toISOString().slice(0, 10);
}

export function weekBounds(week: string) {
  const start = new Date(Date.parse(`${week}T00:00:00Z`) - CHINA_OFFSET_MS);
  return { start, end: new Date(start.getTime() + WEEK_MS) };
}

/** Subscribers queued per page by the weekly plan. */
const PLAN_PAGE = 500;

/** mail-week-plan: one mail-week job per subscriber for the week (default: the one that just ended). */
export async function planWeeklyDigest(ctx: MailJobContext & { jobs: JobQueue }, input: { week?: string }) {
  const week = input.week ?? previousWeek();
  let afterId: string | null = null;
  let queued = 0;
  for (;;) {
    const ids = await queries.selectWeeklySubscribers(ctx.db, { afterId, limit: PLAN_PAGE });
    await ctx.jobs.enqueueMany(
      ctx.db,
      'mail-week',
      ids.map((userId) => ({ userId, week })),
    );
    queued += ids.length;
    if (ids.length < PLAN_PAGE) return { week, queued };
    afterId = ids[ids.length - 1]!;
  }
}

/** The entries one person's digest for `week` would list. */
export function digestEntries(ctx: Pick<MailJobContext, 'db'>, input: { userId: string; week: string }) {
  const { start, end } = weekBounds(input.week);
  return queries.selectDigestEntries(ctx.db, { userId: input.userId, start, end, limit: DIGEST_SIZE });
}

/** mail-week: one person's digest; nothing when the week had nothing for them. */
export async function sendWeeklyDigest(ctx: MailJobContext, input: { userId: string; week: string }) {
  const recipient = await queries.selectRecipient(ctx.db, input.userId, 'week');
  if (!canReceive(recipient)) return false;
  const picks = await digestEntries(ctx, input);
  if (picks.length === 0) return false;
  const lines = picks.map((entry, index) => {
    const link = new URL(`/post/${entry.id}`, ctx.env.SITE_URL).href;
    return `${index + 1}. ${entry.title}\n   ${entry.authorName ?? ''} · ${entry.likeCount} 赞 · ${entry.commentCount} 评论\n   ${link}`;
  });
  return deliverOnce(
    ctx,
    { kind: 'week', userId: recipient.id, key: input.week },
    subscriptionMail(ctx, recipient, 'week', {
      subject: `${ctx.env.SITE_NAME}每周精选（${input.week} 起的一周）`,
      text: `${recipient.username}，你好：\n\n这是上周你关注的作者和标签下最受欢迎的文章：\n\n${lines.join('\n\n')}\n`,
    }),
  );
}

/** mail-cleanup: drops delivery records past DELIVERY_RETENTION_DAYS. */
export async function cleanupDeliveries(ctx: Pick<MailJobContext, 'db'>, now = new Date()) {
  return queries.deleteDeliveriesBefore(ctx.db, new Date(now.getTime() - DELIVERY_RETENTION_DAYS * 86_400_000));
}
