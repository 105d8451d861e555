import { type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useRootData } from '~/lib/root-data.ts';
import { lazyComponent } from '~/ui/lazy-component.ts';
import { BarrageProvider } from './barrage.tsx';
import { HashScroll } from './hash-scroll.tsx';
import { Header } from './header.tsx';
import { HeaderVisibilityProvider } from './header-visibility-provider.tsx';
import { NavigationProgress } from './navigation-progress.tsx';
import { RequestHealthAlert } from './request-health-alert.tsx';
import { SuspensionPanel } from './suspension-panel.tsx';
import { UnreadCountProvider } from './unread-count-provider.tsx';

// The offer renders nothing until the browser has drawn it, so its code loads after the first
// paint rather than with it (and a failed load only leaves it out). The request-health alert
// stays in the first load: it is there for networks where loading more code fails.
const ExtensionBanner = lazyComponent(() => import('./extension-banner.tsx').then((m) => m.ExtensionBanner));

const WORKING_SCREENS =
  /^\/(editor\/|new-entry|edit-entry\/|user\/settings|user\/invitation|admin(\/|$)|repo\/[^/]+\/edit|pay\/)/;

/**
 * Everything around a page (SPEC §2.4): header, the page in <main>, and the floating parts.
 * Renders signed out when the root data is missing (the root loader itself failed).
 */
export function Shell({ children }: { children: ReactNode }) {
  const root = useRootData();
  const siteName = root?.siteName ?? '金砂';
  // The promotion is for readers: on a screen where one writes or works (editors, the share form,
  // settings, the console, payment) it would sit over the fields being filled in.
  const writing = WORKING_SCREENS.test(useLocation().pathname);
  return (
    <UnreadCountProvider initial={root?.unreadCount ?? 0}>
      <HeaderVisibilityProvider>
        <BarrageProvider>
          <a href="#main" className="skip-link">
            跳到主要内容
          </a>
          <NavigationProgress />
          <Header viewer={root?.viewer ?? null} siteName={siteName} />
          <main id="main" tabIndex={-1} className="outline-none">
            {children}
          </main>
          <SuspensionPanel />
          {!writing && (
            <Suspense fallback={null}>
              <ExtensionBanner siteName={siteName} />
            </Suspense>
          )}
          <RequestHealthAlert />
          <HashScroll />
        </BarrageProvider>
      </HeaderVisibilityProvider>
    </UnreadCountProvider>
  );
}
