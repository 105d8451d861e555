import { type ReactNode, useEffect } from 'react';
import { Link, createPath, useLocation, useNavigation } from 'react-router';
import { buttonClass } from '~/ui/button.tsx';
import { Logo } from './logo.tsx';

/**
 * While an error view is showing, leaving for another path is a full page load (SPEC §2.1):
 * the next page starts from a clean document rather than from the broken one.
 */
export function useFullLoadOnLeave() {
  const next = useNavigation().location;
  const { pathname } = useLocation();
  useEffect(() => {
    if (next && next.pathname !== pathname) window.location.assign(createPath(next));
  }, [next, pathname]);
}

export function ErrorPanel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-[1140px] flex-col items-center px-4 py-24 text-center">
      <h1 className="font-semibold text-[28px] text-fg">{title}</h1>
      {children}
    </div>
  );
}

/**
 * Any other failure. A bad request (400) carries the server's message, such as
 * 'invalid sort: …'; a server error (500) shows only the generic text.
 */
export function ErrorView({ message }: { message?: string }) {
  useFullLoadOnLeave();
  return (
    <ErrorPanel title="错误">
      <p className="mt-3 text-fg-2">{message ?? '出错了，发生了一个错误'}</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
        返回首页
      </Link>
    </ErrorPanel>
  );
}

/**
 * The error view when the shell itself failed to render (the header, a provider): a bare page
 * with the logo and plain links, which load the next page whole instead of through the router.
 */
export function ShellErrorView({ siteName }: { siteName: string }) {
  useFullLoadOnLeave();
  return (
    <>
      <header className="border-line border-b bg-card">
        <div className="mx-auto flex h-[60px] max-w-[1140px] items-center px-4">
          <a href="/" aria-label={`${siteName}首页`}>
            <Logo />
          </a>
        </div>
      </header>
      <main id="main">
        <ErrorPanel title="错误">
          <p className="mt-3 text-fg-2">出错了，发生了一个错误</p>
          <a href="/" className={buttonClass('primary', 'md', 'mt-6')}>
            返回首页
          </a>
        </ErrorPanel>
      </main>
    </>
  );
}
