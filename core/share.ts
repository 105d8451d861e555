/**
 * Sharing (SPEC §1 social sharing, §6): every shared address carries where it was shared to and
 * who shared it. The campaign is `admin` for administrators and `user` for everyone else.
 */
export const SHARE_CHANNELS = ['copy', 'weibo', 'wechat', 'native'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

export type ShareCampaign = 'admin' | 'user';

export function shareCampaignOf(viewer: { role: string } | null | undefined): ShareCampaign {
  return viewer?.role === 'admin' ? 'admin' : 'user';
}

/**
 * The address to share: the page's own address (no hash, its other query kept) with
 * utm_source = the channel, utm_medium = share, utm_campaign = admin | user.
 */
export function sharedUrl(pageUrl: string, channel: ShareChannel, campaign: ShareCampaign): string {
  const url = new URL(pageUrl);
  url.hash = '';
  url.searchParams.set('utm_source', channel);
  url.searchParams.set('utm_medium', 'share');
  url.searchParams.set('utm_campaign', campaign);
  return url.toString();
}

/** Weibo's share page for an address and a text. */
export function weiboShareUrl(url: string, text: string): string {
  return `https://service.weibo.com/share/share.php?url=${encodeURIComponent(url)}&title=${encodeURIComponent(text)}`;
}

/** WeChat's own browser, where the JS-SDK share settings apply. */
export function isWechatBrowser(userAgent: string): boolean {
  return /MicroMessenger/i.test(userAgent);
}
