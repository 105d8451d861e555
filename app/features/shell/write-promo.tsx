import { Check } from '~/ui/icons.tsx';
import { Popover } from 'radix-ui';
import { useAuthModal } from '~/lib/auth-modal.ts';
import { Button } from '~/ui/button.tsx';
import type { LazyMenuProps } from '~/ui/lazy-menu.tsx';

const PROMO_BENEFITS = ['与超过 300 万开发者分享', '收获同行的点赞、评论与关注', '在个人主页沉淀你的技术积累'];

/** The signed-out 写文章 panel: the reasons to write and a way to sign in, loaded on first use (write-button.tsx). */
export default function WritePromo({ trigger, defaultOpen }: LazyMenuProps) {
  const { open } = useAuthModal();
  return (
    <Popover.Root defaultOpen={defaultOpen}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
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
