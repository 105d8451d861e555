import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

export const inputClass =
  'h-9 w-full rounded border border-line bg-page px-3 text-sm text-fg placeholder:text-fg-3 focus:border-brand disabled:opacity-60';

/** The settings tabs of SPEC §2.2: profile, account, password, invitation, mail. */
export const SETTINGS_TABS = [
  { to: '/user/settings/profile', label: '个人资料' },
  { to: '/user/settings/account', label: '账号设置' },
  { to: '/user/settings/password', label: '修改密码' },
  { to: '/user/invitation', label: '邀请好友' },
  { to: '/user/settings/mail', label: '邮件通知' },
] as const;

export function SettingsNav() {
  return (
    <nav aria-label="设置" className="border-line border-b px-4">
      <ul className="-mb-px flex gap-6 overflow-x-auto">
        {SETTINGS_TABS.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className={({ isActive }) =>
                `inline-block whitespace-nowrap border-b-2 py-3 text-sm transition-colors duration-150 ${
                  isActive ? 'border-brand font-medium text-brand' : 'border-transparent text-fg-2 hover:text-brand'
                }`
              }
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A titled section of a settings page. */
export function SettingsSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="px-6 py-5">
      <h2 className="font-semibold text-base text-fg">{title}</h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/** One labelled line of a settings form: label, the control, and what acts on it. */
export function SettingsRow({
  label,
  htmlFor,
  children,
  actions,
  hint,
}: {
  label: string;
  htmlFor?: string;
  children: ReactNode;
  actions?: ReactNode;
  hint?: ReactNode;
}) {
  return (
    <div className="grid grid-cols-1 items-start gap-2 border-line border-b py-4 last:border-b-0 sm:grid-cols-[96px_minmax(0,1fr)_auto] sm:gap-4">
      {htmlFor ? (
        <label htmlFor={htmlFor} className="pt-2 text-fg text-sm">
          {label}
        </label>
      ) : (
        <span className="pt-2 text-fg text-sm">{label}</span>
      )}
      <div className="min-w-0">
        {children}
        {hint && <p className="mt-1 text-[13px] text-fg-3">{hint}</p>}
      </div>
      <div className="flex min-h-9 items-center gap-2">{actions}</div>
    </div>
  );
}
