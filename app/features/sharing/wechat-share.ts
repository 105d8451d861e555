import { isWechatBrowser, sharedUrl, type ShareCampaign } from '@core/share.ts';
import { apiFetch } from '~/lib/api-client.ts';

/** What a page shares inside WeChat: its card's title, description, link and picture. */
export interface WechatShareData {
  title: string;
  desc: string;
  /** The page's address; the link shared gets utm_source wechat and the campaign. */
  pageUrl: string;
  imgUrl: string;
  campaign: ShareCampaign;
}

export interface WechatSignature {
  appId: string;
  timestamp: number;
  nonceStr: string;
  signature: string;
}

/** The part of the JS-SDK used here (weixin-js-sdk). */
export interface WechatSdk {
  config(options: WechatSignature & { debug: boolean; jsApiList: string[] }): void;
  ready(run: () => void): void;
  error(run: (reason: unknown) => void): void;
  updateAppMessageShareData(data: { title: string; desc: string; link: string; imgUrl: string }): void;
  updateTimelineShareData(data: { title: string; link: string; imgUrl: string }): void;
}

export interface WechatShareDeps {
  userAgent: string;
  /** GET /api/wechat/auth?url=…: the signature of this page's address (SPEC §7.2). */
  signature(pageUrl: string): Promise<WechatSignature>;
  loadSdk(): Promise<WechatSdk>;
}

export const WECHAT_JS_API = ['updateAppMessageShareData', 'updateTimelineShareData'];

/**
 * Inside WeChat, sets the page's share card through the JS-SDK, signed by the server for this
 * address (without its hash, as WeChat signs it). Elsewhere it does nothing. Returns whether the
 * SDK was configured; failures are only logged (like tracking, SPEC §8).
 */
export async function configureWechatShare(data: WechatShareData, deps: WechatShareDeps): Promise<boolean> {
  if (!isWechatBrowser(deps.userAgent)) return false;
  try {
    const pageUrl = data.pageUrl.split('#')[0];
    const [signature, wx] = await Promise.all([deps.signature(pageUrl), deps.loadSdk()]);
    const link = sharedUrl(pageUrl, 'wechat', data.campaign);
    wx.config({ debug: false, ...signature, jsApiList: WECHAT_JS_API });
    wx.ready(() => {
      wx.updateAppMessageShareData({ title: data.title, desc: data.desc, link, imgUrl: data.imgUrl });
      wx.updateTimelineShareData({ title: data.title, link, imgUrl: data.imgUrl });
    });
    wx.error((reason) => console.warn('wechat share not configured', reason));
    return true;
  } catch (error) {
    console.warn('wechat share not configured', error);
    return false;
  }
}

/** The browser's dependencies: the site's signature call and the SDK, loaded only inside WeChat. */
export function browserWechatDeps(): WechatShareDeps {
  return {
    userAgent: navigator.userAgent,
    signature: (pageUrl) => apiFetch<WechatSignature>(`/api/wechat/auth?url=${encodeURIComponent(pageUrl)}`),
    loadSdk: async () => (await import('weixin-js-sdk')).default as unknown as WechatSdk,
  };
}
