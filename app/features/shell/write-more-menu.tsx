import { BookOpen, Link2 } from '~/ui/icons.tsx';
import type { LazyMenuProps } from '~/ui/lazy-menu.tsx';
import { Menu, MenuContent, MenuLink, MenuTrigger } from '~/ui/menu.tsx';

/** 写文章's other ways to write, loaded on first use (write-button.tsx). */
export default function WriteMoreMenu({
  trigger,
  defaultOpen,
  isXiaoceAuthor,
}: LazyMenuProps & { isXiaoceAuthor: boolean }) {
  return (
    <Menu defaultOpen={defaultOpen}>
      <MenuTrigger asChild>{trigger}</MenuTrigger>
      <MenuContent align="end">
        <MenuLink to="/new-entry" icon={<Link2 aria-hidden size={16} strokeWidth={1.75} />}>
          分享链接
        </MenuLink>
        {isXiaoceAuthor && (
          <MenuLink to="/editor/book/new/section" icon={<BookOpen aria-hidden size={16} strokeWidth={1.75} />}>
            写小册
          </MenuLink>
        )}
      </MenuContent>
    </Menu>
  );
}
