import { InvitationWelcome } from '~/features/account/invitation-welcome.tsx';
import { loadInvitationPage } from '~/features/account/invitation.server.ts';
import { pageMeta } from '~/lib/meta.ts';
import { useRootData } from '~/lib/root-data.ts';
import { PageContainer } from '~/ui/page-layout.tsx';
import type { Route } from './+types/invite';
import { PRIVATE_NO_STORE } from '@core/cache-control.ts';

/** /invite?token=…: the link of an invitation mail (SPEC §7.7). */
export function loader({ request, context }: Route.LoaderArgs) {
  return loadInvitationPage(context, new URL(request.url).searchParams.get('token'));
}

/** Personal, and it sets the invitation cookie: never kept by a shared cache. */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const headers = new Headers({ 'Cache-Control': PRIVATE_NO_STORE });
  const cookie = loaderHeaders.get('Set-Cookie');
  if (cookie) headers.set('Set-Cookie', cookie);
  return headers;
};

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, '邀请'),
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function InvitePage({ loaderData }: Route.ComponentProps) {
  const siteName = useRootData()?.siteName ?? '金砂';
  return (
    <PageContainer>
      <section className="mx-auto mt-6 flex w-full max-w-[440px] flex-col items-center rounded-lg bg-card p-8 text-center sm:mt-10">
        <InvitationWelcome data={loaderData} siteName={siteName} />
      </section>
    </PageContainer>
  );
}
