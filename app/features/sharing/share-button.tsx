import { shareCampaignOf } from '@core/share.ts';
import { useEffect, useState } from 'react';
import { useViewer } from '~/lib/root-data.ts';
import { Share2 } from '~/ui/icons.tsx';
import { LazyMenu, menuModule } from '~/ui/lazy-menu.tsx';
import { type ShareTarget, useShareActions } from './share-actions.ts';
import { browserWechatDeps, configureWechatShare } from './wechat-share.ts';

const shareMenu = menuModule(() => import('./share-menu.tsx'));

export interface ShareButtonProps extends ShareTarget {
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

const triggerClass = {
  bar: 'btn btn-secondary btn-md gap-1.5',
  /** A pin's action bar (app.css): the icon is a CSS mask there, a page shows twenty. */
  row: 'pin-act ic-share-2',
};

/**
 * 分享: copy the link, Weibo, a WeChat QR code (share-menu.tsx, loaded on first use), or the
 * phone's share sheet (Web Share API).
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
  const native = useNativeShare();
  const { shareNatively } = useShareActions({ path, title, text });
  const campaign = shareCampaignOf(viewer);

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

  const label = (
    <>
      {variant === 'bar' && <Share2 aria-hidden size={16} strokeWidth={1.75} />}
      分享
    </>
  );
  if (native) {
    return (
      <button type="button" onClick={shareNatively} className={triggerClass[variant]} data-native-share>
        {label}
      </button>
    );
  }
  return (
    <LazyMenu
      of={shareMenu}
      menuProps={{ path, title, text }}
      trigger={
        <button type="button" className={triggerClass[variant]}>
          {label}
        </button>
      }
    />
  );
}
