import { BookOpen, Check, ChevronDown, Link2, PenLine } from '~/ui/icons.tsx';
import { Popover } from 'radix-ui';
import { Link } from 'react-router';
import { useAuthModal } from '~/lib/auth-modal.ts';
import type { ViewerSummary } from '~/lib/root-data.ts';
import { Button, buttonClass } from '~/ui/button.tsx';
import { Menu, MenuContent, MenuLink, MenuTrigger } from '~/ui/menu.tsx';

const PROMO_BENEFITS = ['与超过 300 万开发者分享', '收获同行的点赞、评论与关注', '在个人主页沉淀你的技术积累'];

/**
 * 写文章 opens the editor, with a menu for sharing a link and (booklet authors) writing a
 * booklet. Signed-out visitors get a panel with the reasons to write and a way to sign in.
 */
export function WriteButton({ viewer }: { viewer: ViewerSummary | null }) {
  if (!viewer) return <WritePromo />;
  return (
    <div className="flex">
      <Link to="/editor/drafts/new" className={buttonClass('primary', 'sm', 'rounded-r-none')}>
        <PenLine aria-hidden size={16} strokeWidth={1.75} />
        写文章
      </Link>
      <Menu>
        <MenuTrigger
          aria-label="更多创作方式"
          className={buttonClass(
            'primary',
            'sm',
            'rounded-l-none border-l border-white/40 px-1.5 dark:border-black/30',
          )}
        >
          <ChevronDown aria-hidden size={16} strokeWidth={1.75} />
        </MenuTrigger>
        <MenuContent align="end">
          <MenuLink to="/new-entry" icon={<Link2 aria-hidden size={16} strokeWidth={1.75} />}>
            分享链接
          </MenuLink>
          {viewer.isXiaoceAuthor && (
            <MenuLink to="/editor/book/new/section" icon={<BookOpen aria-hidden size={16} strokeWidth={1.75} />}>
              写小册
            </MenuLink>
          )}
        </MenuContent>
      </Menu>
    </div>
  );
}

function WritePromo() {
  const { open } = useAuthModal();
  return (
    <Popover.Root>
      <Popover.Trigger className={buttonClass('primary', 'sm')}>
        <PenLine aria-hidden size={16} strokeWidth={1.75} />
        写文章
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          collisionPadding={8}
          className="z-50 w-72 rounded-lg border border-line bg-card p-5 text-fg shadow-lg shadow-black/10 data-[state=open]:animate-[menu-in_150ms_ease-out] dark:shadow-black/40"
        >
          <h2 className="font-semibold text-base">在这里写下你的技术文章</h2>
          <ul className="mt-3 space-y-2 text-fg-2">
            {PROMO_BENEFITS.map((benefit) => (
              <li key={benefit} className="flex items-start gap-2">
                <Check aria-hidden size={16} strokeWidth={1.75} className="mt-0.5 shrink-0 text-brand" />
                {benefit}
              </li>
            ))}
          </ul>
          <Popover.Close asChild>
            <Button size="md" className="mt-4 w-full" onClick={() => open('login')}>
              登录后写文章
            </Button>
          </Popover.Close>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
