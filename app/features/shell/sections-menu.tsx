import type { LazyMenuProps } from '~/ui/lazy-menu.tsx';
import { Menu, MenuContent, MenuLink, MenuTrigger } from '~/ui/menu.tsx';
import { NAV_ITEMS, isNavItemCurrent } from './nav-items.ts';

/** The header's sections as a menu below 960px, loaded on first use (main-nav.tsx). */
export default function SectionsMenu({ trigger, defaultOpen, pathname }: LazyMenuProps & { pathname: string }) {
  return (
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger asChild>{trigger}</MenuTrigger>
      <MenuContent align="start">
        {NAV_ITEMS.map((item) => (
          <MenuLink key={item.to} to={item.to} current={isNavItemCurrent(item, pathname)}>
            {item.label}
          </MenuLink>
        ))}
      </MenuContent>
    </Menu>
  );
}
