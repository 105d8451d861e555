import { type ComponentType, type ReactElement, Suspense, useContext, useEffect, useState } from 'react';
import {
  Links,
  Meta,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  Outlet,
  UNSAFE_FrameworkContext,
} from 'react-router';
import type { Route } from './+types/root';
import { AuthModalProvider } from './features/auth/auth-modal-provider.tsx';
import { AlertsProvider } from './features/shell/alerts-provider.tsx';
import { ErrorView, ShellErrorView } from './features/shell/error-views.tsx';
import { Shell } from './features/shell/shell.tsx';
import { ThemeScript } from './features/shell/theme-script.tsx';
import { PageViews } from './features/tracking/page-views.tsx';
import { type FeatureSlots, FeatureSlotsProvider } from './lib/feature-slots.tsx';
import { pageMeta } from './lib/meta.ts';
import { type RootLoaderData, useRootData } from './lib/root-data.ts';
import { viewerLetter } from './lib/viewer-letter.server.ts';
import { lazyComponent } from './ui/lazy-component.ts';
import { RenderGuard } from './ui/render-guard.tsx';
import './app.css';

/** The fixed site keywords and description of SPEC §1. */
const SITE_KEYWORDS = '开发者,技术社区,编程,前端,后端,Android,iOS,人工智能,开源,技术文章';
const SITE_DESCRIPTION = '金砂是中文开发者的技术社区：文章、分享、开源库、小册和活动，在这里淘出技术的真金。';

export function loader({ context }: Route.LoaderArgs): RootLoaderData {
  const viewer = context.viewer;
  return {
    siteName: context.env.SITE_NAME,
    viewer: viewer && {
      id: viewer.id,
      username: viewer.username,
      avatarLarge: viewer.avatarLarge,
      letter: viewerLetter(context, viewer),
      role: viewer.role,
      isXiaoceAuthor: viewer.isXiaoceAuthor,
      hasWallet: viewer.hasWallet,
    },
    unreadCount: viewer ? viewer.unreadUserNotificationCount + viewer.unreadSystemNotificationCount : 0,
    nonce: context.nonce,
  };
}

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.ico', sizes: '16x16 32x32 48x48' }];

export const meta: Route.MetaFunction = ({ matches, error }) => {
  if (!error) return pageMeta(matches, null, SITE_DESCRIPTION);
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title = { 404: '找不到页面', 401: '请先登录', 403: 'Forbidden' }[status as 404 | 401 | 403] ?? '错误';
  return pageMeta(matches, title);
};

// Widgets the home page does not show load with their first showing, not with every page: the
// server renders them in place and the browser hydrates them once their chunk is there
// (评论 under a pin, 分享 and 举报 on articles and pins, 关注 on articles, 收藏 in React rows and on
// articles: the feeds' rows are server HTML): each slot is a lazy component in a Suspense of its own.
function lazySlot<P extends object>(load: () => Promise<ComponentType<P>>): (props: P) => ReactElement {
  const Loaded = lazyComponent(load);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per slot at module load, never during a render
  return function LazySlot(props: P) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}

const CommentSection = lazySlot(() => import('./features/comments/comment-section.tsx').then((m) => m.CommentSection));
const ShareButton = lazySlot(() => import('./features/sharing/share-button.tsx').then((m) => m.ShareButton));
const ReportButton = lazySlot(() => import('./features/moderation/report-button.tsx').then((m) => m.ReportButton));
const CollectButton = lazySlot(() => import('./features/collections/collect-button.tsx').then((m) => m.CollectButton));
const CollectDialog = lazySlot(() => import('./features/collections/collect-dialog.tsx').then((m) => m.default));
const FollowButton = lazySlot(() => import('./features/users/follow-button.tsx').then((m) => m.FollowButton));
/** The mark on hidden content in a list: only its author and administrators ever see one. */
const HiddenMark = lazySlot(() => import('./features/moderation/hidden-notice.tsx').then((m) => m.HiddenMark));

const FEATURE_SLOTS: FeatureSlots = {
  CollectButton,
  CollectDialog,
  FollowButton,
  CommentSection,
  ShareButton,
  ReportButton,
  HiddenMark,
};

/**
 * The document. Route ErrorBoundaries cover the page; the two RenderGuards cover what sits
 * outside every route: a page's meta function throwing on the client shows the 错误 view in
 * the normal shell, and a failing shell shows it bare, never React Router's raw error screen.
 */
export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const nonce = root?.nonce;
  const siteName = root?.siteName ?? '金砂';
  const [metaFailed, setMetaFailed] = useState(false);
  // Set once hydration's effects have run (this one runs last): journeys act only after it.
  useEffect(() => document.documentElement.setAttribute('data-hydrated', ''), []);
  return (
    // The head script may add `dark` before React hydrates; that difference is expected.
    <html lang="zh-CN" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <ThemeScript nonce={nonce} />
        <meta name="keywords" content={SITE_KEYWORDS} />
        <RenderGuard fallback={<title>{`错误 - ${siteName}`}</title>} onError={() => setMetaFailed(true)}>
          <Meta />
        </RenderGuard>
        <RootStylesheets />
        {/* No nonce: modulepreloads and stylesheets are our own files, which the CSP allows ('self'). */}
        <Links />
      </head>
      <body className="bg-page text-fg antialiased">
        <RenderGuard fallback={<ShellErrorView siteName={siteName} />}>
          <AlertsProvider>
            <AuthModalProvider>
              <FeatureSlotsProvider value={FEATURE_SLOTS}>
                <Shell>{metaFailed ? <ErrorView /> : children}</Shell>
                <PageViews />
              </FeatureSlotsProvider>
            </AuthModalProvider>
          </AlertsProvider>
        </RenderGuard>
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * The site's stylesheet as a React stylesheet resource (`precedence`), which React writes at the top
 * of <head>. From <Links /> alone it came after the modulepreload links React hoists out of
 * <Scripts /> (22 on an article), and on a slow connection the render-blocking stylesheet waited
 * behind them for a connection (Lighthouse mobile: first contentful paint). <Links /> names it
 * too; the browser fetches it once.
 */
function RootStylesheets() {
  const css = useContext(UNSAFE_FrameworkContext)?.manifest.routes.root?.css ?? [];
  return css.map((href) => <link key={href} rel="stylesheet" href={href} precedence="default" />);
}

export default function App() {
  return <Outlet />;
}

/** The 404, 401 and 403 views load when one shows (the generic error view if that load fails). */
function statusView(name: 'NotFoundView' | 'LoginRequiredView' | 'ForbiddenView') {
  return lazyComponent(
    () => import('./features/shell/status-views.tsx').then((module) => module[name]),
    () => <ErrorView />,
  );
}
const NotFoundView = statusView('NotFoundView');
const LoginRequiredView = statusView('LoginRequiredView');
const ForbiddenView = statusView('ForbiddenView');

function messageOf(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null && 'message' in data && typeof data.message === 'string'
    ? data.message
    : undefined;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error)) {
    const StatusView = { 404: NotFoundView, 401: LoginRequiredView, 403: ForbiddenView }[error.status];
    if (StatusView)
      return (
        <Suspense fallback={null}>
          <StatusView />
        </Suspense>
      );
    if (error.status === 400) return <ErrorView message={messageOf(error.data)} />;
  }
  return <ErrorView />;
}
