import { ChevronRight } from './icons.tsx';
import { DropdownMenu } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { Link } from 'react-router';

/** Dropdown menus in the house style, on radix's DropdownMenu (keyboard, focus, Esc). */
export const Menu = DropdownMenu.Root;
export const MenuTrigger = DropdownMenu.Trigger;

const panel =
  'z-50 min-w-40 rounded border border-line bg-card p-1 text-sm text-fg shadow-lg shadow-black/10 data-[state=open]:animate-[menu-in_150ms_ease-out] dark:shadow-black/40';
// Inset focus ring: an offset ring would spill out of the panel.
const itemBase =
  'flex h-9 cursor-pointer select-none items-center gap-2 rounded px-3 focus-visible:outline-offset-[-2px] data-[disabled]:opacity-50 data-[highlighted]:bg-page data-[highlighted]:text-brand';
const item = `${itemBase} text-fg-2`;

export function MenuContent({ className = '', ...props }: ComponentProps<typeof DropdownMenu.Content>) {
  return (
    <DropdownMenu.Portal>
      <DropdownMenu.Content sideOffset={6} collisionPadding={8} className={`${panel} ${className}`} {...props} />
    </DropdownMenu.Portal>
  );
}

export function MenuItem({ className = '', ...props }: ComponentProps<typeof DropdownMenu.Item>) {
  return <DropdownMenu.Item className={`${item} ${className}`} {...props} />;
}

/** A menu item that navigates; the active page is marked for screen readers. */
export function MenuLink({
  to,
  icon,
  children,
  current = false,
}: {
  to: string;
  icon?: ReactNode;
  children: ReactNode;
  current?: boolean;
}) {
  return (
    <DropdownMenu.Item asChild className={`${itemBase} ${current ? 'font-medium text-brand' : 'text-fg-2'}`}>
      <Link to={to} aria-current={current ? 'page' : undefined}>
        {icon}
        {children}
      </Link>
    </DropdownMenu.Item>
  );
}

export function MenuSeparator() {
  return <DropdownMenu.Separator className="my-1 h-px bg-line" />;
}

/** A nested submenu opened by hover, click, or the right arrow key. */
export function MenuSub({ label, icon, children }: { label: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger className={`${item} data-[state=open]:bg-page`}>
        {icon}
        {label}
        <ChevronRight aria-hidden size={16} strokeWidth={1.75} className="ml-auto" />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent sideOffset={4} collisionPadding={8} className={panel}>
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  );
}

export const MenuRadioGroup = DropdownMenu.RadioGroup;

export function MenuRadioItem({ className = '', children, ...props }: ComponentProps<typeof DropdownMenu.RadioItem>) {
  return (
    <DropdownMenu.RadioItem
      className={`${itemBase} text-fg-2 data-[state=checked]:font-medium data-[state=checked]:text-brand ${className}`}
      {...props}
    >
      {children}
    </DropdownMenu.RadioItem>
  );
}
