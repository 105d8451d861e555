import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import type { AdminNavItem } from './admin-nav.ts';

/** The console: its navigation (ADMIN_NAV, filtered by role) beside the page. */
export function AdminLayout({ nav, children }: { nav: AdminNavItem[]; children: ReactNode }) {
  return (
    <div className="mx-auto grid w-full max-w-[1140px] grid-cols-1 gap-5 px-4 py-5 md:grid-cols-[180px_minmax(0,1fr)]">
      <nav aria-label="管理后台" className="h-fit rounded bg-card py-2">
        <p className="px-4 py-2 font-semibold text-fg">管理后台</p>
        <ul className="flex gap-1 overflow-x-auto px-2 md:flex-col">
          {nav.map((item) => (
            <li key={item.to}>
              <NavLink
                to={item.to}
                end
                className={({ isActive }) =>
                  `block whitespace-nowrap rounded px-3 py-2 text-sm transition-colors duration-150 ${
                    isActive ? 'bg-brand/10 font-medium text-brand' : 'text-fg-2 hover:text-brand'
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">{children}</div>
    </div>
  );
}

/** A console page's card: a title, optional tools on the right, the content. */
export function AdminPanel({ title, tools, children }: { title: string; tools?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded bg-card" aria-label={title}>
      <header className="flex flex-wrap items-center justify-between gap-3 border-line border-b px-5 py-3">
        <h1 className="font-semibold text-[16px] text-fg">{title}</h1>
        {tools}
      </header>
      <div className="p-5">{children}</div>
    </section>
  );
}
