import type { Ctx } from '../../http/context.ts';
import { createHash, randomBytes } from 'node:crypto';
import type { Env } from '../../env.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';

export interface ShareSignature {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** WeChat's JS-SDK signature: sha1 over the ticket, nonce, timestamp and page URL (without its hash). */
export function jsSdkSignature(input: { ticket: string; nonceStr: string; timestamp: number; url: string }): string {
  const text = `jsapi_ticket=${input.ticket}&noncestr=${input.nonceStr}&timestamp=${input.timestamp}&url=${input.url}`;
  return createHash('sha1').update(text).digest('hex');
}

// The ticket is valid 7200 s and WeChat limits how often it may be fetched: one per process, renewed early.
let cachedTicket: { appId: string; ticket: string; expiresAt: number } | null = null;

type WechatAnswer = { errcode?: number; errmsg?: string };

async function wechatJson<T>(url: string): Promise<T> {
  const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
  const body = (await response.json().catch(() => ({}))) as T & WechatAnswer;
  if (!response.ok || (body.errcode ?? 0) !== 0) {
    throw new AppError(502, '微信服务暂时不可用，请稍后重试', { data: { errcode: body.errcode ?? response.status } });
  }
  return body;
}

async function jsApiTicket(env: Env, appId: string, secret: string): Promise<string> {
  if (cachedTicket && cachedTicket.appId === appId && cachedTicket.expiresAt > Date.now()) return cachedTicket.ticket;
  const base = env.WECHAT_API_BASE.replace(/\/$/, '');
  const token = await wechatJson<{ access_token: string }>(
    `${base}/cgi-bin/token?grant_type=client_credential&appid=${encodeURIComponent(appId)}&secret=${encodeURIComponent(secret)}`,
  );
  const ticket = await wechatJson<{ ticket: string; expires_in: number }>(
    `${base}/cgi-bin/ticket/getticket?access_token=${encodeURIComponent(token.access_token)}&type=jsapi`,
  );
  cachedTicket = { appId, ticket: ticket.ticket, expiresAt: Date.now() + (ticket.expires_in - 300) * 1000 };
  return ticket.ticket;
}

/** Forgets the cached ticket (tests). */
export function resetWechatTicket() {
  cachedTicket = null;
}

/**
 * GET /api/wechat/auth?url=: what a page needs to configure WeChat's share API. Only pages of this
 * site are signed, so the site's ticket cannot be used for someone else's page.
 */
export async function signShareUrl(ctx: Pick<Ctx, 'env'>, rawUrl: string): Promise<ShareSignature> {
  const { env } = ctx;
  const appId = env.WECHAT_MP_APP_ID;
  const secret = env.WECHAT_MP_APP_SECRET;
  if (!appId || !secret) throw notFound('未配置微信分享');
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw badRequest('链接地址无效');
  }
  if (url.origin !== new URL(env.SITE_URL).origin) throw badRequest('只能签名本站页面');
  url.hash = '';
  const ticket = await jsApiTicket(env, appId, secret);
  const nonceStr = randomBytes(8).toString('hex');
  const timestamp = Math.floor(Date.now() / 1000);
  return { appId, timestamp, nonceStr, signature: jsSdkSignature({ ticket, nonceStr, timestamp, url: url.href }) };
}
