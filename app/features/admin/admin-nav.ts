import type { Viewer } from '@server/modules/auth/auth.policy.ts';

type UserRole = Viewer['role'];

export interface AdminNavItem {
  to: string;
  label: string;
  /** Who sees the link (admin always does); the page's own loader checks the same roles. */
  roles: readonly UserRole[];
}

/**
 * The console's navigation, one line per /admin page. Each area adds its page's line here
 * (and its route under the admin layout in app/routes.ts), keeping the order by topic.
 */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { to: '/admin', label: '概览', roles: ['admin'] },
  { to: '/admin/content', label: '内容管理', roles: ['admin', 'editor'] },
  { to: '/admin/reports', label: '举报与申诉', roles: ['admin'] },
  { to: '/admin/people', label: '用户管理', roles: ['admin'] },
  { to: '/admin/banners', label: '横幅', roles: ['admin'] },
  // The system-notice form lives with the notifications (/notification/system, administrators only).
  { to: '/notification/system', label: '系统通知', roles: ['admin'] },
  { to: '/admin/audit', label: '操作日志', roles: ['admin'] },
  { to: '/admin/events', label: '活动', roles: ['admin'] },
  { to: '/admin/withdrawals', label: '提现审核', roles: ['admin'] },
  { to: '/admin/booklets', label: '小册', roles: ['admin'] },
];

/** The links a role sees. */
export function adminNavFor(role: UserRole): AdminNavItem[] {
  return ADMIN_NAV.filter((item) => role === 'admin' || item.roles.includes(role));
}

/** The roles that may open the console at all: everyone some link is for. */
export const CONSOLE_ROLES: readonly UserRole[] = ['admin', 'editor'];
