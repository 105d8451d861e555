import { LOGOUT_CONFIRM_TEXT } from '@core/constants.ts';
import {
  BookOpen,
  ChartLine,
  FileText,
  FolderHeart,
  Info,
  Library,
  LogOut,
  Monitor,
  PenLine,
  Settings,
  ShoppingBag,
  Tags,
  ThumbsUp,
  UserRound,
  Wallet,
} from '~/ui/icons.tsx';
import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useAlerts } from '~/lib/alerts.ts';
import { apiFetch } from '~/lib/api-client.ts';
import type { ViewerSummary } from '~/lib/root-data.ts';
import { Button } from '~/ui/button.tsx';
import { dialogContentClass, dialogOverlayClass } from '~/ui/dialog.ts';
import type { LazyMenuProps } from '~/ui/lazy-menu.tsx';
import { Menu, MenuContent, MenuItem, MenuLink, MenuSeparator, MenuSub, MenuTrigger } from '~/ui/menu.tsx';

const iconProps = { 'aria-hidden': true, size: 16, strokeWidth: 1.75 } as const;

/** The signed-in avatar menu, in the order of SPEC §2.4, ending with a confirmed logout; loaded on first use (header.tsx). */
export default function UserMenu({
  viewer,
  siteName,
  trigger,
  defaultOpen,
}: LazyMenuProps & { viewer: ViewerSummary; siteName: string }) {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  const home = `/user/${viewer.id}`;
  return (
    <>
      <Menu defaultOpen={defaultOpen}>
        <MenuTrigger asChild>{trigger}</MenuTrigger>
        <MenuContent align="end" className="w-48">
          <MenuLink to="/editor/drafts/new" icon={<PenLine {...iconProps} />}>
            写文章
          </MenuLink>
          {viewer.isXiaoceAuthor && (
            <MenuLink to="/editor/book/new/section" icon={<BookOpen {...iconProps} />}>
              写小册
            </MenuLink>
          )}
          <MenuLink to="/editor/drafts" icon={<FileText {...iconProps} />}>
            草稿箱
          </MenuLink>
          <MenuLink to="/analytics" icon={<ChartLine {...iconProps} />}>
            创作数据
          </MenuLink>
          <MenuSeparator />
          <MenuLink to={home} icon={<UserRound {...iconProps} />}>
            我的主页
          </MenuLink>
          <MenuLink to={`${home}/likes`} icon={<ThumbsUp {...iconProps} />}>
            我赞过的
          </MenuLink>
          {viewer.isXiaoceAuthor && (
            <MenuLink to={`${home}/books`} icon={<Library {...iconProps} />}>
              我的小册
            </MenuLink>
          )}
          <MenuLink to={`${home}/collections`} icon={<FolderHeart {...iconProps} />}>
            我的收藏集
          </MenuLink>
          <MenuLink to={`${home}/books?type=bought`} icon={<ShoppingBag {...iconProps} />}>
            已购
          </MenuLink>
          {viewer.hasWallet && (
            <MenuLink to="/user/wallet" icon={<Wallet {...iconProps} />}>
              我的钱包
            </MenuLink>
          )}
          <MenuLink to="/subscribe" icon={<Tags {...iconProps} />}>
            标签管理
          </MenuLink>
          <MenuLink to="/user/settings" icon={<Settings {...iconProps} />}>
            设置
          </MenuLink>
          {(viewer.role === 'admin' || viewer.role === 'editor') && (
            <MenuLink to="/admin" icon={<Monitor {...iconProps} />}>
              管理后台
            </MenuLink>
          )}
          <MenuSeparator />
          <MenuSub label="关于" icon={<Info {...iconProps} />}>
            <MenuLink to="/app">下载 App</MenuLink>
            <MenuLink to="/about">关于{siteName}</MenuLink>
            <MenuLink to="/about/join">加入我们</MenuLink>
            <MenuLink to="/about/translation">翻译计划</MenuLink>
            <MenuLink to="/about/partners">合作伙伴</MenuLink>
          </MenuSub>
          <MenuItem onSelect={() => setConfirmingLogout(true)}>
            <LogOut {...iconProps} />
            登出
          </MenuItem>
        </MenuContent>
      </Menu>
      <LogoutDialog open={confirmingLogout} onOpenChange={setConfirmingLogout} />
    </>
  );
}

/** Logout asks first (SPEC §4), then deletes the session and reloads the app. */
function LogoutDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const alerts = useAlerts();
  const [working, setWorking] = useState(false);

  async function logout() {
    setWorking(true);
    try {
      await apiFetch<null>('/api/passport/auth', { method: 'DELETE' });
      window.location.reload();
    } catch (error) {
      alerts.pushError(error);
      setWorking(false);
    }
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialogOverlayClass} />
        <AlertDialog.Content className={`${dialogContentClass('w-[360px]')} p-6`}>
          <AlertDialog.Title className="text-[15px] text-fg leading-relaxed">{LOGOUT_CONFIRM_TEXT}</AlertDialog.Title>
          <AlertDialog.Description className="sr-only">登出后需要重新登录。</AlertDialog.Description>
          <div className="mt-6 flex justify-end gap-3">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">取消</Button>
            </AlertDialog.Cancel>
            <Button disabled={working} onClick={logout}>
              {working ? '登出中...' : '确定'}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
