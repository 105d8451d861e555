import { Link } from 'react-router';
import { useAuthModal } from '~/lib/auth-modal.ts';
import { useHeaderVisibility } from '~/lib/header-visibility.ts';
import type { ViewerSummary } from '~/lib/root-data.ts';
import { Avatar } from '~/ui/avatar.tsx';
import { Button } from '~/ui/button.tsx';
import { LazyMenu, menuModule } from '~/ui/lazy-menu.tsx';
import { Logo } from './logo.tsx';
import { MainNav } from './main-nav.tsx';
import { NotificationBell } from './notification-bell.tsx';
import { SearchBox } from './search-box.tsx';
import { ThemeToggle } from './theme-toggle.tsx';
import { WriteButton } from './write-button.tsx';

const userMenu = menuModule(() => import('./user-menu.tsx'));

/**
 * The sticky 60px header (SPEC §2.4). It slides away past 400px of scrolling down and
 * comes back on scrolling up, or whenever keyboard focus enters it.
 */
export function Header({ viewer, siteName }: { viewer: ViewerSummary | null; siteName: string }) {
  const { hidden, reveal } = useHeaderVisibility();
  const { open } = useAuthModal();
  return (
    <header onFocusCapture={reveal} className={hidden ? 'hdr -translate-y-full' : 'hdr'}>
      <div className="hdr-row">
        <Link to="/" aria-label={`${siteName}首页`} className="shrink-0 rounded">
          <Logo />
        </Link>
        <MainNav />
        <div className="ml-auto flex items-center gap-1 sm:gap-3">
          <SearchBox />
          {/* Signed out, the write promo stays on narrow screens too, as an icon (issue 12). */}
          <div className={viewer ? 'hidden sm:block' : undefined}>
            <WriteButton viewer={viewer} />
          </div>
          <ThemeToggle />
          {viewer ? (
            <>
              <NotificationBell />
              <LazyMenu
                of={userMenu}
                menuProps={{ viewer, siteName }}
                trigger={
                  <button type="button" aria-label={`${viewer.username}的菜单`} className="ml-1 rounded-full">
                    <Avatar user={viewer} size={32} />
                  </button>
                }
              />
            </>
          ) : (
            <>
              <Button variant="secondary" className="max-sm:px-2" onClick={() => open('login')}>
                登录
              </Button>
              <Button className="max-sm:px-2" onClick={() => open('register')}>
                注册
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
