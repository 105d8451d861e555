import { Dialog } from 'radix-ui';
import { useState } from 'react';
import { ModalDialog } from '~/ui/modal-dialog.tsx';
import { Copy, QrCode, Share2 } from '~/ui/icons.tsx';
import type { LazyMenuProps } from '~/ui/lazy-menu.tsx';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '~/ui/menu.tsx';
import { type ShareTarget, useShareActions } from './share-actions.ts';

const icon = { 'aria-hidden': true, size: 16, strokeWidth: 1.75 } as const;

/** 分享's menu and the WeChat QR dialog, loaded on first use (share-button.tsx). */
export default function ShareMenu({ trigger, defaultOpen, ...target }: LazyMenuProps & ShareTarget) {
  const { copyLink, shareToWeibo, wechatQr } = useShareActions(target);
  const [qr, setQr] = useState<{ url: string; image: string } | null>(null);
  return (
    <>
      <Menu modal={false} defaultOpen={defaultOpen}>
        <MenuTrigger asChild>{trigger}</MenuTrigger>
        <MenuContent align="start" aria-label="分享到">
          <MenuItem onSelect={copyLink}>
            <Copy {...icon} />
            复制链接
          </MenuItem>
          <MenuItem onSelect={shareToWeibo}>
            <Share2 {...icon} />
            分享到微博
          </MenuItem>
          <MenuItem onSelect={async () => setQr(await wechatQr())}>
            <QrCode {...icon} />
            微信扫码分享
          </MenuItem>
        </MenuContent>
      </Menu>
      <ModalDialog open={qr !== null} onOpenChange={(open) => !open && setQr(null)} widthClass="w-[300px]">
        <div className="flex flex-col items-center gap-3 p-6">
          <Dialog.Title className="font-semibold">分享到微信</Dialog.Title>
          {qr && <img src={qr.image} alt="分享二维码" width={200} height={200} className="size-[200px]" />}
          <p className="text-center text-[13px] text-fg-2">打开微信“扫一扫”，把页面分享给朋友或朋友圈</p>
        </div>
      </ModalDialog>
    </>
  );
}
