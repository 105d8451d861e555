import { describe, expect, it } from 'vitest';
import { isWechatBrowser, shareCampaignOf, sharedUrl, weiboShareUrl } from './share.ts';

describe('shared addresses', () => {
  it('carry the channel and the campaign admin or user', () => {
    expect(shareCampaignOf({ role: 'admin' })).toBe('admin');
    expect(shareCampaignOf({ role: 'editor' })).toBe('user');
    expect(shareCampaignOf({ role: 'user' })).toBe('user');
    expect(shareCampaignOf(null)).toBe('user');
    expect(sharedUrl('https://jinsha.dev/post/abc#heading-2', 'weibo', 'admin')).toBe(
      'https://jinsha.dev/post/abc?utm_source=weibo&utm_medium=share&utm_campaign=admin',
    );
    // A page's own query stays; an old campaign is replaced rather than repeated.
    expect(sharedUrl('https://jinsha.dev/pin/x?utm_campaign=admin&a=1', 'copy', 'user')).toBe(
      'https://jinsha.dev/pin/x?utm_campaign=user&a=1&utm_source=copy&utm_medium=share',
    );
  });

  it('builds the Weibo share page and recognises WeChat', () => {
    expect(weiboShareUrl('https://jinsha.dev/p?a=1&b=2', '标题 & 更多')).toBe(
      'https://service.weibo.com/share/share.php?url=https%3A%2F%2Fjinsha.dev%2Fp%3Fa%3D1%26b%3D2&title=%E6%A0%87%E9%A2%98%20%26%20%E6%9B%B4%E5%A4%9A',
    );
    expect(isWechatBrowser('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47')).toBe(true);
    expect(isWechatBrowser('Mozilla/5.0 (X11; Linux x86_64) Chrome/130')).toBe(false);
  });
});
