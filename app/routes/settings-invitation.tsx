import { InvitationForm } from '~/features/account/invitation-form.tsx';
import { SentInvitations } from '~/features/account/sent-invitations.tsx';
import { SettingsSection } from '~/features/account/settings-ui.tsx';
import { pageMeta } from '~/lib/meta.ts';
import { fromService, requireSignedIn } from '~/lib/route-guards.server.ts';
import { getAvailableInviteCount, listSentInvitations } from '@server/modules/account/account.service.ts';
import type { Route } from './+types/settings-invitation';

export async function loader({ context }: Route.LoaderArgs) {
  const viewer = requireSignedIn(context);
  const [{ count }, invitations] = await Promise.all([
    fromService(getAvailableInviteCount({ db: context.db, viewer }, viewer.id)),
    fromService(listSentInvitations({ db: context.db, viewer }, viewer.id)),
  ]);
  return { userId: viewer.id, count, invitations };
}

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, '邀请好友');

export default function SettingsInvitation({ loaderData }: Route.ComponentProps) {
  return (
    <SettingsSection title="邀请好友">
      <InvitationForm userId={loaderData.userId} initialCount={loaderData.count} />
      <SentInvitations invitations={loaderData.invitations} />
    </SettingsSection>
  );
}
