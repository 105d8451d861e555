import { type ShareChannel, shareCampaignOf, sharedUrl, weiboShareUrl } from '@core/share.ts';
import { useAlerts } from '~/lib/alerts.ts';
import { useViewer } from '~/lib/root-data.ts';
import { track } from '~/lib/track.ts';

export interface ShareTarget {
  /** The page shared, a path of this site: /post/…, /entry/…, /pin/…. */
  path: string;
  title: string;
  /** The text sent with the link (Weibo, the phone's share sheet); the title when left out. */
  text?: (url: string) => string;
}

async function qrSvgDataUrl(text: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * What 分享 does on each channel, shared by the button (the phone's share sheet) and its menu.
 * Every shared address carries its channel and the campaign admin or user (SPEC §6), and each
 * share is a behaviour event (SPEC §7.9): the shared thing's id, the channel as its value.
 */
export function useShareActions({ path, title, text }: ShareTarget) {
  const viewer = useViewer();
  const alerts = useAlerts();
  const campaign = shareCampaignOf(viewer);
  const urlFor = (channel: ShareChannel) =>
    sharedUrl(new URL(path, window.location.origin).toString(), channel, campaign);
  const textFor = (url: string) => (text ? text(url) : title);
  const onShared = (channel: ShareChannel) => track('share', { target: path.split('/').pop(), value: channel });

  async function copyLink() {
    const url = urlFor('copy');
    try {
      await navigator.clipboard.writeText(url);
      alerts.push({ type: 'success', message: '链接已复制' });
    } catch {
      alerts.push({ type: 'info', message: url, durationMs: 6000 });
    }
    onShared('copy');
  }

  function shareToWeibo() {
    const url = urlFor('weibo');
    window.open(weiboShareUrl(url, textFor(url)), '_blank', 'noopener,noreferrer,width=700,height=600');
    onShared('weibo');
  }

  /** The WeChat QR code's image for the shared address, or null after telling why not. */
  async function wechatQr(): Promise<{ url: string; image: string } | null> {
    const url = urlFor('wechat');
    try {
      const image = await qrSvgDataUrl(url);
      onShared('wechat');
      return { url, image };
    } catch (error) {
      alerts.pushError(error);
      return null;
    }
  }

  async function shareNatively() {
    const url = urlFor('native');
    try {
      await navigator.share({ title, text: textFor(url), url });
      onShared('native');
    } catch (error) {
      // Closing the sheet is not a failure; anything else falls back to copying the link.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      await copyLink();
    }
  }

  return { copyLink, shareToWeibo, wechatQr, shareNatively };
}
