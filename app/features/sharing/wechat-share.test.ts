import { describe, expect, it } from 'vitest';
import { type WechatSdk, configureWechatShare } from './wechat-share.ts';

const WECHAT_UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.47';
const data = {
  title: '深入理解事件循环',
  desc: '宏任务、微任务与渲染时机',
  pageUrl: 'https://jinsha.dev/post/abc#heading-1',
  imgUrl: 'https://jinsha.dev/uploads/cover.webp',
  campaign: 'admin' as const,
};

function fakeSdk() {
  const calls: Array<[string, unknown]> = [];
  let ready: (() => void) | null = null;
  const sdk: WechatSdk = {
    config: (options) => calls.push(['config', options]),
    ready: (run) => {
      ready = run;
    },
    error: () => {},
    updateAppMessageShareData: (d) => calls.push(['appMessage', d]),
    updateTimelineShareData: (d) => calls.push(['timeline', d]),
  };
  return { sdk, calls, fireReady: () => ready?.() };
}

describe('WeChat share card', () => {
  it('signs the page address without its hash and shares the campaign link once the SDK is ready', async () => {
    const fake = fakeSdk();
    const signed: string[] = [];
    const configured = await configureWechatShare(data, {
      userAgent: WECHAT_UA,
      signature: async (url) => {
        signed.push(url);
        return { appId: 'wx123', timestamp: 1700000000, nonceStr: 'n', signature: 's' };
      },
      loadSdk: async () => fake.sdk,
    });
    expect(configured).toBe(true);
    expect(signed).toEqual(['https://jinsha.dev/post/abc']);
    expect(fake.calls).toEqual([
      [
        'config',
        {
          debug: false,
          appId: 'wx123',
          timestamp: 1700000000,
          nonceStr: 'n',
          signature: 's',
          jsApiList: ['updateAppMessageShareData', 'updateTimelineShareData'],
        },
      ],
    ]);
    fake.fireReady();
    const link = 'https://jinsha.dev/post/abc?utm_source=wechat&utm_medium=share&utm_campaign=admin';
    expect(fake.calls.slice(1)).toEqual([
      ['appMessage', { title: data.title, desc: data.desc, link, imgUrl: data.imgUrl }],
      ['timeline', { title: data.title, link, imgUrl: data.imgUrl }],
    ]);
  });

  it('does nothing outside WeChat, and only logs when the signature fails', async () => {
    let asked = false;
    const outside = await configureWechatShare(data, {
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130',
      signature: async () => {
        asked = true;
        throw new Error('no');
      },
      loadSdk: async () => fakeSdk().sdk,
    });
    expect(outside).toBe(false);
    expect(asked).toBe(false);

    const warnings: unknown[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args);
    try {
      const failed = await configureWechatShare(data, {
        userAgent: WECHAT_UA,
        signature: async () => {
          throw new Error('404 未配置公众号');
        },
        loadSdk: async () => fakeSdk().sdk,
      });
      expect(failed).toBe(false);
      expect(warnings).toHaveLength(1);
    } finally {
      console.warn = warn;
    }
  });
});
