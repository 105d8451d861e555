import { type ShareChannel, shareCampaignOf, sharedUrl, weiboShareUrl } from '@core/share.ts';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { track } from '~/lib/track.ts';
import { useViewer } from '~/lib/root-data.ts';
import { dialogContentClass, dialogOverlayClass } from '~/ui/dialog.ts';
import { Copy, QrCode, Share2, X } from '~/ui/icons.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '~/ui/menu.tsx';
import { browserWechatDeps, configureWechatShare } from './wechat-share.ts';

export interface ShareButtonProps {
  /** The page shared, a path of this site: /post/…, /entry/…, /pin/…. */
  path: string;
  title: string;
  /** The text sent with the link (Weibo, the phone's share sheet); the title when left out. */
  text?: (url: string) => string;
  description?: string;
  /** A picture for the WeChat card: an http(s) address; the site's logo when left out. */
  image?: string;
  /** Also sets this page's WeChat share card (JS-SDK): once a page, on its main content. */
  wechatCard?: boolean;
  variant?: 'bar' | 'row';
}

/** Phones with the Web Share API open their own share sheet instead of the menu. */
function useNativeShare(): boolean {
  const [native, setNative] = useState(false);
  useEffect(() => {
    setNative(typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches);
  }, []);
  return native;
}

async function qrSvgDataUrl(text: string): Promise<string> {
  const QRCode = (await import('qrcode')).default;
  const svg = await QRCode.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

const triggerClass = {
  bar: 'btn btn-secondary btn-md gap-1.5',
  row: 'inline-flex h-8 flex-1 items-center justify-center gap-1.5 hover:text-brand',
};

/**
 * 分享: copy the link, Weibo, a WeChat QR code, or the phone's share sheet (Web Share API).
 * Every shared address carries its channel and the campaign admin or user (SPEC §6).
 */
export function ShareButton({
  path,
  title,
  text,
  description,
  image,
  wechatCard = false,
  variant = 'bar',
}: ShareButtonProps) {
  const viewer = useViewer();
  const alerts = useAlerts();
  const native = useNativeShare();
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  const campaign = shareCampaignOf(viewer);
  const icon = { 'aria-hidden': true, size: 16, strokeWidth: 1.75 } as const;

  const urlFor = (channel: ShareChannel) =>
    sharedUrl(new URL(path, window.location.origin).toString(), channel, campaign);
  const textFor = (url: string) => (text ? text(url) : title);
  // Each share is a behaviour event (SPEC §7.9): the shared thing's id, the channel as its value.
  const onShared = (channel: ShareChannel) => track('share', { target: path.split('/').pop(), value: channel });

  useEffect(() => {
    if (!wechatCard) return;
    void configureWechatShare(
      {
        title,
        desc: description ?? title,
        pageUrl: new URL(path, window.location.origin).toString(),
        imgUrl: image && /^https?:\/\//.test(image) ? image : new URL('/logo.svg', window.location.origin).toString(),
        campaign,
      },
      browserWechatDeps(),
    );
  }, [wechatCard, title, description, path, image, campaign]);

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

  async function showWechatQr() {
    const url = urlFor('wechat');
    try {
      setQr({ url, image: await qrSvgDataUrl(url) });
      onShared('wechat');
    } catch (error) {
      alerts.pushError(error);
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

  const label = (
    <>
      <Share2 {...icon} />
      分享
    </>
  );

  return (
    <>
      {native ? (
        <button type="button" onClick={shareNatively} className={triggerClass[variant]}>
          {label}
        </button>
      ) : (
        <Menu modal={false}>
          <MenuTrigger className={triggerClass[variant]}>{label}</MenuTrigger>
          <MenuContent align="start" aria-label="分享到">
            <MenuItem onSelect={copyLink}>
              <Copy {...icon} />
              复制链接
            </MenuItem>
            <MenuItem onSelect={shareToWeibo}>
              <Share2 {...icon} />
              分享到微博
            </MenuItem>
            <MenuItem onSelect={showWechatQr}>
              <QrCode {...icon} />
              微信扫码分享
            </MenuItem>
          </MenuContent>
        </Menu>
      )}
      <Dialog.Root open={qr !== null} onOpenChange={(open) => !open && setQr(null)}>
        <Dialog.Portal>
          <Dialog.Overlay className={dialogOverlayClass} />
          <Dialog.Content aria-describedby={undefined} className={dialogContentClass('w-[300px]')}>
            <div className="flex flex-col items-center gap-3 p-6">
              <Dialog.Title className="font-semibold">分享到微信</Dialog.Title>
              {qr && <img src={qr.image} alt="分享二维码" width={200} height={200} className="size-[200px]" />}
              <p className="text-center text-[13px] text-fg-2">打开微信“扫一扫”，把页面分享给朋友或朋友圈</p>
            </div>
            <Dialog.Close aria-label="关闭" className="absolute top-3 right-3 rounded p-1 text-fg-3 hover:text-fg">
              <X aria-hidden size={16} />
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </>
  );
}
