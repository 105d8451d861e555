import { ChevronDown } from '~/ui/icons.tsx';
import { Link, useLocation } from 'react-router';
import { LazyMenu, menuModule } from '~/ui/lazy-menu.tsx';
import { NAV_ITEMS, currentNavItem, isNavItemCurrent } from './nav-items.ts';

const sectionsMenu = menuModule(() => import('./sections-menu.tsx'));

/** The header's sections; below 960px they collapse into a menu labelled with the current section. */
export function MainNav() {
  const { pathname } = useLocation();
  const current = currentNavItem(pathname);
  return (
    <nav aria-label="主导航" className="h-full">
      <ul className="hidden h-full items-stretch gap-1 lg:flex">
        {NAV_ITEMS.map((item) => {
          const active = isNavItemCurrent(item, pathname);
          return (
            <li key={item.to} className="flex">
              <Link to={item.to} aria-current={active ? 'page' : undefined} className="nav-link">
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
      <div className="flex h-full items-center lg:hidden">
        <LazyMenu
          of={sectionsMenu}
          menuProps={{ pathname }}
          trigger={
            <button type="button" className="nav-menu">
              {current?.label ?? '导航'}
              <ChevronDown aria-hidden size={16} strokeWidth={1.75} />
            </button>
          }
        />
      </div>
    </nav>
  );
}
