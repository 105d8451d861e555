import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { pushAlertAfterNavigation } from '~/lib/alerts.ts';
import { openAuthModalAfterNavigation } from '~/lib/auth-modal.ts';
import { buttonClass } from '~/ui/button.tsx';
import { ErrorPanel, useFullLoadOnLeave } from './error-views.tsx';

// The views of a status answer (404, 401, 403). The root's error boundary loads them when one
// shows; the generic ErrorView and ShellErrorView stay in the first load (error-views.tsx).

/** 404: a missing page, entry, user… (SPEC §2.4). */
export function NotFoundView() {
  useFullLoadOnLeave();
  return (
    <ErrorPanel title="找不到页面">
      <p className="mt-3 text-fg-2">你访问的页面不存在，或者已经被删除。</p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
        返回首页
      </Link>
    </ErrorPanel>
  );
}

/**
 * 401 on a signed-in-only page: the server answered with the status; in the browser the
 * visitor goes to / with the login modal open (SPEC §2.1, §8).
 */
export function LoginRequiredView() {
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => {
    openAuthModalAfterNavigation('login', key);
    navigate('/', { replace: true });
  }, [navigate, key]);
  return (
    <ErrorPanel title="请先登录">
      <p className="mt-3 text-fg-2">这个页面需要登录后才能查看。</p>
    </ErrorPanel>
  );
}

/**
 * 403 from a role check (SPEC §6, §8): the server answered with the status; in the browser the
 * person goes to / with the alert 'Forbidden'.
 */
export function ForbiddenView() {
  const navigate = useNavigate();
  const { key } = useLocation();
  useEffect(() => {
    pushAlertAfterNavigation({ type: 'error', message: 'Forbidden' }, key);
    navigate('/', { replace: true });
  }, [navigate, key]);
  return (
    <ErrorPanel title="Forbidden">
      <p className="mt-3 text-fg-2">你没有权限访问这个页面。</p>
    </ErrorPanel>
  );
}
