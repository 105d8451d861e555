import { Link } from 'react-router';
import { useAuthModal } from '~/lib/auth-modal.ts';
import { buttonClass } from '~/ui/button.tsx';
import type { InvitationPageData } from './invitation.server.ts';

/** The invitation page's body: who invites, and the way in (registering links the new account to them). */
export function InvitationWelcome({ data, siteName }: { data: InvitationPageData; siteName: string }) {
  const { open } = useAuthModal();
  if (!data.ok) {
    return (
      <>
        <h1 className="font-semibold text-fg text-lg">{data.message}</h1>
        <p className="mt-2 text-fg-2">你仍然可以直接注册{siteName}。</p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          去首页看看
        </Link>
      </>
    );
  }
  return (
    <>
      <h1 className="font-semibold text-fg text-lg">
        {data.senderName} 邀请你加入{siteName}
      </h1>
      <p className="mt-2 text-fg-2">
        {data.receiverName}，你好！这里是面向开发者的中文技术社区：文章、沸点、小册和活动，都在这里。
      </p>
      {data.signedIn ? (
        <p className="mt-6 text-fg-3 text-sm">你已登录，邀请只对新注册的账号有效。</p>
      ) : (
        <button type="button" className={buttonClass('primary', 'md', 'mt-6')} onClick={() => open('register')}>
          接受邀请并注册
        </button>
      )}
    </>
  );
}
