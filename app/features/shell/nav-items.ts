export interface NavItem {
  label: string;
  to: string;
  /** Path prefixes that make this item the current section. */
  sections: readonly string[];
}

/** The header's main navigation (SPEC §2.4); 首页 is current on /, the welcome and the timeline routes. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: '首页', to: '/', sections: ['/welcome', '/timeline'] },
  { label: '小册', to: '/books', sections: ['/books', '/book'] },
  { label: '开源库', to: '/repos', sections: ['/repos', '/repo'] },
  { label: '活动', to: '/events/all', sections: ['/events'] },
];

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

export function isNavItemCurrent(item: NavItem, pathname: string): boolean {
  return pathname === item.to || item.sections.some((prefix) => isUnder(pathname, prefix));
}

export function currentNavItem(pathname: string): NavItem | undefined {
  return NAV_ITEMS.find((item) => isNavItemCurrent(item, pathname));
}
