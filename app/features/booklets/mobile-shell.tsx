import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** The phone-width frame of the /book/m pages: a narrow column with 已购 and 我的 tabs. */
export function MobileBookShell({ children, tabs = true }: { children: ReactNode; tabs?: boolean }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    `flex-1 border-b-2 py-3 text-center text-[15px] ${isActive ? 'border-brand font-medium text-brand' : 'border-transparent text-fg-2'}`;
  return (
    <div className="mx-auto w-full max-w-[640px] pb-8">
      {tabs && (
        <nav aria-label="小册" className="sticky top-0 z-10 flex bg-card">
          <NavLink to="/book/m/bought" className={tab}>
            已购小册
          </NavLink>
          <NavLink to="/book/m/me" className={tab}>
            我的
          </NavLink>
        </nav>
      )}
      {children}
    </div>
  );
}
